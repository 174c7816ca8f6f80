"""How a finished City Square Off game is decided (spec §8): pure functions on square sets."""

from __future__ import annotations

from ludoteca.core.grid import connected_groups, square_neighbours


def open_regions(open_squares: list[tuple[int, int]], rows: int = 9, cols: int = 9) -> list[int]:
    """Sizes of the orthogonally connected groups of open squares, largest first."""
    groups = connected_groups(open_squares, lambda square: square_neighbours(*square, rows, cols))
    return sorted((len(g) for g in groups), reverse=True)


def compare_regions(first: list[int], second: list[int]) -> int:
    """1 if `first` wins the open-region comparison, -1 if `second` does, 0 for a draw.

    Lists are compared element by element after padding the shorter one with zeros (§8.1).
    """
    length = max(len(first), len(second))
    a = first + [0] * (length - len(first))
    b = second + [0] * (length - len(second))
    return (a > b) - (a < b)


def fewest_wins(counts: list[int]) -> list[int]:
    """Seats with the smallest count (City Sprint's uncovered squares, Expansion's overhang)."""
    best = min(counts)
    return [seat for seat, count in enumerate(counts) if count == best]
