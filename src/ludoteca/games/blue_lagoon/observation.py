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

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder, seats_from

from .components import TOKEN_LETTERS, TOKEN_LIMITS, VILLAGES, board, map_board, settler_allowance

if TYPE_CHECKING:
    from .rules import BlueLagoonState

_KINDS = len(TOKEN_LETTERS)
_BANKED_SCALE = 200.0


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    side = map_board(options["map"]).height
    planes = 2 + _KINDS + 2 * num_players
    return planes * side * side + num_players * (2 + _KINDS + 1) + 3


def observe(state: BlueLagoonState, player: int) -> np.ndarray:
    n = state.num_players
    layout = _layout(state.geo, n, player)
    out = layout.blank.copy()
    # every token and piece on the map in one pass: value -> its plane, tile -> its slot there
    values = np.array(state.tokens + state.cells)
    values[layout.tiles:] += layout.cell_shift
    planes = layout.plane_at[values]
    placed = planes >= 0
    out[planes[placed] + layout.slots[placed]] = 1.0
    settlers, tail = settler_allowance(n), []
    for seat in layout.seats:
        tail.append(state.settlers[seat] / settlers)
        tail.append(state.villages[seat] / VILLAGES)
        tail.extend(count / limit for count, limit in zip(state.counts[seat], TOKEN_LIMITS, strict=True))
        tail.append(state.totals[seat] / _BANKED_SCALE)
    tail.extend((state.phase == "E", state.phase != "E", state.is_over))
    out[layout.tail:] = tail
    return out


@dataclass(frozen=True)
class _Layout:
    """What one map, player count and observing seat fix: the land and stone-circle planes
    already drawn (`blank`), and where each token kind and each seat's pieces are drawn.

    In `observe`, the tokens and then the cells (shifted up by `cell_shift`) index `plane_at`,
    the first slot of the value's plane (-1: nothing there); `slots` is each tile's place in
    its plane, and the numbers after the planes start at `tail`."""

    blank: np.ndarray
    seats: list[int]
    tiles: int
    cell_shift: int
    plane_at: np.ndarray
    slots: np.ndarray
    tail: int


@cache
def _layout(geo: str, num_players: int, player: int) -> _Layout:
    place, static = _map_planes(geo)
    plane = len(static) // 2
    seats = seats_from(player, num_players)
    tail = len(static) + (_KINDS + 2 * num_players) * plane
    blank = np.zeros(tail + num_players * (2 + _KINDS + 1) + 3, dtype=np.float32)
    blank[:len(static)] = static
    token_planes = [len(static) + kind * plane for kind in range(_KINDS)]
    piece_planes = [0] * (2 * num_players)
    for order, seat in enumerate(seats):
        for piece in range(2):  # a cell holds 2 × seat for a settler, 2 × seat + 1 for a village
            piece_planes[2 * seat + piece] = len(static) + (_KINDS + 2 * order + piece) * plane
    # a token is EMPTY (-1) or a kind; a cell, shifted up by `_KINDS + 1`, is `_KINDS` when
    # EMPTY or above it; the final -1 is where an EMPTY token's index -1 lands
    plane_at = np.asarray([*token_planes, -1, *piece_planes, -1])
    return _Layout(blank, seats, len(place), _KINDS + 1, plane_at, np.concatenate([place, place]), tail)


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


ENCODER = Encoder(observation_size, observe)
