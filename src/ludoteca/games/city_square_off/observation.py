"""The observation vector of a seat, for learning agents: both cities, the card, the seat's own
pending placement, and never the other seat's pending one (it is secret until the round resolves).

Layout (float32, see docs/games/city-square-off.md), the observing seat first. `P` is the 17×17
plane of the bitmasks (the 9×9 grid with a 4-square margin, for City Expansion's overhang), row by
row; `K` is the number of pieces (21 tiles, then the starters, in `shapes.json` order):
  per seat: covered squares (P), pieces placed (K), uncovered grid squares (/ 81),
            overhanging squares (/ 81), stuck (City Sprint), placement submitted this round;
  the observing seat's own pending placement (P); the current shape card (K, one-hot);
  the cards revealed so far (K); the starter phase; whether the observing seat owes a move.

All slots but the four counts are zeros and ones, and the state already keeps its planes as
bitmasks: so the encoder sets every such slot as one bit of a single int (bit k is slot k),
unpacks that int into the vector with one numpy call and writes the four counts over it. The
research API observes at every step, and each numpy call costs about a microsecond on arrays this
small, where shifting and or-ing ints of a thousand bits costs a fraction of that.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder

from .components import Footprint, catalogue
from .notation import Placement

if TYPE_CHECKING:
    from .rules import CitySquareOffState


@dataclass(frozen=True)
class _Layout:
    """Where the blocks start, and the catalogue tables the encoder reads: looked up once."""

    plane: int  # P
    pieces: int  # K
    seat: int  # a seat's block: plane, pieces, the two counts, stuck, submitted
    counts: int  # where the two counts start in a seat's block (stuck and submitted follow)
    own: int  # where the observing seat's pending placement starts
    cards: int  # where the current card starts (the cards revealed follow)
    size: int
    grid: int  # squares on the grid, the scale of the counts
    grid_mask: int
    order: dict[str, int]  # piece id → its slot among the K
    footprints: dict[Placement, Footprint]


@cache
def _layout() -> _Layout:
    shapes = catalogue()
    geometry = shapes.geometry
    plane, pieces = geometry.plane ** 2, len(shapes.piece_order)
    seat = plane + pieces + 4
    return _Layout(
        plane=plane,
        pieces=pieces,
        seat=seat,
        counts=plane + pieces,
        own=2 * seat,
        cards=2 * seat + plane,
        size=2 * seat + plane + 2 * pieces + 2,
        grid=geometry.rows * geometry.cols,
        grid_mask=shapes.grid_mask,
        order=shapes.piece_order,
        footprints=shapes.footprints,
    )


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    return _layout().size


def observe(state: CitySquareOffState, player: int) -> np.ndarray:
    layout = _layout()
    seat, size, flags = layout.seat, layout.size, layout.counts + 2
    other = 1 - player
    pending, stuck = state.pending, state.stuck
    own = pending[player]
    mine, my_counts = _city(layout, state.covered[player], state.placed[player])
    theirs, their_counts = _city(layout, state.covered[other], state.placed[other])
    bits = (
        mine
        | (stuck[player] | (own is not None) << 1) << flags
        | theirs << seat
        | (stuck[other] | (pending[other] is not None) << 1) << seat + flags
        | (0 if own is None else layout.footprints[own].mask) << layout.own
        | _cards(layout, state.current_card, state.revealed) << layout.cards
        | state.in_starter_phase << size - 2
        | (player in state.to_move) << size - 1
    )
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), np.uint8)
    out = np.unpackbits(raw, None, size, "little").astype(np.float32)  # positional: faster
    counts = layout.counts
    out[counts], out[counts + 1] = my_counts
    out[seat + counts], out[seat + counts + 1] = their_counts
    return out


_City = tuple[int, tuple[float, float]]
_CITIES: dict[int, tuple[list[tuple], _City]] = {}
_CITIES_LIMIT = 4096


def _city(layout: _Layout, covered: int, placed: list[tuple]) -> _City:
    """A seat's covered squares and pieces placed as the bits of its block, and its two counts.

    They follow from the placement list alone, which changes only when the seat places a shape:
    they are kept under the covered mask (an int, quick to hash) with a copy of the list, which
    must equal the seat's for them to be reused (the lists share their tuples: a quick check)."""
    kept = _CITIES.get(covered)
    if kept is not None and kept[0] == placed:
        return kept[1]
    order = layout.order
    pieces = 0
    for entry in placed:  # a seat places each piece at most once: a set of slots
        pieces |= 1 << order[entry[0]]
    grid, grid_mask = layout.grid, layout.grid_mask
    city = covered | pieces << layout.plane, (
        (grid_mask & ~covered).bit_count() / grid,  # uncovered grid squares
        (covered & ~grid_mask).bit_count() / grid,  # overhanging squares
    )
    if len(_CITIES) >= _CITIES_LIMIT:
        _CITIES.clear()
    _CITIES[covered] = list(placed), city
    return city


def _cards(layout: _Layout, card: str | None, revealed: list[str]) -> int:
    """The current card (one-hot) and the cards revealed so far (each is revealed once), as the
    bits of their two blocks."""
    order = layout.order
    shown = 0
    for piece in revealed:
        shown |= 1 << order[piece]
    return (0 if card is None else 1 << order[card]) | shown << layout.pieces


ENCODER = Encoder(observation_size, observe)
