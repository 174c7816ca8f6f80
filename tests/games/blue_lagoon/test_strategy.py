"""The search's evaluation (`strategy.py`) and the rule-of-thumb player (`heuristic.py`) on
hand-built positions of the standard map: each test checks one feature, and would fail without it
(most compare two positions the score "as if the phase ended now" cannot tell apart)."""

import random

import pytest

from ludoteca.bots import make_bot
from ludoteca.games.blue_lagoon import GAME, from_notation, strategy
from ludoteca.games.blue_lagoon.components import EMPTY, map_board

_TEMPLATE = GAME.new_state(2, seed=0)
_MAP = " ".join(s.strip() + ";" for s in
                _TEMPLATE.board.map_text().split(";")[:-1])
_LETTERS = "CBWPS"


def position(tokens: dict[str, list[str]], seats: list[dict], phase: str = "E",
             current: int = 0, **options):
    """A 2-player standard-map position: `tokens` by letter, each seat's `S` and `T` tiles,
    `counts` (C, B, W, P, S) and `score`."""
    def coords(tiles):
        return "".join(f" {t}" for t in sorted(tiles, key=lambda rc: tuple(map(int, rc.split(",")))))
    r = "r" + "".join(f" {k}{coords(tokens.get(k, []))}" for k in _LETTERS) + ";"
    players = " ".join(
        f"p {p} {seat.get('score', 0)} {' '.join(map(str, seat.get('counts', (0,) * 5)))}"
        f" S{coords(seat.get('S', []))} T{coords(seat.get('T', []))};"
        for p, seat in enumerate(seats))
    return from_notation(f"a 13 2; c {current} {phase}; {_MAP} {r} {players}", seed=1, **options)


# Resources far from the action, so that the phase goes on after the move under test.
FAR = {"C": ["12,11", "10,10"], "B": ["12,8"], "W": ["11,5"], "P": ["10,3"]}


def after(state, action: str):
    state = state.clone()
    state.apply(action)
    return state


def with_extra(tokens: dict[str, list[str]]) -> dict[str, list[str]]:
    merged = {k: list(v) for k, v in FAR.items()}
    for k, v in tokens.items():
        merged.setdefault(k, []).extend(v)
    return merged


def test_a_first_coconut_is_worth_taking():
    # Seat 0's boat at 0,4 reaches 1,4 (a coconut, island A) and 0,3 (bare land of island A).
    state = position(with_extra({"C": ["1,4"]}), [{"S": ["0,4"]}, {"S": ["5,7"]}])
    coconut, bare = after(state, "S 1,4"), after(state, "S 0,3")
    assert coconut.scores() == bare.scores()  # "as if the phase ended now" sees no difference
    assert coconut.evaluation(0) > bare.evaluation(0) + 1


def test_taking_the_token_an_opponent_needs_beats_one_nobody_needs():
    # Seat 1 holds three bamboo and two water: the last bamboo (0,5) is worth 10 to it, the
    # last water (1,4) 5. Seat 0 has neither kind, so for itself either token is the same.
    tokens = {"C": ["12,11"], "B": ["0,5"], "W": ["1,4"], "P": ["10,3"]}
    state = position(tokens, [{"S": ["0,4"]}, {"S": ["5,7"], "counts": (0, 3, 2, 0, 0)}])
    bamboo, water = after(state, "S 0,5"), after(state, "S 1,4")
    assert bamboo.scores()[0] == water.scores()[0]
    # the opponent's lost expectation: a quarter of 10 (it reaches neither, seat 0 both), against
    # a quarter of 5, times the weight of resources
    weight = strategy.WEIGHTS["E"][strategy.FEATURES.index("resources")]
    assert bamboo.evaluation(0) - water.evaluation(0) == pytest.approx(weight * (2.5 - 1.25))


def test_a_statuette_adds_its_points_to_the_lead():
    state = position(with_extra({"S": ["1,4"]}), [{"S": ["0,4"]}, {"S": ["5,7"]}])
    statuette, bare = after(state, "S 1,4"), after(state, "S 0,3")
    gain = statuette.evaluation(0) - bare.evaluation(0)
    # its 4 points, less the part of them seat 0 could expect anyway (it reaches the statuette)
    assert 2 < gain < 4


def test_resource_expectation_is_exact_when_no_token_is_left():
    assert strategy.resources_value([4, 3, 2, 1, 0], [0.0] * 5, [0] * 5) == 20 + 10 + 5 + 10
    assert strategy.resources_value([4, 0, 0, 0, 0], [0.0] * 5, [0] * 5) == 20


def test_resource_expectation_grows_with_the_share_of_the_tokens_left():
    low = strategy.resources_value([1, 0, 0, 0, 0], [1.0, 0, 0, 0, 0], [4, 0, 0, 0, 0])
    high = strategy.resources_value([1, 0, 0, 0, 0], [3.0, 0, 0, 0, 0], [4, 0, 0, 0, 0])
    assert 0 < low < high < 20


def test_islands_towards_seven_and_eight():
    steps = strategy.SHARE_STEPS // 2  # each unvisited island still reached with chance 1/2
    assert strategy.expected_islands(8, 0, steps) == 20
    assert strategy.expected_islands(7, 1, 0) == 10  # nothing left to play: exact
    assert strategy.expected_islands(6, 2, 0) == 0
    ladder = [strategy.expected_islands(k, 8 - k, steps) for k in (4, 5, 6, 7, 8)]
    assert ladder == sorted(ladder) and ladder[0] > 0 and len(set(ladder)) == 5


def test_a_sixth_island_is_worth_something_before_the_seventh():
    # Seat 0 stands on five islands (B, D, E, F, and G, where it leads by four). One piece more
    # on island A (a sixth, where seat 1 leads by four) or on island G again: the score as if
    # the phase ended now is the same, but only the sixth island brings the seventh closer.
    seat0 = {"S": ["0,4", "3,7", "4,10", "5,1", "5,3", "5,4", "6,4", "6,5", "11,1"]}
    seat1 = {"S": ["0,1", "0,2", "1,1", "1,2"]}
    state = position(with_extra({}), [seat0, seat1])
    sixth, again = after(state, "S 0,3"), after(state, "S 7,4")
    assert sixth.scores() == again.scores()
    assert sixth.evaluation(0) > again.evaluation(0) + 1


def test_links_match_the_exact_scoring_on_played_positions():
    rng = random.Random(3)
    state = GAME.new_state(2, seed=3)
    b = state.board
    checked = 0
    while not state.is_over:
        for p in range(2):
            tiles = [t for t, code in enumerate(state.cells) if code >= 0 and code >> 1 == p]
            exact = state.phase_breakdown()[p]["links"]
            assert 5 * strategy.best_link(tiles, strategy.neighbour_sets(b.key), b.island_of) == exact
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_majorities_are_exact_at_the_end_and_contestable_before():
    bonuses = (10,)
    lead = [[2, 1]]  # two pieces against one
    late = strategy.majorities_value([2], lead, bonuses, strategy.MAJORITY_SHARPNESS)
    early = strategy.majorities_value([2], lead, bonuses,
                                      strategy.MAJORITY_SHARPNESS + strategy.MAJORITY_SPREAD)
    assert late == pytest.approx(10, abs=0.05)
    assert 5 < early < late
    behind = strategy.majorities_value([1], lead, bonuses,
                                       strategy.MAJORITY_SHARPNESS + strategy.MAJORITY_SPREAD)
    assert behind < 5 and early + behind == pytest.approx(10)
    assert strategy.majorities_value([3], [[3, 3]], bonuses, 1.0) == pytest.approx(5)


def test_a_village_that_survives_exploration_is_a_foothold():
    # Seat 0 on island G: a village on 6,3 (a stone circle, already emptied) is removed at the end
    # of Exploration, one on 5,4 stays for the Settlement phase.
    seat0 = {"S": ["5,3"]}
    state = position(with_extra({}), [seat0, {"S": ["9,5"]}])
    stone, kept = after(state, "T 6,3"), after(state, "T 5,4")
    assert stone.scores() == kept.scores()
    assert kept.evaluation(0) > stone.evaluation(0) + 2
    learning = position(with_extra({}), [seat0, {"S": ["9,5"]}], exploration_only=True)
    assert after(learning, "T 5,4").evaluation(0) == after(learning, "T 6,3").evaluation(0)


def test_tokens_next_to_a_seat_are_more_likely_its_own():
    state = position({"C": ["1,4", "12,11"]}, [{"S": ["0,4"]}, {"S": ["5,7"]}])
    share, left = strategy._token_shares(state, state.board.stones, True)
    assert left[0] == 2
    # 1,4 lies next to seat 0's boat (weights 3 : 1), nobody reaches 12,11 (1 : 1)
    assert share[0][0] == pytest.approx(3 / 4 + 1 / 2)
    assert share[1][0] == pytest.approx(1 / 4 + 1 / 2)


def test_a_seat_that_cannot_place_takes_no_more_tokens():
    # Settlement, and seat 1 has no village left: it can never place again.
    state = position({"C": ["1,4", "12,11"], "B": ["12,8"]}, [{"T": ["1,3"]}, {}], phase="S")
    share, _ = strategy._token_shares(state, state.board.stones, False)
    assert share[1] == [0.0] * 5 and share[0][0] == pytest.approx(2)


def test_a_finished_game_evaluates_to_its_exact_lead():
    rng = random.Random(5)
    state = GAME.new_state(2, seed=5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    scores = state.scores()
    assert state.evaluation(0) == scores[0] - scores[1] == -state.evaluation(1)


def test_the_evaluation_follows_the_position_it_is_asked_about():
    # The one-position memo must never hand out another position's values.
    state = position(with_extra({"C": ["1,4"]}), [{"S": ["0,4"]}, {"S": ["5,7"]}])
    before = state.evaluation(0)
    moved = after(state, "S 1,4")
    assert moved.evaluation(0) != before
    assert state.evaluation(0) == before
    state.apply("S 1,4")
    assert state.evaluation(0) == moved.evaluation(0)


# ---- the playout policy ------------------------------------------------------------------------


def test_the_playout_policy_takes_a_token_when_a_placement_can():
    # Seat 0's boat at 0,4 reaches two tokens (a coconut at 1,4, a bamboo at 0,5) and bare land.
    state = position(with_extra({"C": ["1,4"], "B": ["0,5"]}), [{"S": ["0,4"]}, {"S": ["5,7"]}])
    rng = random.Random(3)
    chosen = {str(state.playout_action(0, rng)) for _ in range(40)}
    assert chosen <= {"S 1,4", "S 0,5", "T 1,4", "T 0,5"} and len(chosen) > 1


def test_the_playout_policy_plays_any_legal_move_when_none_takes_a_token():
    state = position(FAR, [{"S": ["5,3"]}, {"S": ["9,5"]}])
    rng = random.Random(4)
    legal = state.legal_actions(0)
    assert not any(state.tokens[state.board.index(a.row, a.col)] != EMPTY for a in legal)
    chosen = [state.playout_action(0, rng) for _ in range(60)]
    assert all(action in legal for action in chosen) and len(set(chosen)) > 5


# ---- the rule-of-thumb player -------------------------------------------------------------------


def test_heuristic_takes_the_fourth_of_a_kind():
    state = position(with_extra({"B": ["0,5"]}), [{"S": ["0,4"], "counts": (0, 3, 0, 0, 0)},
                                                   {"S": ["5,7"]}])
    assert str(state.heuristic_action(0, random.Random(1))) == "S 0,5"


def test_heuristic_keeps_its_villages_off_the_stone_circles():
    state = position(with_extra({}), [{"S": ["5,3"]}, {"S": ["9,5"]}])
    rng = random.Random(2)
    for _ in range(10):
        action = state.heuristic_action(0, rng)
        assert action.kind == "S" or not map_board("standard").is_stone[
            map_board("standard").index(action.row, action.col)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_plays_legal_moves_and_replays_under_its_seed(players):
    def game(seed):
        state = GAME.new_state(players, seed=11)
        bots = [make_bot("heuristic", seed=seed + p) for p in range(players)]
        while not state.is_over:
            p = state.to_move[0]
            action = bots[p].choose(state, p)
            assert action in state.legal_actions(p)
            state.apply(action, p)
        return state.history
    assert game(1) == game(1)


# ---- the fitted weights ------------------------------------------------------------------------


def test_the_shipped_weights_name_every_feature_and_keep_banked_points_exact():
    for phase in "ES":
        assert len(strategy.WEIGHTS[phase]) == len(strategy.FEATURES)
        assert strategy.WEIGHTS[phase][0] == 1.0
    assert strategy.WEIGHTS["S"][strategy.FEATURES.index("foothold_villages")] == 0.0


def test_the_regression_recovers_known_weights():
    from ludoteca.games.blue_lagoon import training

    rng = random.Random(4)
    truth = [1.0, 0.5, 2.0, 1.5]
    rows = [[rng.uniform(-30, 30) for _ in truth] for _ in range(2000)]
    outcomes = [sum(w * x for w, x in zip(truth, row, strict=True)) + rng.gauss(0, 1) for row in rows]
    fitted = training.fit(rows, outcomes, (1.0, 1.0, 1.0, 1.0))
    assert fitted == pytest.approx(truth, abs=0.02)


def test_training_samples_pair_feature_differences_with_the_final_lead():
    from ludoteca.games.blue_lagoon import training

    samples = training.play_samples(games=1, seed=9, randomness=0.5)
    for differences, outcomes in samples.values():
        assert differences and len(differences) == len(outcomes)
        assert len(set(outcomes)) == 1 and len(differences[0]) == len(strategy.FEATURES)
