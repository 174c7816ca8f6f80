"""What a City Square Off city is worth to a search: the quality of its open space.

A city loses the moment a revealed shape no longer fits, and every shape is dealt to both cities,
so a position is good when the open space will take the shapes still to come for longer than the
other city's will. The score of the moment (the open regions) says almost nothing about that until
the very end; these features do (docs/games/city-square-off.md, "Bots", says why each one):

- `room`: how many places each shape still to come has, on a log scale, weighted by its size;
- `fragile`: the shapes to come that have no place or only a few (the ones about to block);
- `dead`: open squares in holes that no shape still to come fits into;
- `stray`: open squares outside the largest open region;
- `largest`: the size of the largest open region (also the end-of-game tie-break, spec §8.1);
- `perimeter`: the length of the open space's boundary (compact space takes big shapes).

Everything is computed on the bitmasks of `pieces` (shifts and bit counts, no square-by-square
loops) and memoised per city, because search asks for the same city many times.
"""

from __future__ import annotations

from math import log1p
from typing import NamedTuple

from .components import Catalogue

HOLE_LIMIT = 5  # open regions up to this size are checked one by one for a shape that fits
MEMO_LIMIT = 20_000  # cities remembered by `city_value`

# weight of each feature in `city_value`, in "open squares" (a dead square costs one)
WEIGHTS = {
    "room": 6.0,
    "fragile": -20.0,
    "dead": -1.0,
    "stray": -0.3,
    "largest": 0.1,
    "perimeter": -0.15,
}


class SpaceFeatures(NamedTuple):
    """The features of one city's open space, given the shapes still to come."""

    room: float  # size-weighted mean of log(1 + places) over the shapes to come
    fragile: float  # mean of 1 / (1 + places) over the shapes to come: 1 for a blocked shape
    dead: int  # open squares in regions no shape to come fits into
    stray: int  # open squares outside the largest open region
    largest: int  # squares of the largest open region
    perimeter: int  # sides between an open square and a covered square or the grid's edge


def features(catalogue: Catalogue, covered: int, to_come: list[str]) -> SpaceFeatures:
    """The open-space features of a city with these covered squares (grid squares only count)."""
    free = catalogue.grid_mask & ~covered
    if not free:
        return SpaceFeatures(0.0, 1.0 if to_come else 0.0, 0, 0, 0, 0)
    room, fragile = _room(catalogue, free, to_come)
    regions = catalogue.regions(free)
    sizes = [region.bit_count() for region in regions]
    largest = max(sizes)
    holes = sorted((size, region) for region, size in zip(regions, sizes, strict=True) if size <= HOLE_LIMIT)
    dead = _dead_squares(catalogue, holes, to_come)
    stray = free.bit_count() - largest
    return SpaceFeatures(room, fragile, dead, stray, largest, _perimeter(catalogue, free))


def city_value(catalogue: Catalogue, covered: int, to_come: list[str]) -> float:
    """The weighted sum of `features`, memoised by city and shapes to come."""
    key = (covered, frozenset(to_come))
    value = _MEMO.get(key)
    if value is None:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        found = features(catalogue, covered, to_come)
        value = _MEMO[key] = sum(WEIGHTS[name] * getattr(found, name) for name in WEIGHTS)
    return value


_MEMO: dict[tuple[int, frozenset[str]], float] = {}


def _room(catalogue: Catalogue, free: int, to_come: list[str]) -> tuple[float, float]:
    """Places of every shape to come in the open space (touching the city or not).

    Touching is left out on purpose: a shape that fits in the open space can almost always be
    slid against the city by the time it comes, and leaving it out halves the cost.
    """
    if not to_come:
        return 0.0, 0.0
    sizes = catalogue.sizes
    weighted = weight = fragile = 0.0
    for piece in to_come:
        shapes = catalogue.shapes[piece]
        free_at = [free >> offset for offset in shapes.offsets]
        places = 0
        for shape in shapes.shapes:
            anchors = shape.on_grid
            for cell in shape.cells:
                anchors &= free_at[cell]
            places += anchors.bit_count()
        size = sizes[piece]
        weighted += size * log1p(places)
        weight += size
        fragile += 1 / (1 + places)
    return weighted / weight, fragile / len(to_come)


def _dead_squares(catalogue: Catalogue, holes: list[tuple[int, int]], to_come: list[str]) -> int:
    """Squares of the small open regions that the shapes to come cannot fill.

    Each shape is dealt once, so it fills one hole at most: holes are served smallest first (they
    have the fewest candidates), each by the largest shape to come that fits in it, and whatever
    of a hole that shape leaves open counts as dead too (it is smaller still).
    """
    sizes = catalogue.sizes
    unused = sorted(to_come, key=sizes.__getitem__, reverse=True)
    dead = 0
    for size, hole in holes:
        fitting = (piece for piece in unused if sizes[piece] <= size and _fits_in(catalogue, piece, hole))
        filler = next(fitting, None)
        if filler is None:
            dead += size
        else:
            unused.remove(filler)
            dead += size - sizes[filler]
    return dead


def _fits_in(catalogue: Catalogue, piece: str, region: int) -> bool:
    """Whether `piece` fits wholly inside this open region in some orientation."""
    shapes = catalogue.shapes[piece]
    region_at = [region >> offset for offset in shapes.offsets]
    for shape in shapes.shapes:
        anchors = shape.on_grid
        for cell in shape.cells:
            anchors &= region_at[cell]
        if anchors:
            return True
    return False


def _perimeter(catalogue: Catalogue, free: int) -> int:
    """Sides of open squares that face a covered square or the edge (the margin is never open)."""
    plane = catalogue.geometry.plane
    return (
        (free & ~(free << 1)).bit_count()
        + (free & ~(free >> 1)).bit_count()
        + (free & ~(free << plane)).bit_count()
        + (free & ~(free >> plane)).bit_count()
    )
