"""The rule-of-thumb City Square Off player: a simple packer, as a careful person plays.

The advice a new player gets is "pack tight, start from a corner, leave no holes": put the shape
where it presses against the most walls (the city and the edge of the grid), never seal off a
single open square, and otherwise work from one corner outwards so the open space stays in one
piece on the other side. No look-ahead and nothing about the shapes still to come: it is the fixed
yardstick of the bot ladder, so it shares nothing with `strategy` (the search's evaluation).
"""

from __future__ import annotations

import random

from .components import Catalogue
from .notation import Place

CONTACT = 1.0  # per side of the shape pressed against the city or the grid's edge
SEALED = -3.0  # per open square left with no open neighbour
CORNER = -0.05  # per step of the shape's squares away from the chosen corner


def packer_choice(
    catalogue: Catalogue, covered: int, legal: list[Place], corner: tuple[int, int], rng: random.Random
) -> Place:
    """The legal placement a packer prefers; ties are broken by `rng`."""
    plane = catalogue.geometry.plane
    walls = ~(catalogue.grid_mask & ~covered)  # covered or off the grid
    best: list[Place] = []
    best_score = float("-inf")
    for action in legal:
        footprint = catalogue.footprints[action]
        score = _score(catalogue, footprint.mask, footprint.squares, walls, covered, plane, corner)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return rng.choice(best)


def _score(
    catalogue: Catalogue,
    mask: int,
    squares: tuple[tuple[int, int], ...],
    walls: int,
    covered: int,
    plane: int,
    corner: tuple[int, int],
) -> float:
    contact = (
        ((mask << 1) & walls).bit_count()
        + ((mask >> 1) & walls).bit_count()
        + ((mask << plane) & walls).bit_count()
        + ((mask >> plane) & walls).bit_count()
    )
    open_after = catalogue.grid_mask & ~(covered | mask)
    with_neighbour = (open_after << 1) | (open_after >> 1) | (open_after << plane) | (open_after >> plane)
    sealed = (open_after & ~with_neighbour).bit_count()
    row, col = corner
    distance = sum(abs(r - row) + abs(c - col) for r, c in squares)
    return CONTACT * contact + SEALED * sealed + CORNER * distance


def corner_of(seed: int, rows: int, cols: int) -> tuple[int, int]:
    """The corner a packer works from: fixed for the whole game, picked from the game's seed."""
    return random.Random(seed).choice([(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)])
