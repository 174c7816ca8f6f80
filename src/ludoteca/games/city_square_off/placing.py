"""Every legal placement of a shape in a city, found fast enough for search (spec §4.1, §8.3).

The bit-parallel search of the catalogue's shapes (see `components.Shape`), laid out for the hot
path: per piece and per rule set (City Expansion or not) a flat tuple of (anchors where the shape
lies, positions of its cells among the piece's offsets, action by anchor bit length), so that a
search does no attribute look-ups, no conditionals and no dictionary probes per orientation.
Answers are memoised by value (legality depends only on the covered squares): a round's start
asks whether each seat can place, the seat's legal list then reuses that answer.
"""

from __future__ import annotations

from functools import cache

from .components import Catalogue, catalogue
from .notation import Place

MEMO_LIMIT = 2_000  # cities remembered per piece and rule set (a few MB in all); then emptied

_Orientation = tuple[int, tuple[int, ...], list]  # (anchors, cells, action by bit length)


class Placer:
    """Legal placements of every piece, from precomputed per-orientation masks and shifts."""

    def __init__(self, shapes: Catalogue) -> None:
        self._beside = shapes.beside
        self._room = {False: shapes.grid_mask, True: shapes.plane_mask}
        plane_bits = shapes.geometry.plane ** 2
        self._top_bit = [0] + [1 << index for index in range(plane_bits)]  # by bit length
        self._tables: dict[tuple[str, bool], tuple[tuple[int, ...], tuple[_Orientation, ...]]] = {}
        self._memo: dict[tuple[str, bool], dict[int, tuple[Place, ...]]] = {}
        for piece, piece_shapes in shapes.shapes.items():
            for expansion in (False, True):
                orientations = []
                for shape in reversed(piece_shapes.shapes):  # read last to first, see `_search`
                    by_length: list[Place | None] = [None] * (plane_bits + 1)
                    for length, action in shape.actions.items():
                        by_length[length] = action
                    anchors = shape.on_plane if expansion else shape.on_grid
                    orientations.append((anchors, shape.cells, by_length))
                self._tables[piece, expansion] = (piece_shapes.offsets, tuple(orientations))
                self._memo[piece, expansion] = {}

    def placements(self, covered: int, piece: str, expansion: bool) -> tuple[Place, ...]:
        """The legal placements of `piece` in a city with these covered squares, canonical order."""
        memo = self._memo[piece, expansion]
        found = memo.get(covered)
        if found is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            found = memo[covered] = self._search(covered, piece, expansion)
        return found

    def _search(self, covered: int, piece: str, expansion: bool) -> tuple[Place, ...]:
        """An anchor fits where every shifted cell is free, and touches where some shifted cell
        is beside a covered square. Anchors are read from the highest bit down, orientations last
        to first (a bit length and one xor per anchor is the cheapest way Python has), and the
        list is reversed once into canonical order (piece, orientation, row, column)."""
        free = self._room[expansion] & ~covered
        beside = self._beside(covered) & free
        offsets, orientations = self._tables[piece, expansion]
        free_at = [free >> offset for offset in offsets]
        beside_at = [beside >> offset for offset in offsets]
        found: list[Place] = []
        append = found.append
        bit_length = int.bit_length
        top_bit = self._top_bit
        for anchors, cells, by_length in orientations:
            touches = 0
            for cell in cells:
                anchors &= free_at[cell]
                touches |= beside_at[cell]
            anchors &= touches
            while anchors:
                length = bit_length(anchors)
                append(by_length[length])
                anchors ^= top_bit[length]
        found.reverse()
        return tuple(found)


@cache
def placer() -> Placer:
    return Placer(catalogue())
