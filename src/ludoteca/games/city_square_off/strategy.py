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
- `perimeter`: the length of the open space's boundary (compact space takes big shapes);
- `big_room`: `room` of the five-square shapes alone (they are the ones that block first);
- `blocked`: how many shapes to come have no place at all;
- `exposed`: the sum of 1 / (1 + places) over the shapes to come (`fragile` times their count);
- `regions`: how many pieces the open space is cut into;
- `open`, `shapes_left`, `squares_left`: open squares, shapes to come and their squares (they are
  the same for both cities and for every placement of a card, so they only set the baseline).

A city's value is the dot product of these features with weights learned by self-play (the
"rounds this city will still survive", see `training`), read once from `data/evaluation.json`.
Everything is computed on the bitmasks of `components` (shifts and bit counts, no square-by-square
loops) and memoised per city, because search asks for the same city many times.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import log1p
from typing import NamedTuple

from ludoteca.core.data import load_json

from .components import Catalogue

HOLE_LIMIT = 5  # open regions up to this size are checked one by one for a shape that fits
BIG = 5  # the size of the shapes `big_room` looks at
MEMO_LIMIT = 20_000  # cities remembered by `city_value`
WEIGHTS_FILE = "evaluation.json"


class SpaceFeatures(NamedTuple):
    """The features of one city's open space, given the shapes still to come."""

    room: float  # size-weighted mean of log(1 + places) over the shapes to come
    fragile: float  # mean of 1 / (1 + places) over the shapes to come: 1 for a blocked shape
    dead: int  # open squares in regions no shape to come fits into
    stray: int  # open squares outside the largest open region
    largest: int  # squares of the largest open region
    perimeter: int  # sides between an open square and a covered square or the grid's edge
    big_room: float  # mean of log(1 + places) over the five-square shapes to come (0 if none)
    blocked: int  # shapes to come with no place in the open space
    exposed: float  # sum of 1 / (1 + places) over the shapes to come
    regions: int  # open regions
    open: int  # open grid squares
    shapes_left: int  # shapes to come
    squares_left: int  # squares of the shapes to come


FEATURES = SpaceFeatures._fields


def load_weights(data: dict) -> tuple[float, ...]:
    """The weight of every feature, in `FEATURES` order, from the parsed weights file.

    A file that misses a feature or names an unknown one is refused, naming both lists, so a
    stale file cannot silently leave a feature out of the evaluation.
    """
    weights = data.get("weights")
    if not isinstance(weights, dict) or set(weights) != set(FEATURES):
        found = sorted(weights) if isinstance(weights, dict) else weights
        raise ValueError(f"{WEIGHTS_FILE}: 'weights' must give exactly {list(FEATURES)}, got {found}")
    if not all(isinstance(value, int | float) for value in weights.values()):
        raise ValueError(f"{WEIGHTS_FILE}: every weight must be a number, got {weights}")
    return tuple(float(weights[name]) for name in FEATURES)


WEIGHTS = load_weights(load_json(__package__, WEIGHTS_FILE))


def features(catalogue: Catalogue, covered: int, to_come: list[str]) -> SpaceFeatures:
    """The open-space features of a city with these covered squares (grid squares only count)."""
    free = catalogue.grid_mask & ~covered
    sizes = catalogue.sizes
    squares_left = sum(sizes[piece] for piece in to_come)
    if not free:
        stuck = len(to_come)
        return SpaceFeatures(0.0, 1.0 if to_come else 0.0, 0, 0, 0, 0, 0.0, stuck, float(stuck), 0, 0,
                             stuck, squares_left)
    room, fragile, big_room, blocked, exposed = _room(catalogue, free, to_come)
    regions = catalogue.regions(free)
    region_sizes = [region.bit_count() for region in regions]
    largest = max(region_sizes)
    holes = sorted((size, region) for region, size in zip(regions, region_sizes, strict=True)
                   if size <= HOLE_LIMIT)
    dead = _dead_squares(catalogue, holes, to_come)
    open_squares = free.bit_count()
    return SpaceFeatures(
        room, fragile, dead, open_squares - largest, largest, _perimeter(catalogue, free), big_room,
        blocked, exposed, len(regions), open_squares, len(to_come), squares_left,
    )


def city_value(catalogue: Catalogue, covered: int, to_come: list[str]) -> float:
    """The learned weights · `features`, memoised by city and shapes to come."""
    key = (covered, frozenset(to_come))
    value = _MEMO.get(key)
    if value is None:
        if len(_MEMO) >= MEMO_LIMIT:
            _MEMO.clear()
        value = _MEMO[key] = weighted(WEIGHTS, features(catalogue, covered, to_come))
    return value


def weighted(weights: Sequence[float], found: SpaceFeatures) -> float:
    """The dot product of weights (in `FEATURES` order) and a city's features."""
    return sum(weight * value for weight, value in zip(weights, found, strict=True))


_MEMO: dict[tuple[int, frozenset[str]], float] = {}


def _room(catalogue: Catalogue, free: int, to_come: list[str]) -> tuple[float, float, float, int, float]:
    """Places of every shape to come in the open space (touching the city or not).

    Returns `room`, `fragile`, `big_room`, `blocked` and `exposed`. Touching is left out on
    purpose: a shape that fits in the open space can almost always be slid against the city by the
    time it comes, and leaving it out halves the cost.
    """
    if not to_come:
        return 0.0, 0.0, 0.0, 0, 0.0
    sizes = catalogue.sizes
    weighted_room = weight = exposed = big = 0.0
    big_count = blocked = 0
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
        room = log1p(places)
        weighted_room += size * room
        weight += size
        exposed += 1 / (1 + places)
        blocked += places == 0
        if size >= BIG:
            big += room
            big_count += 1
    big_room = big / big_count if big_count else 0.0
    return weighted_room / weight, exposed / len(to_come), big_room, blocked, exposed


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
