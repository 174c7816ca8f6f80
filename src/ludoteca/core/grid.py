"""Shared board geometry: square and hex neighbours, connected groups.

Games index cells however suits them; these helpers take the neighbour relation as data or as a
function so one flood fill serves square grids, hex boards and card rows alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def square_neighbours(
    row: int, col: int, rows: int, cols: int, diagonal: bool = False
) -> list[tuple[int, int]]:
    """Squares sharing a side (and, with `diagonal`, a corner) with (row, col), inside the grid."""
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return [
        (row + dr, col + dc)
        for dr, dc in steps
        if 0 <= row + dr < rows and 0 <= col + dc < cols
    ]


def square_neighbour_table(rows: int, cols: int, diagonal: bool = False) -> list[tuple[int, ...]]:
    """For every cell index `row * cols + col`, the indices of its neighbours (for hot paths)."""
    return [
        tuple(r * cols + c for r, c in square_neighbours(i // cols, i % cols, rows, cols, diagonal))
        for i in range(rows * cols)
    ]


def hex_row_neighbours(row: int, col: int, row_lengths: list[int]) -> list[tuple[int, int]]:
    """Neighbours on a board of horizontal hex rows where even rows are shifted half a hex right.

    This is the layout of Blue Lagoon's boards (short even rows between long odd rows); only cells
    that exist (`0 <= col < row_lengths[row]`) are returned.
    """
    if row % 2 == 0:
        candidates = [(row, col - 1), (row, col + 1), (row - 1, col), (row - 1, col + 1),
                      (row + 1, col), (row + 1, col + 1)]
    else:
        candidates = [(row, col - 1), (row, col + 1), (row - 1, col - 1), (row - 1, col),
                      (row + 1, col - 1), (row + 1, col)]
    return [
        (r, c) for r, c in candidates if 0 <= r < len(row_lengths) and 0 <= c < row_lengths[r]
    ]


Cell = TypeVar("Cell", bound=Hashable)  # a square, a hex, an index: whatever a board counts in


def connected_groups(
    cells: Iterable[Cell],
    neighbours: Callable[[Cell], Iterable[Cell]],
) -> list[set[Cell]]:
    """Split `cells` into maximal groups connected through `neighbours` (only within `cells`).

    Groups come out in the order their first cell appears in `cells`, so results are deterministic.
    """
    ordered = list(dict.fromkeys(cells))
    members = set(ordered)  # the cells not yet in a group
    groups: list[set[Cell]] = []
    for start in ordered:
        if start not in members:
            continue
        # group_of's flood, taking each cell out of `members` as it is reached: a final scoring
        # floods every group of a board, and a filtering generator per cell would cost a third more
        members.discard(start)
        group, frontier = {start}, [start]
        while frontier:
            for other in neighbours(frontier.pop()):
                if other in members:
                    members.discard(other)
                    group.add(other)
                    frontier.append(other)
        groups.append(group)
    return groups


def group_of(start: Cell, neighbours: Callable[[Cell], Iterable[Cell]]) -> set[Cell]:
    """The group reached from `start` through `neighbours` (which yields only cells of the group).

    Growing one group is enough when only the group of a new piece matters; it never scans the
    rest of the board.
    """
    group = {start}
    frontier = [start]
    while frontier:
        for other in neighbours(frontier.pop()):
            if other not in group:
                group.add(other)
                frontier.append(other)
    return group
