"""Pure Bloom Town scoring (spec §8.1, §8.2) on one town: a list of 25 tile codes, -1 = empty."""

from __future__ import annotations

from ludoteca.core.grid import connected_groups

from .components import (
    CELLS,
    COLS,
    DIAGONAL,
    HOME,
    OFFICE,
    ORTHOGONAL,
    PARK,
    SHOP_ROOF,
    SUBWAY,
    TILE_TYPE,
)

# Park points by group size after placement; groups of 4 or more score 0 [rulebook].
PARK_POINTS = (0, 1, 3, 4)
# Types whose rescoring value is 2 per tile, whatever their layout [rulebook].
PER_TILE_RESCORE = frozenset({OFFICE, SUBWAY, PARK})


def placement_points(town: list[int], cell: int) -> int:
    """Points *P* of the tile at `cell`, on the town as it is now (the tile already placed)."""
    kind = TILE_TYPE[town[cell]]
    if kind == OFFICE:
        return office_points(town, cell)
    if kind == SUBWAY:
        return len(_group(town, cell, DIAGONAL))
    if kind == PARK:
        size = len(_group(town, cell, ORTHOGONAL))
        return PARK_POINTS[size] if size < len(PARK_POINTS) else 0
    if kind == HOME:
        return home_points(town, cell)
    return shop_points(town, cell)


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


def home_points(town: list[int], cell: int) -> int:
    """1 + the number of different building types on the orthogonal neighbours."""
    return 1 + len(_neighbour_types(town, cell))


def shop_points(town: list[int], cell: int) -> int:
    """1 + how many of the shop's two roof types occur among its orthogonal neighbours."""
    return 1 + len(SHOP_ROOF[town[cell]] & _neighbour_types(town, cell))


def rescore_value(town: list[int], kind: int) -> int:
    """What a community scoring or the final hand scoring of type `kind` gives this town."""
    cells = [c for c in range(CELLS) if _is(town, c, kind)]
    if kind in PER_TILE_RESCORE:
        return 2 * len(cells)
    formula = home_points if kind == HOME else shop_points
    return sum(formula(town, c) for c in cells)


def _is(town: list[int], cell: int, kind: int) -> bool:
    tile = town[cell]
    return tile >= 0 and TILE_TYPE[tile] == kind


def _neighbour_types(town: list[int], cell: int) -> set[int]:
    return {TILE_TYPE[town[n]] for n in ORTHOGONAL[cell] if town[n] >= 0}


def _group(town: list[int], cell: int, links: tuple[tuple[int, ...], ...]) -> set[int]:
    """The group of same-type tiles linked to `cell` through `links` (orthogonal or corner)."""
    kind = TILE_TYPE[town[cell]]
    cells = [cell] + [c for c in range(CELLS) if c != cell and _is(town, c, kind)]
    return connected_groups(cells, links.__getitem__)[0]

