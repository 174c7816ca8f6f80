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
    buffer = layout.blank.copy()
    # every token and piece on the map in one look-up: (tile, value) -> its slot, or the spare
    # last slot for "nothing there", which is cut off below
    values = np.fromiter(state.tokens + state.cells, np.intp, layout.values)
    buffer[layout.slot_of[layout.rows + values]] = 1.0
    settlers, tail = settler_allowance(n), []
    for seat in layout.seats:
        tail.append(state.settlers[seat] / settlers)
        tail.append(state.villages[seat] / VILLAGES)
        tail.extend(count / limit for count, limit in zip(state.counts[seat], TOKEN_LIMITS, strict=True))
        tail.append(state.totals[seat] / _BANKED_SCALE)
    tail.extend((state.phase == "E", state.phase != "E", state.is_over))
    buffer[layout.tail:-1] = tail
    return buffer[:-1]


@dataclass(frozen=True)
class _Layout:
    """What one map, player count and observing seat fix: the land and stone-circle planes
    already drawn (`blank`, one spare slot longer than the observation), and where each token
    and piece is drawn.

    In `observe`, the tokens and then the cells (each EMPTY, -1, or a value from 0) are added to
    `rows` (`position × width + 1`) to index `slot_of`, the slot of that value at that tile in
    its plane, or the spare last slot when the tile holds nothing; the numbers after the planes
    start at `tail`."""

    blank: np.ndarray
    seats: list[int]
    values: int
    rows: np.ndarray
    slot_of: np.ndarray
    tail: int


@cache
def _layout(geo: str, num_players: int, player: int) -> _Layout:
    place, static = _map_planes(geo)
    plane = len(static) // 2
    seats = seats_from(player, num_players)
    tail = len(static) + (_KINDS + 2 * num_players) * plane
    size = tail + num_players * (2 + _KINDS + 1) + 3
    blank = np.zeros(size + 1, dtype=np.float32)
    blank[:len(static)] = static
    token_planes = [len(static) + kind * plane for kind in range(_KINDS)]
    piece_planes = [0] * (2 * num_players)
    for order, seat in enumerate(seats):
        for piece in range(2):  # a cell holds 2 × seat for a settler, 2 × seat + 1 for a village
            piece_planes[2 * seat + piece] = len(static) + (_KINDS + 2 * order + piece) * plane
    width = 1 + max(_KINDS, 2 * num_players)  # EMPTY, then the values
    slot_of = np.full((2 * len(place), width), size, dtype=np.intp)  # default: the spare slot
    for planes, first in ((token_planes, 0), (piece_planes, len(place))):
        for value, start in enumerate(planes):
            slot_of[first:first + len(place), 1 + value] = start + place
    rows = np.arange(2 * len(place), dtype=np.intp) * width + 1
    return _Layout(blank, seats, 2 * len(place), rows, slot_of.ravel(), tail)


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
