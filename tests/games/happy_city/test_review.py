"""Rules of the spec not pinned by the worked examples: one test per rule, by section."""

import random

import pytest

from ludoteca import IllegalAction
from ludoteca.games.happy_city import scoring
from ludoteca.games.happy_city.components import EXPERT_SPECIALS, FAMILY_SPECIALS, MARKET

from .positions import GAME, legal, position


def _main_seats(state):
    """Play every remaining decision: `coin` at each main step, the first legal action elsewhere."""
    seats = []
    while state.to_move:
        if state.phase == "main":
            seats.append(state.current)
            state.apply("coin")
        else:
            state.apply(state.legal_actions()[0])
    return seats


# ---- 3 setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("expert", [False, True])
def test_setup_row_box_and_empty_display(expert):
    for players in range(2, 6):
        state = GAME.new_state(players, seed=players, expert=expert)
        deck = EXPERT_SPECIALS if expert else FAMILY_SPECIALS
        assert len(state.row) == players + 2 and len(state.box) == len(deck) - players - 2
        assert sorted(state.row + state.box) == sorted(deck)
        assert state.cities == [[MARKET]] * players and state.specials == [None] * players
        assert state.display == [] and state.discards == [[], [], []] and not state.triggered
        assert [len(d) for d in state.decks] == [28, 20, 18]
        assert state.coins == ([2] * players if expert else [3] * players)


# ---- 4.2 income -----------------------------------------------------------------------------------


def test_special_income_counts_from_the_next_income_phase():
    state = position(3, {0: ["school", "house"]}, coins={0: 0}, row=["toy_shop"], phase="special")
    state.apply("special toy_shop")
    assert state.coins[0] == 0, "a family special has no effect when taken"
    while state.round < 2:
        state.apply("coin" if state.phase == "main" else state.legal_actions()[0])
    assert state.coins[0] == 1 + 2


# ---- 4.3 discard ----------------------------------------------------------------------------------


def test_any_display_card_may_be_discarded_even_one_owned():
    state = position(3, {0: ["museum"]}, display=["grocery", "museum", "spa"], phase="discard")
    assert legal(state) == ["pass", "discard grocery", "discard museum", "discard spa"]
    state.apply("discard museum")
    assert state.discards == [[], ["museum"], []] and state.phase == "refill"
    assert state.log[-1] == "0: discard museum"


def test_two_copies_in_the_display_are_one_action():
    state = position(3, display=["museum", "museum", "zoo"], coins={0: 9}, phase="discard")
    assert legal(state) == ["pass", "discard museum", "discard zoo"]
    state.apply("pass")
    assert legal(state) == ["buy museum", "buy zoo", "buy house", "buy apartment", "buy luxury", "coin"]
    state.apply("buy museum")
    assert state.display == ["museum", "zoo"] and state.cities[0] == [MARKET, "museum"]


# ---- 4.4 refill -----------------------------------------------------------------------------------


def test_refill_is_compulsory_and_draws_the_top_card():
    state = position(3, display=["museum"], phase="discard")
    state.decks[2][:2] = ["zoo", "spa"]
    state.apply("pass")
    assert legal(state) == ["draw 1", "draw 2", "draw 3"], "no way to stop drawing"
    state.apply("draw 3")
    assert state.log[-1] == "*: reveal 3 zoo" and state.decks[2][0] == "spa"
    state.apply("draw 3")
    assert state.display == ["museum", "spa", "zoo"] and state.phase == "main"


# ---- 4.5 main action ------------------------------------------------------------------------------


def test_same_name_rule_allows_twin_cards_with_other_names():
    state = position(3, {0: ["factory"]}, display=["factory", "steelworks", "zoo"])
    assert legal(state) == ["buy steelworks", "buy house", "buy apartment", "coin"]


def test_purchases_pay_fill_the_next_slot_and_leave_the_display_short():
    state = position(3, {0: ["grocery"]}, coins={0: 5}, display=["museum", "spa", "zoo"])
    state.apply("buy apartment")
    assert state.coins[0] == 2 and state.piles["apartment"] == 1
    assert state.cities[0] == [MARKET, "grocery", "apartment"]
    state = position(3, coins={0: 5}, display=["museum", "spa", "zoo"])
    state.apply("buy museum")
    assert state.coins[0] == 1 and state.display == ["spa", "zoo"]
    assert state.to_move == (1,) and state.phase == "discard"
    state.apply("pass")
    assert state.phase == "refill", "the next player refills in step 2"


def test_an_empty_residence_pile_stays_empty():
    state = position(2, coins={0: 9, 1: 9}, display=["museum", "spa", "zoo"])
    state.apply("buy luxury")
    assert state.piles["luxury"] == 0
    state.apply("pass")
    assert "buy luxury" not in legal(state)


def test_empty_pile_message_as_in_the_spec():
    state = position(3, piles={"apartment": 0}, coins={0: 9})
    with pytest.raises(IllegalAction, match="no Apartment Building left"):
        state.apply("buy apartment")


def test_coin_gives_one_coin_and_skips_the_special_step_when_nothing_is_legal():
    state = position(3, {0: ["school"]}, coins={0: 0}, row=["dinosaur_park"])
    state.apply("coin")
    assert state.coins[0] == 1 and state.to_move == (1,)


# ---- 4.7 end, 8 scoring, 10.4 round limit ---------------------------------------------------------


def test_round_limit_ends_after_the_last_seat_of_that_round():
    state = GAME.new_state(3, seed=9, round_limit=3)
    seats = _main_seats(state)
    assert seats == [0, 1, 2] * 3 and state.round == 3 and not state.triggered
    assert state.coins == [2 + 3 + 3] * 3, "no income phase after the last round"
    assert state.result().winners == [0, 1, 2]


def test_round_limit_still_asks_for_the_sphinx_choice():
    state = position(2, {0: ["school", "house", "igloo", "sphinx"]}, expert=True, current=1)
    state.round_limit = 1
    state.apply("coin")
    assert state.phase == "final_choice" and legal(state) == ["sphinx box"]


def test_grand_theatre_can_make_the_final_score_negative():
    city = [MARKET, "grocery", "diy_store", "perfume_shop", "grand_theatre", "school"]
    part = scoring.score_city([city, [MARKET]], [0, 1], 0)
    assert part["points"] == 0 and part["score"] == -(1 + 1 + 2 + 2)


# ---- 6 hidden information -------------------------------------------------------------------------


def _scrambled(state):
    other = state.clone()
    other.decks = [list(reversed(d)) for d in other.decks]
    other.discards = [["zoo"] * len(d) for d in other.discards]
    return other


@pytest.mark.parametrize("expert", [False, True])
def test_nothing_hidden_reaches_any_seat(expert):
    state = GAME.new_state(3, seed=6, expert=expert)
    rng = random.Random(6)
    while state.round < 4:
        state.apply(rng.choice(state.legal_actions()))
    assert any(state.discards)
    other = _scrambled(state)
    for seat in (0, 1, 2, None):
        assert other.view(seat) == state.view(seat) == state.view(0)
        assert other.render("en", player=seat) == state.render("en", player=seat)
        assert other.render("es", player=seat, markup=True) == state.render("es", player=seat, markup=True)
        assert other.visible_history(seat) == state.visible_history(seat)
        assert not any(text.startswith("*") for _, text in state.visible_history(seat))


def test_determinize_keeps_everything_public():
    state = GAME.new_state(4, seed=3, expert=True)
    rng = random.Random(3)
    while state.round < 3:
        state.apply(rng.choice(state.legal_actions()))
    sample = state.determinize(2, random.Random(9))
    for name in ("display", "discards", "piles", "row", "box", "cities", "coins", "markets", "specials",
                 "round", "current", "phase", "log"):
        assert getattr(sample, name) == getattr(state, name), name
    assert [sorted(d) for d in sample.decks] == [sorted(d) for d in state.decks]
    assert sample.legal_actions() == state.legal_actions()


# ---- 10.2 expert rulings not covered by a worked example ------------------------------------------


def test_fairy_castle_pays_once_per_purchase_with_two_players():
    state = position(2, {1: ["fairy_castle"]}, coins={0: 9, 1: 0}, expert=True,
                     display=["museum", "spa", "zoo"])
    state.apply("buy zoo")
    assert state.coins == [1, 1], "the single opponent is both neighbours, but pays once"


def test_fairy_castle_ignores_its_owners_own_purchases():
    state = position(3, {0: ["fairy_castle"]}, coins={0: 9}, expert=True, display=["museum", "zoo", "spa"])
    state.apply("buy zoo")
    assert state.coins[0] == 1


def test_open_road_survives_a_coin_turn_and_covers_residences():
    state = position(3, {0: ["open_road"]}, coins={0: 0}, expert=True, display=["museum", "spa", "zoo"])
    state.free_purchase[0] = True
    assert legal(state) == ["buy museum", "buy spa", "buy zoo", "buy house", "buy apartment", "buy luxury",
                            "coin"]
    state.apply("coin")
    assert state.free_purchase[0] and state.coins[0] == 1
    state.current, state.phase, state._legal_cache = 0, "main", {}
    state.apply("buy luxury")
    assert state.coins[0] == 1 and not state.free_purchase[0]


def test_tree_market_clamps_crossed_out_people_to_zero():
    state = position(2, {0: ["tree_market", "haunted_house", "spa"]}, expert=True)
    assert scoring.income(state.cities, state.markets, 0) == 1 + 1 + 2


def test_sphinx_copies_a_slot_effect_from_its_own_slot():
    owner = [MARKET, "school", "sphinx", "spa"]
    left = [MARKET, "grocery", "museum"]
    right = [MARKET, "grocery", "hospital", "desert_pyramid"]
    part = scoring.score_city([owner, left, right], [0, 1, 2], 0, sphinx_copy="desert_pyramid")
    # slot 3 of the neighbours: museum (0, 2) on the left gives 1 x 4, hospital (2, 0) on the right 3 x 2
    assert (part["effect_people"], part["effect_hearts"]) == (2, 0) and part["score"] == 3 * 2
    right[2] = "school"
    part = scoring.score_city([owner, left, right], [0, 1, 2], 0, sphinx_copy="desert_pyramid")
    assert (part["effect_people"], part["effect_hearts"]) == (0, 2) and part["score"] == 1 * 4, "tie: left"


def test_on_take_effects_resolve_at_once_and_cost_effects_wait():
    state = position(3, {0: ["school", "house", "igloo"]}, coins={0: 0}, row=["party_hat_house", "airport"],
                     expert=True, markets="OYB", phase="special")
    state.apply("special party_hat_house")
    assert state.coins[0] == 5 and state.to_move == (1,)


def test_w12_bridge_condition_counts_the_blue_happy_market():
    city = ["school", "grocery", "igloo", "museum", "spa"]
    state = position(3, {2: city}, expert=True, markets="YGB", current=2, phase="special",
                     row=["fairy_castle", "suspension_bridge"])
    assert legal(state) == ["pass", "special suspension_bridge"]
    state.apply("special suspension_bridge")
    assert state.cities[2].index("suspension_bridge") == 6


def test_young_players_option_sums_people_and_hearts():
    state = GAME.new_state(2, seed=1, young_players=True)
    state.cities[0] = [MARKET, "school", "museum", "hospital", "spa"]
    assert state.breakdown()[0]["score"] == 3 + 4
    state = GAME.new_state(2, seed=1)
    state.cities[0] = [MARKET, "school", "museum", "hospital", "spa"]
    assert state.breakdown()[0]["score"] == 3 * 4


def test_forced_single_choices_are_still_decisions():
    state = position(3, display=["museum", "spa"], phase="refill")
    state.decks[0], state.decks[1], state.discards = [], [], [[], [], []]
    state._legal_cache = {}
    assert legal(state) == ["draw 3"] and state.to_move == (0,)
    state = GAME.new_state(5, seed=2, expert=True)
    for colour in ("yellow", "blue", "green", "orange"):
        state.apply(f"market {colour}")
    assert state.phase == "draft" and legal(state) == ["market purple"]
    state.apply("market purple")
    assert state.markets == [4, 3, 2, 1, 0] and state.log[-1] == "0: market purple"
