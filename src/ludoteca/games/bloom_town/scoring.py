"""Pure Bloom Town scoring (spec §8.1, §8.2) on one town: a list of 25 tile codes, -1 = empty."""

from __future__ import annotations

from ludoteca.core.grid import group_of

from .components import (
    CELLS,
    COLS,
    DIAGONAL,
    HOME,
    OFFICE,
    ORTHOGONAL,
    PARK,
    SHOP,
    SHOP_ROOF,
    SUBWAY,
    TILE_TYPE,
)

# Park points by group size after placement; groups of 4 or more score 0 [rulebook].
PARK_POINTS = (0, 1, 3, 4)
# Types whose rescoring value is 2 per tile, whatever their layout [rulebook].
PER_TILE_RESCORE = frozenset({OFFICE, SUBWAY, PARK})
# The one tile code of each per-tile type (plain types have a single tile code), for `list.count`.
PER_TILE_CODE = {kind: TILE_TYPE.index(kind) for kind in PER_TILE_RESCORE}
# Type of a square's content: indexed by tile code, and by -1 (an empty square), which gives -1.
SQUARE_TYPE = TILE_TYPE + (-1,)


def placement_points(town: list[int], cell: int) -> int:
    """Points *P* of the tile at `cell`, on the town as it is now (the tile already placed)."""
    return _FORMULAS[TILE_TYPE[town[cell]]](town, cell)


def office_points(town: list[int], cell: int) -> int:
    """1 + the unbroken runs of offices left, right, above and below the office at `cell`."""
    row, col = divmod(cell, COLS)
    total = 1
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        r, c = row + dr, col + dc
        while 0 <= r < CELLS // COLS and 0 <= c < COLS and _is(town, r * COLS + c, OFFICE):
            total += 1
            r, c = r + dr, c + dc
    return total


def subway_points(town: list[int], cell: int) -> int:
    """The size of the subway's corner-connected group (it may turn; spec §8.1, W2)."""
    return len(_group(town, cell, DIAGONAL))


def park_points(town: list[int], cell: int) -> int:
    """Points by the size of the park's orthogonal group after placement."""
    size = len(_group(town, cell, ORTHOGONAL))
    return PARK_POINTS[size] if size < len(PARK_POINTS) else 0


def home_points(town: list[int], cell: int) -> int:
    """1 + the number of different building types on the orthogonal neighbours."""
    return 1 + len(_neighbour_types(town, cell))


def shop_points(town: list[int], cell: int) -> int:
    """1 + how many of the shop's two roof types occur among its orthogonal neighbours."""
    return 1 + len(SHOP_ROOF[town[cell]] & _neighbour_types(town, cell))


_FORMULAS = {
    OFFICE: office_points, SUBWAY: subway_points, PARK: park_points, HOME: home_points, SHOP: shop_points,
}


def rescore_value(town: list[int], kind: int) -> int:
    """What a community scoring or the final hand scoring of type `kind` gives this town."""
    if kind in PER_TILE_RESCORE:
        return 2 * town.count(PER_TILE_CODE[kind])
    formula = home_points if kind == HOME else shop_points
    return sum(formula(town, c) for c in _cells(town, kind))


def _is(town: list[int], cell: int, kind: int) -> bool:
    return SQUARE_TYPE[town[cell]] == kind


def _cells(town: list[int], kind: int) -> list[int]:
    """The squares holding a tile of type `kind`, in reading order."""
    types = SQUARE_TYPE
    return [c for c, t in enumerate(town) if types[t] == kind]


def _neighbour_types(town: list[int], cell: int) -> set[int]:
    types = {SQUARE_TYPE[town[n]] for n in ORTHOGONAL[cell]}
    types.discard(-1)
    return types


def _group(town: list[int], cell: int, links: tuple[tuple[int, ...], ...]) -> set[int]:
    """The group of same-type tiles linked to `cell` through `links` (orthogonal or corner).

    A flood fill from `cell` alone: only the new tile's own group scores, so the rest of the town
    is never scanned (splitting every tile of the type into groups cost a tenth of a playout).
    """
    types = SQUARE_TYPE
    kind = types[town[cell]]
    return group_of(cell, lambda at: (other for other in links[at] if types[town[other]] == kind))
