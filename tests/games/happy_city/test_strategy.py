"""Happy City's evaluation features (strategy.py), the reference player (heuristic.py) and the
default end that keeps a losing bot from stalling a game, on hand-built positions."""

import pytest

from ludoteca.bots import make_bot
from ludoteca.games.happy_city import DEFAULT_ROUND_LIMIT, heuristic, strategy
from ludoteca.games.happy_city.components import MARKET
from ludoteca.games.happy_city.rules import HappyCityState

from .positions import GAME, legal, position

# 9 cards each (Happy Market included): 5 people x 4 hearts = 20, and 1 person x -1 heart = 0
LEADER = ["school", "police_station", "hospital", "house", "museum", "library", "park", "grocery"]
TRAILER = ["factory", "steelworks", "grocery", "shoe_shop", "haunted_house", "school", "park", "igloo"]


# ---- turns left ---------------------------------------------------------------------------------


def test_turns_left_come_from_the_city_closest_to_ten_cards():
    state = position(2, {0: ["school", "park"], 1: ["school", "park", "house", "library", "museum"]})
    # seat 1 fills its 4 free slots on its 4th turn from now, in the round after the next three
    assert strategy.turns_left(state) == ([4, 4], 3)


def test_a_seat_that_has_bought_this_round_plays_one_turn_fewer():
    state = position(2, {0: ["school"], 1: ["school"]}, phase="special")
    turns, income_phases = strategy.turns_left(state)
    assert turns == [turns[1] - 1, turns[1]] and income_phases == turns[0]


def test_with_the_end_triggered_only_seats_still_to_play_get_a_turn():
    state = position(3, {0: LEADER + ["zoo"]}, current=1, phase="refill")
    state.triggered = True
    assert strategy.turns_left(state) == ([0, 1, 1], 0)


def test_the_round_limit_shortens_the_projection():
    state = position(2, {0: ["school"], 1: ["school"]})
    state.round, state.round_limit = 38, 40
    assert strategy.turns_left(state) == ([3, 3], 2)


# ---- buying power -------------------------------------------------------------------------------


def test_people_without_hearts_are_worth_what_coins_will_add():
    state = position(2, {0: ["school", "police_station", "hospital"], 1: []}, coins={0: 10, 1: 0})
    assert state.scores()[0] == 0
    assert strategy.projected_scores(state)[0] > 0


def test_future_symbols_go_where_the_product_gains_most():
    assert strategy.final_points(4, 0, 4, young=False) == 16  # all four to hearts, not 2 + 2
    assert strategy.final_points(2, 2, 2, young=False) == 9
    assert strategy.final_points(4, 0, 4, young=True) == 8


def test_income_counts_for_the_rounds_still_to_come():
    shop = position(2, {0: ["diy_store"], 1: ["diy_store"]})
    school = position(2, {0: ["school"], 1: ["diy_store"]})
    assert strategy.evaluate(shop, 0) > strategy.evaluate(school, 0)


def test_income_is_worth_nothing_once_the_last_turn_is_played():
    shop = position(2, {0: LEADER[:-1] + ["diy_store"], 1: TRAILER}, current=1)
    school = position(2, {0: LEADER[:-1] + ["school"], 1: TRAILER}, current=1)
    shop.triggered = school.triggered = True
    assert strategy.projected_scores(shop)[0] < strategy.projected_scores(school)[0]


def test_coins_a_full_city_cannot_spend_are_worth_nothing():
    def value(coins: int) -> float:
        return strategy.evaluate(position(2, {0: LEADER, 1: TRAILER}, coins={0: coins, 1: 3}), 0)

    assert value(1) < value(6), "coins that still buy the tenth card count"
    assert value(20) == value(40) == value(400), "hoarding coins never looks better"


def test_taking_a_coin_at_nine_cards_is_worse_than_a_good_tenth_card():
    state = position(2, {0: LEADER, 1: TRAILER}, coins={0: 9, 1: 3}, display=["grocery", "zoo"])
    values = {}
    for move in ("buy zoo", "coin"):
        after = state.clone()
        after.apply(move)
        values[move] = after.evaluation(0)
    assert values["buy zoo"] > values["coin"]


def test_the_player_to_buy_sees_the_cards_in_the_display():
    def value(display: list[str]) -> float:
        state = position(2, {0: LEADER[:5], 1: TRAILER}, coins={0: 8, 1: 3}, display=display,
                         piles={"house": 0, "apartment": 0, "luxury": 0})
        return strategy.projected_scores(state)[0]

    assert value(["zoo"]) > value(["grocery"]) == value([])  # nothing worth a slot: a coin


# ---- special in reach ---------------------------------------------------------------------------


def _with_row(row: list[str], specials: str | None = None) -> HappyCityState:
    city = ["school", "museum", "house"]  # B2 G1: Film Studios (B2 G1, +2 hearts, +2 income) is met
    state = position(2, {0: city, 1: city}, row=row, coins={0: 3, 1: 3})
    state.specials[0] = specials
    return state


def test_a_special_whose_condition_is_met_adds_to_the_projection():
    met, none = _with_row(["film_studios"]), _with_row(["cat_cafe"])  # Cat Café needs G2: one short
    far = _with_row(["wizard_school"])  # B1 G2 O1 P1: three cards short
    values = [strategy.projected_scores(s)[0] for s in (met, none, far)]
    assert values[0] > values[1] > values[2]


def test_no_special_counts_once_the_player_has_taken_one():
    taken = _with_row(["film_studios"], specials="toy_shop")
    without = _with_row([], specials="toy_shop")
    assert strategy.projected_scores(taken)[0] == strategy.projected_scores(without)[0]


# ---- the hook -----------------------------------------------------------------------------------


def test_evaluation_is_the_projected_lead_and_the_real_lead_at_the_end():
    state = position(2, {0: LEADER, 1: TRAILER}, coins={0: 9, 1: 3})
    assert state.evaluation(0) == strategy.evaluate(state, 0) == -strategy.evaluate(state, 1)
    state.phase = "game_over"
    assert state.evaluation(0) == 20 - 0


# ---- no stalling --------------------------------------------------------------------------------


def _play(state: HappyCityState, bots: list, max_actions: int = 5000) -> None:
    for _ in range(max_actions):
        if state.is_over:
            return
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)


def test_the_game_ends_by_default_after_round_forty_even_if_nobody_buys():
    state = GAME.new_state(2, seed=1)
    assert state.options["round_limit"] == DEFAULT_ROUND_LIMIT == 40
    while not state.is_over:
        moves = state.legal_actions()
        state.apply("coin" if "coin" in map(str, moves) else moves[0])
    assert state.round == 40 and state.is_over


@pytest.mark.parametrize("bot", ["greedy", "mcts"])
def test_a_losing_bot_lets_the_game_finish(bot):
    """The trailer has nine cards and sits last; the leader, played by the same bot, ends it."""
    state = position(2, {0: LEADER[:6], 1: TRAILER}, coins={0: 6, 1: 4}, seed=3)
    state.round, state.round_limit = 10, 0  # no cap: the bots themselves must end it
    budget = {"iterations": 20} if bot == "mcts" else {}
    _play(state, [make_bot(bot, seed=s, **budget) for s in (1, 2)])
    assert state.is_over and state.round <= 16


def test_a_losing_bot_facing_a_player_who_never_fills_stops_at_the_round_limit():
    state = position(2, {0: LEADER[:3], 1: TRAILER}, coins={0: 3, 1: 4})
    state.round_limit = DEFAULT_ROUND_LIMIT

    class CoinsOnly:
        def choose(self, state, seat):
            moves = state.legal_actions(seat)
            return next((m for m in moves if str(m) in ("coin", "pass")), moves[0])

    _play(state, [CoinsOnly(), make_bot("greedy", seed=1)])
    assert state.is_over and state.round <= DEFAULT_ROUND_LIMIT


# ---- the reference player -----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "expert"), [(2, False), (3, True), (4, False), (5, True)])
def test_heuristic_plays_legal_moves_to_the_end_without_the_evaluation(monkeypatch, players, expert):
    def forbidden(self, player):
        raise AssertionError("the reference player must not use the search's evaluation")

    monkeypatch.setattr(HappyCityState, "evaluation", forbidden)
    state = GAME.new_state(players, seed=players, expert=expert)
    bots = [make_bot("heuristic", seed=s) for s in range(players)]
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_move[0]
        move = bots[seat].choose(state, seat)
        assert move in state.legal_actions(seat)
        state.apply(move, seat)
    assert state.is_over


def test_heuristic_is_reproducible_under_its_seed():
    def game(seed: int) -> list[tuple[int, str]]:
        state = GAME.new_state(2, seed=5)
        bots = [make_bot("heuristic", seed=seed), make_bot("heuristic", seed=seed + 1)]
        _play(state, bots)
        return state.history

    assert game(7) == game(7)


def test_heuristic_draws_from_the_dearest_deck_it_can_afford():
    for coins, deck in ((7, "draw 3"), (4, "draw 2"), (2, "draw 1")):
        state = position(2, {0: ["school"]}, coins={0: coins}, display=[], phase="refill")
        assert str(heuristic.choose(state, 0, _rng())) == deck


def test_heuristic_builds_income_first_then_balances_people_and_hearts():
    early = position(2, {0: ["school"]}, coins={0: 4}, display=["diy_store", "museum", "hospital"], row=[])
    assert str(heuristic.choose(early, 0, _rng())) == "buy diy_store"
    city = ["grocery", "shoe_shop", "diy_store", "school", "hospital", "bank"]  # 4 people, 0 hearts
    late = position(2, {0: city}, coins={0: 4}, display=["museum", "laboratory"], piles={"apartment": 0})
    assert str(heuristic.choose(late, 0, _rng())) == "buy museum"


def test_heuristic_takes_a_coin_rather_than_a_useless_card():
    city = ["school", "park", "hospital", "museum", "grocery", "bank", "florist"]
    state = position(2, {0: city}, coins={0: 2}, display=["factory"],
                     piles={"house": 0, "apartment": 0, "luxury": 0})
    assert legal(state) == ["buy factory", "coin"]
    assert str(heuristic.choose(state, 0, _rng())) == "coin"


def test_heuristic_ends_the_game_when_ahead_with_nine_cards():
    state = position(2, {0: LEADER, 1: TRAILER}, coins={0: 2}, display=["shoe_shop"], row=[],
                     piles={"house": 0, "apartment": 0, "luxury": 0})
    assert heuristic.card_worth(state, 0, "shoe_shop") < heuristic.WORTH_A_SLOT
    assert str(heuristic.choose(state, 0, _rng())) == "buy shoe_shop"


def test_heuristic_always_takes_a_legal_special():
    state = position(2, {0: ["school", "museum", "house"]}, row=["dinosaur_park", "film_studios"],
                     phase="special")
    assert str(heuristic.choose(state, 0, _rng())) == "special film_studios"


def test_heuristic_discards_only_when_nothing_in_the_display_is_worth_buying():
    keep = position(2, {0: ["school"]}, coins={0: 4}, display=["museum", "zoo"], phase="discard")
    assert str(heuristic.choose(keep, 0, _rng())) == "pass"
    city = [MARKET, "school", "park", "grocery", "bank", "florist", "hospital"]
    fish = position(2, {0: city}, coins={0: 1}, display=["factory", "zoo"], phase="discard")
    assert str(heuristic.choose(fish, 0, _rng())) == "discard factory"


def _rng():
    import random

    return random.Random(0)
