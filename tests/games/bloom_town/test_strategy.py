"""The evaluation's features (strategy.py) and the heuristic player, on hand-built positions."""

import random

import pytest

from ludoteca.bots import make_bot
from ludoteca.games.bloom_town import strategy
from ludoteca.games.bloom_town.components import (
    HOME,
    NUM_BUILDING_TILES,
    OFFICE,
    SQUARE_INDEX,
    SUBWAY,
    TILE_CODE,
    TILE_TYPE,
)
from ludoteca.games.bloom_town.heuristic import heuristic_action
from ludoteca.games.bloom_town.scoring import placement_points
from ludoteca.games.bloom_town.strategy import (
    best_placements,
    builds_left,
    evaluation,
    scoring_chances,
    supply_shares,
)

from .helpers import GAME, bare_state, tile, town

EMPTY = [-1] * 25


def place(state, seat: int, **squares: str) -> None:
    for square, word in squares.items():
        state.towns[seat][SQUARE_INDEX[square]] = tile(word)


def code(name: str) -> int:
    return TILE_CODE[name]


# ---- best placements: the town's potential for each tile ---------------------------------------


def test_best_placements_of_an_empty_town_are_the_lone_tile_points():
    best = best_placements(EMPTY)
    assert best[code("office")] == best[code("subway")] == best[code("park")] == 1
    assert best[code("home")] == 1
    assert best[code("shop:cafe")] == 1


def test_office_potential_counts_both_runs_through_the_best_empty_square():
    picture = """
         a   b   c   d   e
    1    .   .   O   .   .
    2    O   O   .   .   O
    3    .   .   O   .   .
    4    .   .   O   .   .
    5    .   .   .   .   .
    """
    # c2 joins b2, a2 (left) and c1 (up), c3, c4 (down): W1's 1 + 2 + 3 = 6.
    assert best_placements(town(picture))[code("office")] == 6


def test_subway_potential_merges_corner_groups_but_ignores_side_contact():
    corner = """
         a   b   c   d   e
    1    S   .   S   .   .
    2    .   .   .   .   .
    3    .   .   .   .   .
    4    .   .   .   .   .
    5    .   .   .   .   .
    """
    # b2 touches both a1 and c1 at a corner: a group of 3.
    assert best_placements(town(corner))[code("subway")] == 3
    sides = """
         a   b   c   d   e
    1    S   S   S   S   S
    2    S   S   S   S   S
    3    .   .   .   .   .
    4    .   .   .   .   .
    5    .   .   .   .   .
    """
    # Side contact links nothing: the ten subways are two corner groups of five (a1 c1 e1 b2 d2 and
    # b1 d1 a2 c2 e2), and any row-3 square touches only one of them: 1 + 5.
    assert best_placements(town(sides))[code("subway")] == 6


def test_park_potential_prefers_a_group_of_three_and_never_a_fourth_park():
    three = """
         a   b   c   d   e
    1    P   P   .   .   .
    2    .   .   .   .   .
    3    .   .   .   .   .
    4    .   .   .   .   .
    5    .   .   .   .   .
    """
    assert best_placements(town(three))[code("park")] == 4  # c1 or a2/b2: a group of 3
    full = """
         a   b   c   d   e
    1    P   P   P   .   .
    2    .   .   .   .   .
    3    .   .   .   .   .
    4    .   .   .   .   .
    5    .   .   .   .   .
    """
    assert best_placements(town(full))[code("park")] == 1  # a new group elsewhere beats joining (0)


def test_home_and_shop_potential_count_neighbour_types():
    picture = """
         a   b   c   d   e
    1    .   .   .   .   .
    2    .   .   O   .   .
    3    .   S   .   P   .
    4    .   .   H   .   .
    5    .   .   .   .   .
    """
    best = best_placements(town(picture))
    assert best[code("home")] == 5  # c3: office, subway, park, home
    assert best[code("shop:icecream")] == 3  # subway + park around c3
    assert best[code("shop:bakery")] == 3  # office + home around c3


def test_best_placements_agree_with_the_scoring_rules_on_random_towns():
    rng = random.Random(7)
    for _ in range(40):
        grid = [rng.choice([-1, -1, *range(NUM_BUILDING_TILES)]) for _ in range(25)]
        expected = []
        for tile_code in range(NUM_BUILDING_TILES):
            points = []
            for square in range(25):
                if grid[square] < 0:
                    grid[square] = tile_code
                    points.append(placement_points(grid, square))
                    grid[square] = -1
            expected.append(max(points, default=0))
        assert best_placements(grid) == expected


def test_a_full_town_has_no_potential():
    assert best_placements([tile("O")] * 25) == [0] * len(best_placements(EMPTY))


# ---- the clock: builds left, community chances, supply ------------------------------------------


def test_builds_left_grow_with_the_stacks_and_count_the_build_due_now():
    state = bare_state(2, filler=6)
    tall = builds_left(state, 0)
    assert tall == pytest.approx(builds_left(state, 1) + 1)  # seat 0 is about to build
    state.stacks = [stack[:2] for stack in state.stacks]
    assert builds_left(state, 0) < tall


def test_builds_left_shrink_with_more_players_sharing_the_stacks():
    two, four = bare_state(2, filler=6), bare_state(4, filler=6)
    assert builds_left(four, 1) < builds_left(two, 1)


def test_builds_left_are_exact_once_the_end_is_triggered():
    state = bare_state(2)
    state.triggered = True
    assert builds_left(state, 0) == 1  # the build due now
    assert builds_left(state, 1) == 1  # seat 1 still plays this round
    state.turn = 1  # seat 1's turn, the last of the round
    assert builds_left(state, 0) == 0
    assert builds_left(state, 1) == 1


def test_scoring_chances_by_community_tiles_out():
    state = bare_state(2, filler=6)
    state.community[OFFICE] = 1
    state.scored[HOME] = True
    chances = scoring_chances(state)
    assert chances[HOME] == 0
    assert 0 < chances[SUBWAY] < chances[OFFICE] < 1
    state.triggered = True
    assert scoring_chances(state)[OFFICE] < chances[OFFICE]


def test_supply_shares_skip_tiles_everyone_has_seen():
    state = GAME.new_state(2, seed=3)
    shares = supply_shares(state)
    assert sum(shares) == pytest.approx(1)
    state.towns[0] = [code("office")] * 7 + [-1] * 18  # 13 offices, 6 removed: all 7 are built
    state.market = [m if m != code("office") else -1 for m in state.market]
    state.known = [[t for t in hand if t != code("office")] for hand in state.known]
    assert supply_shares(state)[code("office")] == 0


# ---- the evaluation: each feature moves it the right way ---------------------------------------


def two_player_state():
    state = bare_state(2, filler=4)
    state.tokens = [False, False]
    state.hands = [[tile("P"), tile("P")], [tile("P"), tile("P")]]
    return state


def test_evaluation_is_the_score_lead_in_a_finished_game():
    state = two_player_state()
    state.points = [30, 21]
    state.phase = "over"
    assert evaluation(state, 0) == 9
    assert evaluation(state, 1) == -9


def test_evaluation_is_zero_sum_for_two_players_with_open_hands_and_counts_points():
    state = two_player_state()
    state.options = {**state.options, "open_hands": True}
    base = evaluation(state, 0)
    assert base == pytest.approx(-evaluation(state, 1))
    state.points[0] += 5
    assert evaluation(state, 0) == pytest.approx(base + 5)


def test_an_opponents_private_hand_tiles_do_not_move_the_evaluation():
    state = two_player_state()
    place(state, 1, a1="O", b1="O", c1="O")
    state.hands[1] = [tile("O"), tile("P")]  # the office would extend the run: private
    private = evaluation(state, 0)
    state.hands[1] = [tile("H"), tile("P")]
    assert evaluation(state, 0) == pytest.approx(private)
    state.hands[1] = [tile("O"), tile("P")]
    state.known[1] = [tile("O")]  # taken face up: everyone saw it
    assert evaluation(state, 0) < private


def test_an_open_subway_diagonal_is_worth_more_than_a_blocked_one():
    open_town = two_player_state()
    place(open_town, 0, a1="S", b2="S", c3="S")
    blocked = two_player_state()
    place(blocked, 0, a1="S", b2="S", c3="S", d4="H", b4="H", d2="H")
    place(open_town, 0, a5="H", e1="H", e5="H")  # same tiles, homes out of the way
    assert evaluation(open_town, 0) > evaluation(blocked, 0)


def test_a_hand_tile_that_fits_the_town_is_worth_more():
    fits = two_player_state()
    place(fits, 0, a1="O", b1="O", c1="O")
    misfit = fits.clone()
    fits.hands[0] = [tile("O"), tile("P")]  # an office extends the run to 4
    misfit.hands[0] = [tile("P"), tile("P")]
    assert evaluation(fits, 0) > evaluation(misfit, 0)


def test_the_final_hand_values_keeping_the_type_that_rescores_most():
    state = two_player_state()
    place(state, 0, b2="H", a2="O", c2="S", b1="P", b3="shop:cafe")
    homes = state.clone()
    homes.hands[0] = [tile("H"), tile("H")]
    offices = state.clone()
    offices.hands[0] = [tile("O"), tile("O")]
    # Both tiles still find similar squares; the home in hand also promises rescoring 5 points.
    assert evaluation(homes, 0) > evaluation(offices, 0)


def test_a_likely_community_scoring_rewards_the_type_we_lead():
    state = two_player_state()
    place(state, 0, a1="O", c1="O", e1="O")
    place(state, 1, a1="P", c1="P", e1="P")
    none_out = evaluation(state, 0)
    state.community[OFFICE] = 1
    one_out = evaluation(state, 0)
    state.scored[OFFICE] = True
    assert one_out > none_out
    assert evaluation(state, 0) < one_out


def test_empty_blooming_squares_are_worth_something_while_builds_remain():
    state = two_player_state()
    place(state, 0, a1="P", a3="P")
    fewer_blooms = two_player_state()
    place(fewer_blooms, 0, a1="P", b2="P")  # b2 is a blooming square of side A
    assert evaluation(state, 0) > evaluation(fewer_blooms, 0)


def test_the_token_is_worth_something_only_while_the_player_still_builds():
    state = two_player_state()
    state.tokens = [True, False]
    with_token = evaluation(state, 0)
    state.tokens = [False, False]
    assert with_token > evaluation(state, 0)
    state.triggered = True
    state.turn = 1  # seat 0 has no build left: the token has no value at the end
    without = evaluation(state, 0)
    state.tokens = [True, False]
    assert evaluation(state, 0) == pytest.approx(without)


def test_state_evaluation_uses_the_strategy_module():
    state = GAME.new_state(2, seed=5)
    assert state.evaluation(0) == pytest.approx(strategy.evaluation(state, 0))


# ---- the heuristic player ------------------------------------------------------------------------


def play_heuristic(seed: int, players: int = 2, side: str = "A") -> list[str]:
    state = GAME.new_state(players, seed=seed, board_side=side)
    bots = [make_bot("heuristic", seed=seed * 10 + seat) for seat in range(players)]
    moves = []
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
        moves.append(str(action))
    return moves


@pytest.mark.parametrize(("players", "side"), [(2, "A"), (3, "B"), (4, "A")])
def test_heuristic_plays_legal_games_to_the_end(players, side):
    assert play_heuristic(11, players, side)


def test_heuristic_is_reproducible_under_its_seed():
    assert play_heuristic(4) == play_heuristic(4)


def test_heuristic_builds_where_the_tile_scores_most():
    state = bare_state(2)
    place(state, 0, a1="O", b1="O", c1="O")
    state.hands[0] = [tile("O"), tile("O")]
    action = heuristic_action(state, 0, random.Random(1))
    assert str(action) == "build office d1"


def test_heuristic_doubles_a_big_placement_on_a_blooming_square():
    state = bare_state(2)
    state.tokens = [False, False]
    place(state, 0, b1="O", b3="O", a2="O")
    state.apply("build office b2")  # blooming on side A; 1 + 1 + 2 = 4 points
    assert state.phase == "bonus"
    assert str(heuristic_action(state, 0, random.Random(1))) == "bloom double"


def test_heuristic_builds_again_after_a_poor_blooming_placement():
    state = bare_state(2)
    state.tokens = [False, False]
    state.apply("build office b2")  # a lone office: 1 point
    assert str(heuristic_action(state, 0, random.Random(1))) == "bloom extra"


def test_heuristic_keeps_the_type_that_rescores_most():
    state = bare_state(2)
    place(state, 0, a1="H", b1="O", a2="S", c1="P")
    state.hands[0] = [tile("H"), tile("P")]
    state.phase = "keep"
    state.turn = 0
    assert TILE_TYPE[tile("H")] == HOME
    assert str(heuristic_action(state, 0, random.Random(1))) == "keep home"  # 4 against 2


def test_the_blooming_bonus_still_to_choose_is_counted():
    state = bare_state(2)
    state.tokens = [False, False]
    place(state, 0, b1="O", b3="O", a2="O")
    state.apply("build office b2")  # blooming: 4 points, and the bonus step is asked
    assert state.phase == "bonus" and state.bloom_ready
    pending = evaluation(state, 0)
    state.bloom_ready = False
    assert pending >= evaluation(state, 0) + 4  # at least the double of the 4 points


# ---- the playout policy --------------------------------------------------------------------------


def test_playout_policy_is_legal_to_the_end_of_games():
    for seed in range(3):
        state = GAME.new_state(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            action = state.playout_action(seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(action, seat)


def test_playout_policy_builds_the_best_placement_when_it_sees_every_build():
    state = bare_state(2)
    state.towns[0] = [tile("P")] * 25
    for square in ("a1", "b1", "c1", "e5"):
        state.towns[0][SQUARE_INDEX[square]] = -1
    place(state, 0, a2="O", b2="O", b3="O", c2="S", d1="O")
    state.hands[0] = [tile("O"), tile("O")]
    # 4 builds (no more than the sample): a1 joins a2 (2), c1 joins d1 (2), e5 is alone (1), and
    # b1 tops the run b2-b3 (3).
    assert str(state.playout_action(0, random.Random(3))) == "build office b1"


def test_playout_policy_doubles_a_good_blooming_placement():
    state = bare_state(2)
    state.tokens = [False, False]
    place(state, 0, b1="O", b3="O", a2="O")
    state.apply("build office b2")
    assert str(state.playout_action(0, random.Random(1))) == "bloom double"
