"""Expert mode: the worked examples W11-W16, the draft, and one test per expert special (10.2)."""

import random

import pytest

from ludoteca import IllegalAction
from ludoteca.games.happy_city import scoring
from ludoteca.games.happy_city.components import EXPERT_SPECIALS, MARKET

from .positions import GAME, legal, position


def score(state, player):
    return state.breakdown()[player]


def income_after_round(state):
    """Finish the round with `coin` by the last seat (current) and return everyone's coins."""
    state.apply("coin")
    return list(state.coins)


# ---- setup --------------------------------------------------------------------------------------


def test_expert_setup_and_reverse_draft():
    state = GAME.new_state(3, seed=4, expert=True)
    assert state.phase == "draft" and state.to_move == (2,) and len(state.row) == 5
    assert set(state.row) <= set(EXPERT_SPECIALS) and len(state.box) == 32
    assert legal(state) == ["market yellow", "market blue", "market green", "market orange", "market purple"]
    state.apply("market blue")
    assert state.to_move == (1,)
    assert legal(state) == ["market yellow", "market green", "market orange", "market purple"]
    state.apply("market purple")
    state.apply("market yellow")
    assert state.markets == [0, 4, 1] and state.round == 1 and state.coins == [3, 3, 3]
    assert state.to_move == (0,) and state.phase == "refill"


def test_coloured_market_counts_for_conditions():
    state = position(3, {0: ["school"]}, expert=True, markets="BYG", row=["dinosaur_park", "sushi_bar"],
                     phase="special")
    state.row = ["liberty_statue", "royal_palace"]
    state.cities[0] = [MARKET, "school", "grocery"]
    state._legal_cache = {}
    assert legal(state) == ["pass", "special royal_palace"]


# ---- worked examples ------------------------------------------------------------------------------


def _w11(special="hot_dog_stand"):
    return position(3, {0: ["fairy_castle"], 1: [special]}, coins={0: 3, 1: 5}, expert=True, current=1,
                    display=["bookshop", "museum", "stadium"])


def test_w11_hot_dog_stand_costs():
    state = _w11()
    costs = {k: state.cost(1, k) for k in ("bookshop", "museum", "stadium", "house", "apartment", "luxury")}
    assert costs == {"bookshop": 1, "museum": 4, "stadium": 6, "house": 1, "apartment": 3, "luxury": 6}
    assert legal(state) == ["buy bookshop", "buy museum", "buy house", "buy apartment", "coin"]


def test_w11_fairy_castle_trigger():
    state = _w11()
    state.apply("buy museum")
    assert state.coins[0] == 4 and state.coins[1] == 1
    state = _w11()
    state.apply("buy bookshop")
    assert state.coins[0] == 3


def test_fairy_castle_ignores_non_neighbours():
    state = position(4, {0: ["fairy_castle"]}, coins={0: 3, 2: 9}, expert=True, current=2,
                     display=["museum", "zoo", "spa"])
    state.apply("buy zoo")
    assert state.coins[0] == 3


def test_w11_railway_station_costs():
    state = _w11("railway_station")
    assert [state.cost(1, k) for k in ("stadium", "spa", "grand_hotel", "haunted_house")] == [6, 4, 2, 0]


def test_w12_suspension_bridge():
    city = [MARKET, "school", "grocery", "igloo", "museum", "spa", "suspension_bridge", "police_station",
            "house"]
    part = scoring.score_city([[MARKET], [MARKET], city], [0, 2, 1], 2)
    assert (part["effect_people"], part["effect_hearts"]) == (1, 1)
    assert (part["people"], part["hearts"], part["score"]) == (5, 5, 25)
    three = [MARKET, "school", "grocery", "igloo", "museum", "hospital", "suspension_bridge", "library"]
    assert scoring.score_city([three], [1], 0)["effect_hearts"] == 2


def test_w13_burger_joint_majority():
    def burger(blue):
        cities = [[MARKET, "burger_joint", *blue], [MARKET, "school", "museum", "hospital"],
                  [MARKET, "library"]]
        return scoring.score_city(cities, [0, 2, 3], 0)["effect_hearts"]
    assert burger(["school", "police_station", "museum"]) == 2
    assert burger(["school", "police_station", "museum", "observatory"]) == 3
    assert burger(["school", "police_station"]) == 1


def test_w13_jungle_pyramid_needs_strictly_the_most():
    green = ["house", "apartment", "luxury", "igloo"]
    cities = [[MARKET, *green], [MARKET, "house"], [MARKET, "jungle_pyramid", *green]]
    assert scoring.score_city(cities, [0, 2, 3], 2)["effect_hearts"] == 1
    cities[0] = [MARKET, "house"]
    assert scoring.score_city(cities, [0, 2, 3], 2)["effect_hearts"] == 3


@pytest.mark.parametrize("size,hearts", [(8, 4), (9, 2), (10, 0), (5, 4)])
def test_w13_stone_head(size, hearts):
    filler = ["grocery", "shoe_shop", "florist", "pastry_shop", "bookshop", "bank", "igloo", "house"]
    city = [MARKET, "stone_head", *filler[: size - 2]]
    assert scoring.score_city([[MARKET], city], [0, 1], 1)["effect_hearts"] == hearts


def _w14(seat0_coins=0):
    cities = {0: ["arcade_hall", "diy_store", "grocery"], 1: ["royal_palace", "grocery", "shoe_shop"],
              2: ["barber_shop", "bank"]}
    return position(3, cities, coins={0: seat0_coins, 1: 1, 2: 5}, expert=True, current=2)


def test_w14_income_phase_order():
    state = _w14()
    assert [scoring.income(state.cities, state.markets, p) for p in range(3)] == [4, 3, 5]
    assert income_after_round(state) == [4, 5, 10]
    assert income_after_round(_w14(1)) == [7, 5, 10]


def test_royal_palace_takes_from_each_richest_opponent():
    state = position(3, {0: ["royal_palace"]}, coins={0: 0, 1: 5, 2: 5}, expert=True, current=2)
    state.coins[2] = 4
    assert income_after_round(state) == [3, 5, 5]


def test_barber_shop_needs_strictly_the_lowest_base_income():
    state = position(3, {0: ["barber_shop"], 1: ["grocery"]}, expert=True)
    assert scoring.income(state.cities, state.markets, 0) == 1
    state.cities[2] = [MARKET, "bank"]
    assert scoring.income(state.cities, state.markets, 0) == 4


def test_arcade_hall_before_income():
    state = position(2, {0: ["arcade_hall"]}, coins={0: 1}, expert=True, current=1)
    assert income_after_round(state)[0] == 1 + 2 + 1
    state = position(2, {0: ["arcade_hall"]}, coins={0: 0}, expert=True, current=1)
    assert income_after_round(state)[0] == 1


W15_CITY = ["school", "police_station", "library", "grocery", "igloo", "bank", "park", "apartment"]


def test_w15_liberty_statue():
    state = position(3, {0: W15_CITY}, piles={"apartment": 0}, row=["liberty_statue"], markets="YBG",
                     expert=True, phase="special")
    assert legal(state) == ["pass", "special liberty_statue"]
    state.apply("special liberty_statue")
    assert state.piles["apartment"] == 1 and state.cities[0][-1] == "liberty_statue"
    assert len(state.cities[0]) == 9 and not state.triggered
    assert (score(state, 0)["people"], score(state, 0)["hearts"], score(state, 0)["score"]) == (4, 6, 24)


def test_liberty_statue_at_ten_cards_discards_a_building():
    state = position(3, {0: [*W15_CITY[:-1], "museum", "zoo"]}, row=["liberty_statue", "sushi_bar"],
                     expert=True, markets="YBG", phase="special")
    assert legal(state) == ["pass", "special liberty_statue"]
    state.apply("special liberty_statue")
    assert state.discards[2] == ["zoo"] and len(state.cities[0]) == 10


def _w16():
    city = ["school", "police_station", "house", "igloo", "library", "park", "sphinx", "spa", "zoo"]
    state = position(3, {0: city, 1: ["sushi_bar"], 2: ["great_wall"]}, expert=True, markets="YBG",
                     current=2)
    state.triggered = True
    state.box = [k for k in EXPERT_SPECIALS
                 if k not in ("sphinx", "sushi_bar", "great_wall", "airport", "cargo_harbour")]
    state.apply("coin")
    return state


def test_w16_sphinx_final_choice():
    state = _w16()
    assert state.phase == "final_choice" and state.to_move == (0,)
    assert legal(state) == ["sphinx sushi_bar", "sphinx great_wall", "sphinx box"]
    assert score(state, 0)["score"] == 4 * 7
    copy = state.clone()
    copy.apply("sphinx great_wall")
    assert copy.is_over and score(copy, 0)["effect_hearts"] == 3 and score(copy, 0)["score"] == 40
    copy = state.clone()
    copy.apply("sphinx sushi_bar")
    assert score(copy, 0)["score"] == 28
    assert len(state.box) == 32
    oracle = random.Random()
    oracle.setstate(state.rng.getstate())
    expected = oracle.choice(state.box)
    state.apply("sphinx box")
    assert state.sphinx_copy == expected and state.log[-1] == f"*: sphinx_box {expected}"


def test_sphinx_box_is_the_only_choice_without_opponent_specials():
    state = position(2, {0: ["sphinx"]}, expert=True, phase="final_choice")
    assert legal(state) == ["sphinx box"]


def test_sphinx_copies_printed_symbols_and_art_gallery():
    cities = [[MARKET, "spa", "sphinx"], [MARKET]]
    assert scoring.score_city(cities, [None, None], 0, sphinx_copy="liberty_statue")["hearts"] == 6
    assert scoring.score_city(cities, [None, None], 0, sphinx_copy="art_gallery")["hearts"] == 4


# ---- one test per special -------------------------------------------------------------------------


def test_desert_pyramid_copies_the_best_neighbour_card():
    owner = [MARKET, "school", "factory", "desert_pyramid", "luxury", "park"]
    cities = [owner, [MARKET, "grocery", "bank", "museum"], [MARKET, "grocery", "bank", "hospital"]]
    part = scoring.score_city(cities, [0, 1, 2], 0)
    assert (part["effect_people"], part["effect_hearts"], part["score"]) == (0, 2, 8)
    cities[1][3] = "sushi_bar"
    assert scoring.score_city(cities, [0, 1, 2], 0)["effect_people"] == 2


def test_party_hat_house_pays_per_card():
    state = position(3, {0: ["house", "igloo", "school", "bank"]}, coins={0: 0}, row=["party_hat_house"],
                     expert=True, phase="special")
    state.apply("special party_hat_house")
    assert state.coins[0] == 6


def test_cargo_harbour_discounts_blue():
    state = position(3, {0: ["cargo_harbour"]}, expert=True)
    assert [state.cost(0, k) for k in ("museum", "school", "laboratory", "spa")] == [1, 0, 3, 7]


def test_airport_discounts_green_and_residences():
    state = position(3, {0: ["airport"]}, expert=True)
    keys = ("house", "apartment", "luxury", "treehouse", "museum")
    assert [state.cost(0, k) for k in keys] == [0, 0, 3, 5, 4]


def test_art_gallery_copies_the_previous_card():
    city = [MARKET, "spa", "art_gallery"]
    assert scoring.card_income(city) == 1 + 2 + 2
    assert scoring.score_city([city, [MARKET]], [0, 1], 0)["hearts"] == 4


def test_bowling_alley_income():
    state = position(2, {0: ["bowling_alley", "factory", "garage"]}, expert=True, markets="PY")
    assert scoring.income(state.cities, state.markets, 0) == 1 + 1 + 2 + 3 * 3


def test_grand_theatre_doubles_income_now_and_costs_points_at_end():
    city = ["diy_store", "school", "house", "luxury", "museum"]
    state = position(3, {0: city}, coins={0: 0}, row=["grand_theatre"], markets="YBG", expert=True,
                     phase="special")
    state.apply("special grand_theatre")
    assert state.coins[0] == 2 * 3
    part = score(state, 0)
    assert part["points"] == 5 * 2 and part["score"] == 10 - 3


def test_open_road_makes_the_next_purchase_free():
    state = position(3, {0: ["school", "museum", "factory"], 2: ["fairy_castle"]}, coins={0: 0, 2: 3},
                     row=["open_road"], expert=True, markets="YGO", phase="special",
                     display=["zoo", "spa", "bank"])
    state.apply("special open_road")
    assert state.free_purchase[0] and state.cost(0, "zoo") == 0
    state.current, state.phase, state._legal_cache = 0, "main", {}
    assert "buy zoo" in legal(state)
    state.apply("buy zoo")
    assert state.coins[0] == 0 and state.coins[2] == 3 and not state.free_purchase[0]
    assert state.cost(0, "spa") == 7


def test_spiral_tower_gives_everyone_a_coin():
    state = position(3, {0: ["grocery", "house", "factory"]}, coins={0: 0, 1: 1, 2: 2},
                     row=["spiral_tower"], expert=True, markets="OBO", phase="special")
    state.apply("special spiral_tower")
    assert state.coins == [1, 2, 3] and score(state, 0)["hearts"] == 2 - 1


def test_giant_safe_income():
    state = position(3, {0: ["giant_safe", "grocery"], 1: ["bank"], 2: ["florist", "bank"]}, expert=True,
                     markets="BGO")
    assert scoring.income(state.cities, state.markets, 0) == 2 + 2
    state.cities[1] = [MARKET, "school"]
    assert scoring.income(state.cities, state.markets, 0) == 2


def test_mountain_citadel_counts_the_left_neighbours_orange():
    cities = [[MARKET, "mountain_citadel"], [MARKET, "spa", "zoo"], [MARKET, "casino", "zoo", "spa"]]
    assert scoring.score_city(cities, [0, 3, 1], 0)["effect_people"] == 3


def test_clock_tower_coin_gives_three():
    state = position(3, {0: ["clock_tower"]}, coins={0: 0}, expert=True)
    state.apply("coin")
    assert state.coins[0] == 3


def test_stone_circle_takes_the_best_neighbour():
    cities = [[MARKET, "stone_circle", "zoo"], [MARKET, "school"], [MARKET, "school", "museum", "hospital"],
              [MARKET, "museum", "library"]]
    assert scoring.score_city(cities, [0, 2, 3, 1], 0)["effect_people"] == 3
    assert scoring.score_city(cities, [0, 2, 3, 4], 0)["effect_people"] == 2
    cities[0] = [MARKET, "stone_circle"]
    assert scoring.score_city(cities, [0, 2, 3, 1], 0)["effect_people"] == 1, "no hearts: left on a tie"


def test_sushi_bar_income():
    state = position(2, {0: ["sushi_bar", "school", "museum"]}, expert=True, markets="BY")
    assert scoring.income(state.cities, state.markets, 0) == 1 + 3


def test_wind_turbine_hearts_per_green():
    cities = [[MARKET, "wind_turbine", "house", "igloo"], [MARKET]]
    assert scoring.score_city(cities, [2, 0], 0)["effect_hearts"] == 3


def test_white_mausoleum_compares_with_neighbours():
    cities = [[MARKET, "white_mausoleum"], [MARKET, "grocery"], [MARKET, "bank"]]
    assert scoring.score_city(cities, [0, 1, 2], 0)["effect_hearts"] == 3
    cities[2] = [MARKET]
    assert scoring.score_city(cities, [0, 1, 2], 0)["effect_hearts"] == 1


def test_glass_pyramid_museum_two_income_phases():
    state = position(3, {0: ["house", "grocery", "factory", "spa"], 1: ["diy_store", "offices"]},
                     coins={0: 0, 1: 0, 2: 0}, row=["glass_pyramid_museum"], expert=True, markets="YGO",
                     phase="special")
    state.apply("special glass_pyramid_museum")
    assert state.pyramid_left[0] == 2
    gains = []
    for _ in range(3):
        before = state.coins[0]
        state.current, state.phase, state._legal_cache = 2, "main", {}
        state.apply("coin")
        gains.append(state.coins[0] - before)
    assert gains == [5 + 5, 5 + 5, 5] and state.pyramid_left[0] == 0


def test_tree_market_income_pairs():
    state = position(2, {0: ["tree_market", "luxury", "spa", "zoo"]}, expert=True)
    assert scoring.income(state.cities, state.markets, 0) == 1 + 2 + 3


def test_croissant_bakery_income():
    state = position(2, {0: ["croissant_bakery", "house", "igloo"]}, expert=True, markets="GY")
    assert scoring.income(state.cities, state.markets, 0) == 1 + 1 + 2 * 3


def test_leaning_tower_hearts_from_neighbour_yellow():
    cities = [[MARKET, "leaning_tower", "luxury"], [MARKET, "grocery"],
              [MARKET, "bank", "florist", "grocery"]]
    assert scoring.score_city(cities, [1, 2, 0], 0)["effect_hearts"] == 4


def test_great_wall_next_two_cards():
    assert scoring.score_city([[MARKET, "great_wall", "spa", "zoo"]], [0], 0)["effect_hearts"] == 3
    assert scoring.score_city([[MARKET, "great_wall", "spa", "bank"]], [0], 0)["effect_hearts"] == 1
    assert scoring.score_city([[MARKET, "great_wall", "spa"]], [0], 0)["effect_hearts"] == 1


def test_billiard_hall_counts_colours_before_it():
    state = position(2, {0: ["school", "grocery", "bank", "billiard_hall", "house"]}, expert=True,
                     markets="BY")
    assert scoring.income(state.cities, state.markets, 0) == 1 + 1 + 1 + 2


def test_onion_dome_cathedral_without_orange():
    assert scoring.score_city([[MARKET, "onion_dome_cathedral"]], [0], 0)["effect_hearts"] == 3
    assert scoring.score_city([[MARKET, "onion_dome_cathedral"]], [3], 0)["effect_hearts"] == 0


def test_city_garden_doubles_below_thirty():
    assert scoring.score_city([[MARKET, "city_garden", "luxury", "zoo"]], [0], 0)["score"] == 18
    big = [MARKET, "city_garden", "luxury", "apartment", "zoo", "spa"]
    assert scoring.score_city([big], [0], 0)["score"] == 25 * 2
    assert scoring.score_city([big + ["museum"]], [0], 0)["score"] == 35
    assert scoring.score_city([big], [0], 0, young=True)["score"] == 20


def test_ancient_temple_without_green():
    assert scoring.score_city([[MARKET, "ancient_temple", "zoo"]], [0], 0)["score"] == 4 * 3
    assert scoring.score_city([[MARKET, "ancient_temple", "zoo"]], [2], 0)["score"] == 0


def test_family_specials_are_not_in_the_expert_row():
    state = position(3, {0: ["school", "museum", "house"]}, expert=True, phase="special",
                     row=["film_studios", "airport"])
    with pytest.raises(IllegalAction):
        state.apply("special airport")


def test_sphinx_copies_point_modifiers_for_its_owner():
    cities = [[MARKET, "luxury", "zoo", "sphinx"], [MARKET, "grocery"]]
    assert scoring.score_city(cities, [0, 1], 0, sphinx_copy="city_garden")["score"] == 18
    assert scoring.score_city(cities, [0, 1], 0, sphinx_copy="grand_theatre")["score"] == 9 - 1
    assert scoring.score_city(cities, [0, 1], 0, sphinx_copy="great_wall")["effect_hearts"] == 1
