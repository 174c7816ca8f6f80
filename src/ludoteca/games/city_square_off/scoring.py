"""How a finished City Square Off game is decided (spec §8): pure functions on square sets and masks."""

from __future__ import annotations

from .components import catalogue


def open_regions(open_squares: list[tuple[int, int]]) -> list[int]:
    """Sizes of the orthogonally connected groups of these open grid squares, largest first."""
    return region_sizes(catalogue().geometry.mask(open_squares))


def region_sizes(free: int) -> list[int]:
    """Sizes of the open regions of a mask of open grid squares, largest first (spec §8.1)."""
    return sorted((group.bit_count() for group in catalogue().regions(free)), reverse=True)


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
