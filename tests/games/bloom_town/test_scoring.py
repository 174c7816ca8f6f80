"""Placement and rescoring of the five building types: worked examples W1-W5 and rules of §8."""

import pytest

from ludoteca.games.bloom_town.components import HOME, OFFICE, PARK, SHOP, SQUARE_INDEX, SUBWAY
from ludoteca.games.bloom_town.scoring import placement_points, rescore_value

from .helpers import tile, town

EMPTY = [-1] * 25


def placed(picture_or_town, square: str, word: str | None = None) -> int:
    """Points of the tile at `square` (optionally putting tile `word` there first)."""
    grid = town(picture_or_town) if isinstance(picture_or_town, str) else list(picture_or_town)
    if word is not None:
        grid[SQUARE_INDEX[square]] = tile(word)
    return placement_points(grid, SQUARE_INDEX[square])


def with_tiles(**squares: str) -> list[int]:
    grid = list(EMPTY)
    for square, word in squares.items():
        grid[SQUARE_INDEX[square]] = tile(word)
    return grid


# ---- offices -----------------------------------------------------------------------------------

W1 = """
     a   b   c   d   e
1    .   .   O   .   .
2    O   O  [O]  .   O
3    .   S   O   P   .
4    .   .   O   .   .
5    .   .   .   .   .
"""


def test_w1_office_counts_unbroken_runs_in_row_and_column():
    assert placed(W1, "c2") == 6


def test_office_alone_scores_one_and_diagonals_do_not_count():
    assert placed(with_tiles(b2="O", d4="O"), "c3", "O") == 1


def test_office_run_stops_at_another_type():
    assert placed(with_tiles(a1="O", b1="H", d1="O", e1="O"), "c1", "O") == 3


def test_office_rescoring_is_two_per_office():
    assert rescore_value(town(W1), OFFICE) == 2 * 7


# ---- subways -----------------------------------------------------------------------------------

W2 = """
     a   b   c   d   e
1    .   .   .   .   .
2    .   S   .   .   .
3    S   .  [S]  .   .
4    .   .   S   S   .
5    .   .   .   .   S
"""


def test_w2_subway_group_is_corner_connected_and_may_turn():
    assert placed(W2, "c3") == 5


def test_subways_touching_by_sides_are_not_linked():
    assert placed(with_tiles(b3="S", d3="S", c2="S", c4="S"), "c3", "S") == 1


def test_subway_rescoring_is_two_per_subway_whatever_the_groups():
    assert rescore_value(town(W2), SUBWAY) == 2 * 6


# ---- parks -------------------------------------------------------------------------------------


def test_w3_parks_score_by_group_size_after_placement():
    grid = list(EMPTY)
    scores = []
    for square in ("b1", "b2", "c2", "c3"):
        grid[SQUARE_INDEX[square]] = tile("P")
        scores.append(placement_points(grid, SQUARE_INDEX[square]))
    assert scores == [1, 3, 4, 0]
    assert sum(scores) == 8
    assert rescore_value(grid, PARK) == 8


def test_w3_park_merging_two_groups():
    assert placed(with_tiles(a1="P", c1="P"), "b1", "P") == 4
    assert placed(with_tiles(a1="P", c1="P", c2="P"), "b1", "P") == 0


def test_parks_touching_only_by_corners_are_separate_groups():
    assert placed(with_tiles(b2="P", d2="P", b4="P", d4="P"), "c3", "P") == 1


def test_park_rescoring_counts_parks_that_scored_zero():
    grid = with_tiles(a1="P", b1="P", c1="P", d1="P", e1="P")
    assert placed(grid, "e1") == 0
    assert rescore_value(grid, PARK) == 10


# ---- homes and shops ---------------------------------------------------------------------------

W4 = """
     a   b   c   d   e
1    .   .   .   .   .
2    .   .   O   .   .
3    .   O  [H]  P   .
4    .   .   H   .   .
5    .   .   .   .   .
"""


def test_w4_home_counts_different_neighbour_types():
    assert placed(W4, "c3") == 4


def test_home_without_neighbours_scores_one_and_all_types_give_five():
    assert placed(EMPTY, "c3", "H") == 1
    assert placed(with_tiles(c2="O", b3="S", d3="P", c4="bakery"), "c3", "H") == 5


@pytest.mark.parametrize("kind,points", [
    ("icecream", 3), ("cafe", 3), ("books", 3), ("bakery", 2), ("toys", 2), ("pets", 2),
])
def test_w4_shop_scores_its_roof_types_once_each(kind, points):
    grid = with_tiles(c2="S", b3="S", d3="P", c4="O")
    assert placed(grid, "c3", kind) == points


def test_a_neighbouring_shop_never_matches_a_roof():
    assert placed(with_tiles(b3="bakery", d3="toys"), "c3", "cafe") == 1


W5 = """
     a   b         c   d   e
1    O   O         S   .   P
2    H   icecream  O   P   P
3    S   H         .   S   .
4    P   bakery    H   .   .
5    .   S         .   .   O
"""


@pytest.mark.parametrize("kind,value", [
    (OFFICE, 8), (SUBWAY, 8), (PARK, 8), (HOME, 9), (SHOP, 3),
])
def test_w5_rescoring_a_whole_town(kind, value):
    assert rescore_value(town(W5), kind) == value


def test_home_rescoring_sums_each_home_on_the_current_board():
    grid = town(W5)
    assert [placed(grid, sq) for sq in ("a2", "b3", "c4")] == [4, 3, 2]


def test_shop_rescoring_sums_every_kind():
    grid = town(W5)
    assert [placed(grid, sq) for sq in ("b2", "b4")] == [1, 2]
