"""The scoring tables of spec 8 and 11.10, on the pure scoring functions."""

import pytest

from ludoteca.games.blue_lagoon import scoring


@pytest.mark.parametrize("counts,resources,statuettes", [
    ((0, 0, 0, 0, 0), 0, 0),
    ((1, 1, 1, 1, 0), 10, 0),
    ((2, 2, 2, 2, 2), 30, 8),
    ((4, 3, 0, 1, 4), 30, 16),
    ((5, 2, 2, 2, 1), 45, 4),
    ((6, 0, 0, 0, 0), 20, 0),
    ((3, 1, 1, 1, 0), 20, 0),
    ((2, 2, 2, 0, 8), 15, 32),
    ((4, 4, 4, 4, 0), 90, 0),
])
def test_resource_and_statuette_table(counts, resources, statuettes):
    assert scoring.resource_points(counts) == resources
    assert scoring.statuette_points(counts) == statuettes


@pytest.mark.parametrize("bonus,shared,each", [
    (10, 2, 5), (10, 3, 3), (10, 4, 2), (8, 2, 4), (8, 3, 2), (8, 4, 2),
    (6, 2, 3), (6, 3, 2), (6, 4, 1), (5, 2, 2), (20, 3, 6),
])
def test_majority_split_rounds_down(bonus, shared, each):
    pieces = [[3] * shared + [1] * (4 - shared)]
    assert scoring.majority_points(pieces, [bonus]) == [each] * shared + [0] * (4 - shared)


def test_nobody_on_an_island_scores_nothing():
    assert scoring.majority_points([[0, 0, 0]], [10]) == [0, 0, 0]


@pytest.mark.parametrize("islands,points", [(0, 0), (6, 0), (7, 10), (8, 20), (14, 20)])
def test_islands_category(islands, points):
    assert scoring.islands_points(islands) == points


def test_links_use_only_the_best_group_and_ignore_sea():
    # A line of five tiles 0-1-2-3-4 and a lone tile 6; tiles 1 and 3 are sea.
    neighbours = [(1,), (0, 2), (1, 3), (2, 4), (3,), (), ()]
    island_of = [0, -1, 1, -1, 2, -1, 3]
    assert scoring.links_points([0, 1, 2, 3, 4, 6], neighbours, island_of) == 15
    assert scoring.links_points([0, 2, 6], neighbours, island_of) == 5
    assert scoring.links_points([1, 3], neighbours, island_of) == 0
    assert scoring.links_points([], neighbours, island_of) == 0
