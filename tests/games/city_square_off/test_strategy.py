"""The City Square Off evaluation features and the rule-of-thumb player, on hand-built cities."""

from __future__ import annotations

import random
from math import log1p

import pytest

import ludoteca
from ludoteca.bots import make_bot
from ludoteca.core.data import load_json
from ludoteca.games.city_square_off import strategy
from ludoteca.games.city_square_off.components import catalogue

GAME = ludoteca.load("city-square-off")
CATALOGUE = catalogue()


def city(picture: str) -> int:
    """Covered squares of a 9×9 picture: `#` covered, `.` open."""
    rows = [line.split() for line in picture.strip().splitlines()]
    assert len(rows) == 9 and all(len(row) == 9 for row in rows)
    covered = [(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "#"]
    return CATALOGUE.geometry.mask(covered)


def features(picture: str, to_come: list[str]) -> strategy.SpaceFeatures:
    return strategy.features(CATALOGUE, city(picture), to_come)


FULL_BUT = "\n".join(" ".join("#" * 9) for _ in range(9))

# a 3×3 open block in the corner, everything else covered: one place for X5, one region
BLOCK = """
. . . # # # # # #
. . . # # # # # #
. . . # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
"""

# nine open squares too, as a ragged strip along the top rows (one region)
RAGGED = """
. # . # . # # # #
. . . . . . # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
"""

# two single open squares and one open pair, all sealed off
HOLES = """
. # # # # # # # #
# # # # # # # # #
# # # # . # # # #
# # # # # # # # #
# # # # # # . . #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
"""


def test_room_prefers_compact_open_space():
    """Same number of open squares; the block has more places for the shapes to come."""
    to_come = ["V3", "O4", "T4", "X5", "P5"]
    assert features(BLOCK, to_come).room > features(RAGGED, to_come).room


def test_room_is_a_size_weighted_mean_of_log_places():
    # the 3×3 block: O4 has 4 places, X5 1
    found = features(BLOCK, ["O4", "X5"])
    expected = (4 * log1p(4) + 5 * log1p(1)) / 9
    assert found.room == pytest.approx(expected)


def test_fragile_is_one_for_a_shape_with_no_place_and_a_half_for_one_place():
    assert features(RAGGED, ["X5"]).fragile == pytest.approx(1.0)
    assert features(BLOCK, ["X5"]).fragile == pytest.approx(0.5)
    assert features(BLOCK, ["X5", "I5"]).fragile == pytest.approx((0.5 + 1.0) / 2)


def test_dead_squares_count_holes_no_shape_to_come_fills_once_each():
    # one monomino can fill one single hole, not both; the domino fills the pair
    assert features(HOLES, ["I1", "I2", "X5"]).dead == 1
    assert features(HOLES, ["I2", "X5"]).dead == 2
    assert features(HOLES, ["I1", "X5"]).dead == 3  # the monomino fills a single hole, the pair is dead
    assert features(HOLES, ["X5"]).dead == 4


def test_dead_squares_ignore_big_regions():
    assert features(BLOCK, ["X5"]).dead == 0
    assert features(RAGGED, ["X5"]).dead == 0  # nine squares: X5 does not fit, but no region is a hole


def test_stray_and_largest_measure_the_main_region():
    found = features(HOLES, ["I1"])
    assert (found.largest, found.stray) == (2, 2)
    found = features(BLOCK, ["I1"])
    assert (found.largest, found.stray) == (9, 0)


def test_perimeter_is_the_boundary_of_the_open_space():
    assert features(BLOCK, ["I1"]).perimeter == 12
    assert features(HOLES, ["I1"]).perimeter == 4 + 4 + 6
    assert features(FULL_BUT, ["I1"]).perimeter == 0


def test_full_city_has_no_room_and_is_fragile_while_shapes_remain():
    found = features(FULL_BUT, ["I1"])
    assert (found.room, found.fragile, found.largest) == (0.0, 1.0, 0)


def test_new_features_count_the_big_shapes_the_blocked_ones_and_the_regions():
    found = features(BLOCK, ["O4", "X5"])  # O4 has 4 places, X5 1
    assert found.big_room == pytest.approx(log1p(1))
    assert (found.blocked, found.regions, found.open) == (0, 1, 9)
    assert found.exposed == pytest.approx(1 / 5 + 1 / 2)
    assert (found.shapes_left, found.squares_left) == (2, 9)
    found = features(RAGGED, ["X5", "I5", "I1"])  # X5 has no place, I5 two (in the second row)
    assert found.big_room == pytest.approx((log1p(0) + log1p(2)) / 2)
    assert found.blocked == 1
    assert found.exposed == pytest.approx(1 + 1 / 3 + 1 / 10)
    assert (found.shapes_left, found.squares_left) == (3, 11)


def test_new_features_without_big_shapes_or_open_space():
    found = features(HOLES, ["I1", "I2"])
    assert (found.big_room, found.blocked, found.regions, found.open) == (0.0, 0, 3, 4)
    found = features(FULL_BUT, ["I1", "X5"])
    assert (found.blocked, found.exposed, found.open, found.squares_left) == (2, 2.0, 0, 6)


def test_city_value_is_the_shipped_weights_times_the_features():
    to_come = ["V3", "O4", "T4", "X5", "P5"]
    found = features(RAGGED, to_come)
    expected = sum(w * v for w, v in zip(strategy.WEIGHTS, found, strict=True))
    assert strategy.city_value(CATALOGUE, city(RAGGED), to_come) == pytest.approx(expected)
    assert strategy.weighted(strategy.WEIGHTS, found) == pytest.approx(expected)


def test_the_weights_file_gives_every_feature_a_number():
    data = load_json("ludoteca.games.city_square_off", strategy.WEIGHTS_FILE)
    assert set(data["weights"]) == set(strategy.FEATURES)
    assert strategy.load_weights(data) == strategy.WEIGHTS
    assert len(strategy.WEIGHTS) == len(strategy.FEATURES)


def test_a_weights_file_missing_or_adding_a_feature_is_refused():
    weights = dict.fromkeys(strategy.FEATURES, 1.0)
    assert strategy.load_weights({"weights": weights}) == (1.0,) * len(strategy.FEATURES)
    with pytest.raises(ValueError, match="perimeter"):
        strategy.load_weights({"weights": {k: v for k, v in weights.items() if k != "perimeter"}})
    with pytest.raises(ValueError, match="colour"):
        strategy.load_weights({"weights": {**weights, "colour": 1.0}})
    with pytest.raises(ValueError, match="number"):
        strategy.load_weights({"weights": {**weights, "room": "six"}})
    with pytest.raises(ValueError, match="weights"):
        strategy.load_weights({})


def test_city_value_ranks_the_compact_city_above_the_ragged_one():
    to_come = ["V3", "O4", "T4", "X5", "P5"]
    compact = strategy.city_value(CATALOGUE, city(BLOCK), to_come)
    ragged = strategy.city_value(CATALOGUE, city(RAGGED), to_come)
    assert compact > ragged


def _state_with_cities(first: str, second: str, card: str = "I1"):
    state = GAME.new_state(seed=0, first_chooser=0)
    state.starters = ["modern", "egyptian"]
    state.covered = [city(first), city(second)]
    state.deck = [card] + [t for t in state.deck if t != card]
    state._start_round()
    return state


def test_evaluation_is_the_difference_of_the_two_cities():
    state = _state_with_cities(BLOCK, RAGGED)
    assert state.evaluation(0) > 0
    assert state.evaluation(0) == pytest.approx(-state.evaluation(1))


def test_evaluation_ignores_the_other_seats_secret_placement():
    state = GAME.new_state(seed=4)
    rng = random.Random(4)
    while None in state.starters:
        state.apply(rng.choice(state.legal_actions()))
    before = state.evaluation(0)
    state.apply(state.legal_actions(1)[-1], 1)
    assert state.evaluation(0) == before


# ---- the rule-of-thumb player -------------------------------------------------------------------


def _play(bots: list, seed: int) -> list[str]:
    state = GAME.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
    return [text for _, text in state.history]


def test_heuristic_plays_legal_moves_and_is_reproducible_under_its_seed():
    first = _play([make_bot("heuristic", seed=3), make_bot("random", seed=5)], seed=11)
    second = _play([make_bot("heuristic", seed=3), make_bot("random", seed=5)], seed=11)
    assert first == second


def test_heuristic_packs_against_the_walls_and_never_seals_a_square():
    # open: the top row a1–e1 and b2
    picture = """
    . . . . . # # # #
    # . # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    # # # # # # # # #
    """
    state = _state_with_cities(picture, picture, card="I2")
    choice = str(state.heuristic_action(0, random.Random(0)))
    # d1–e1 presses on five walls and seals nothing; a1–b1 would seal b2, b1–b2 a1, c1–d1 e1
    assert choice == "I2 r0 d1"
