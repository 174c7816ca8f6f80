"""The observation vector of a seat (everything in Blue Lagoon is public), for learning agents.

Layout (float32, see docs/games/blue-lagoon.md): `H × H` planes over the map's rows and columns
(H = the map's height; short rows leave their last column empty), seat order starting with the
observing seat:
  land, stone circle, one plane per token kind (C B W P S), then per seat: settlers, villages;
then per seat: settlers and villages still in hand (as shares of the allowance), tokens of each
kind collected (as shares of that kind's count), points banked in earlier phases (/ 200);
then the phase (exploration, settlement) and whether the game is over.

Speed: an observation is asked for at every step of a learning loop, so it costs a copy of the
drawn map, one table look-up and one fancy assignment for every token and piece, and one `struct`
call that writes the numbers after the planes straight into the vector's bytes. numpy's cost is
mostly per call (a microsecond or more each, several when the engine ran in between and the
caches are cold) and it turns Python ints into an array one by one, so the tokens and cells go
into numpy as bytes packed by `struct` in a single C call. Tokens only ever lie on the 32 stone
circles (a deal puts them there, a position with one elsewhere is refused), so only the circles'
tokens are read.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache
from operator import itemgetter, truediv
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
    layout = _layout(state.geo, state.num_players, player)
    buffer = layout.blank.copy()
    # every token and piece in one look-up: (position, value) -> its slot (see `_Layout`)
    values = layout.packed_tokens.pack(*layout.circle_tokens(state.tokens)) \
        + layout.packed_cells.pack(*state.cells)
    buffer[layout.slot_of[layout.rows + np.frombuffer(values, np.intp)]] = 1.0
    settlers, villages, counts, totals = state.settlers, state.villages, state.counts, state.totals
    numbers: list[int] = []
    for seat in layout.seats:
        numbers += (settlers[seat], villages[seat], *counts[seat], totals[seat])
    phase = state.phase
    # `is_over` last, as in the reference encoder: asking it may settle a pending phase end.
    # (numpy's type stubs declare arrays buffers only from Python 3.12 on.)
    layout.packed_tail.pack_into(buffer, layout.tail,  # type: ignore[arg-type]
                                 *map(truediv, numbers, layout.scales),
                                 phase == "E", phase != "E", state.is_over)
    return buffer


@dataclass(frozen=True, slots=True)
class _Layout:
    """What one map, player count and observing seat fix: the land and stone-circle planes
    already drawn (`blank`), how to read and pack the circles' tokens and the cells, and where
    each of their values is drawn.

    In `observe`, the circles' tokens and then the cells (each EMPTY, -1, or a value from 0)
    are added to `rows` (`position × width + 1`) to index `slot_of`, the slot of that value at
    that position in its plane. "Nothing there" is drawn on the first land tile of the land
    plane, which holds 1 already, so that every position takes part in the one assignment. The
    numbers after the planes are divided by `scales` (settlers, villages, token kinds, banked
    points, seat after seat) and packed from byte `tail` on."""

    blank: np.ndarray
    circle_tokens: itemgetter
    packed_tokens: struct.Struct
    packed_cells: struct.Struct
    rows: np.ndarray
    slot_of: np.ndarray
    seats: list[int]
    scales: list[int | float]
    tail: int
    packed_tail: struct.Struct


@cache
def _layout(geo: str, num_players: int, player: int) -> _Layout:
    place, static = _map_planes(geo)
    plane = len(static) // 2
    circles = list(board(geo).stones)
    seats = seats_from(player, num_players)
    tail = len(static) + (_KINDS + 2 * num_players) * plane
    blank = np.zeros(tail + num_players * (2 + _KINDS + 1) + 3, dtype=np.float32)
    blank[:len(static)] = static
    token_planes = [len(static) + kind * plane for kind in range(_KINDS)]
    piece_planes = [0] * (2 * num_players)
    for order, seat in enumerate(seats):
        for piece in range(2):  # a cell holds 2 × seat for a settler, 2 × seat + 1 for a village
            piece_planes[2 * seat + piece] = len(static) + (_KINDS + 2 * order + piece) * plane
    width = 1 + max(_KINDS, 2 * num_players)  # EMPTY, then the values
    slot_of = np.full((len(circles) + len(place), width), np.flatnonzero(static)[0], dtype=np.intp)
    for value, start in enumerate(token_planes):
        slot_of[:len(circles), 1 + value] = start + place[circles]
    for value, start in enumerate(piece_planes):
        slot_of[len(circles):, 1 + value] = start + place
    return _Layout(
        blank=blank,
        circle_tokens=itemgetter(*circles),
        packed_tokens=struct.Struct(f"{len(circles)}n"),
        packed_cells=struct.Struct(f"{len(place)}n"),
        rows=np.arange(len(slot_of), dtype=np.intp) * width + 1,
        slot_of=slot_of.ravel(),
        seats=seats,
        scales=[settler_allowance(num_players), VILLAGES, *TOKEN_LIMITS, _BANKED_SCALE] * num_players,
        tail=tail * blank.itemsize,
        packed_tail=struct.Struct(f"{len(blank) - tail}f"),
    )


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
