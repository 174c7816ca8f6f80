"""The observation vector of a seat (everything in Blue Lagoon is public), for learning agents.

Layout (float32, see docs/games/blue-lagoon.md): `H × H` planes over the map's rows and columns
(H = the map's height; short rows leave their last column empty), seat order starting with the
observing seat:
  land, stone circle, one plane per token kind (C B W P S), then per seat: settlers, villages;
then per seat: settlers and villages still in hand (as shares of the allowance), tokens of each
kind collected (as shares of that kind's count), points banked in earlier phases (/ 200);
then the phase (exploration, settlement) and whether the game is over.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Features, seats_from
from ludoteca.games.blue_lagoon.components import (
    TOKEN_LETTERS,
    TOKEN_LIMITS,
    VILLAGES,
    board,
    map_board,
    settler_allowance,
)

if TYPE_CHECKING:
    from ludoteca.games.blue_lagoon.rules import BlueLagoonState

_KINDS = len(TOKEN_LETTERS)
_BANKED_SCALE = 200.0


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    side = map_board(options["map"]).height
    planes = 2 + _KINDS + 2 * num_players
    return planes * side * side + num_players * (2 + _KINDS + 1) + 3


def observe(state: BlueLagoonState, player: int) -> np.ndarray:
    n = state.num_players
    place, static = _map_planes(state.geo)
    plane = len(static) // 2
    out = Features(observation_size(n, state.options))
    out.array[:len(static)] = static
    out.skip(len(static))
    _write_planes(out, place, np.asarray(state.tokens), range(_KINDS), plane)
    cells = np.asarray(state.cells)
    seats = seats_from(player, n)
    _write_planes(out, place, cells, [code for seat in seats for code in (2 * seat, 2 * seat + 1)], plane)
    settlers = settler_allowance(n)
    for seat in seats:
        out.scalar(state.settlers[seat], settlers)
        out.scalar(state.villages[seat], VILLAGES)
        out.scalars(state.counts[seat])
        out.array[out.at - _KINDS:out.at] /= _LIMITS
        out.scalar(state.totals[seat], _BANKED_SCALE)
    out.one_hot(0 if state.phase == "E" else 1, 2)
    out.scalar(1.0 if state.is_over else 0.0)
    return out.done()


def _write_planes(out: Features, place: np.ndarray, values: np.ndarray, codes, plane: int) -> None:
    """One plane per code: 1 where a tile's value equals the code."""
    for code in codes:
        out.array[out.at + place[values == code]] = 1.0
        out.skip(plane)


_LIMITS = np.asarray(TOKEN_LIMITS, dtype=np.float32)


@cache
def _map_planes(geo: str) -> tuple[np.ndarray, np.ndarray]:
    """Per map: each tile's slot in an H × H plane, and the land and stone-circle planes."""
    b = board(geo)
    side = b.height
    place = np.asarray([r * side + c for r, c in b.coords])
    static = np.zeros(2 * side * side, dtype=np.float32)
    static[place[np.asarray(b.is_land)]] = 1.0
    static[side * side + place[list(b.stones)]] = 1.0
    return place, static


