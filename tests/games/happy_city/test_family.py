"""The family-mode worked examples of the spec (section 11, W1-W10) and the rules they illustrate."""

import pytest

from ludoteca import IllegalAction
from ludoteca.games.happy_city import scoring
from ludoteca.games.happy_city.components import CARDS, MARKET

from .positions import GAME, legal, position

W1_CITY = [MARKET, "house", "school", "shoe_shop", "museum", "film_studios", "steelworks", "spa",
           "luxury", "zoo"]
W10_CITY = [MARKET, "haunted_house", "factory", "steelworks", "grocery", "shoe_shop", "museum",
            "observatory", "florist", "pastry_shop"]


def test_card_data_matches_the_box():
    assert sum(1 for c in CARDS.values() if c.kind == "building") == 33
    assert [sum(2 for c in CARDS.values() if c.kind == "building" and c.deck == d) for d in (1, 2, 3)] == [
        28, 20, 18]
    assert sum(1 for c in CARDS.values() if c.kind == "family") == 18
    assert sum(1 for c in CARDS.values() if c.kind == "expert") == 37
    assert CARDS["haunted_house"].name("es") == "Casa encantada" and CARDS["zoo"].name("es") == "Zoo"


def test_w1_printed_example_city_scores_40():
    score = scoring.score_city([W1_CITY], [None], 0)
    assert (score["people"], score["hearts"], score["score"]) == (5, 8, 40)
    assert scoring.score_city([W1_CITY], [None], 0, young=True)["score"] == 13
    assert scoring.family_income(W1_CITY) == 7


def test_w1_film_studios_was_legal_at_slot_6():
    state = position(3, {0: W1_CITY[:5]}, row=["film_studios", "cat_cafe"], phase="special")
    assert legal(state) == ["pass", "special film_studios"]
    state.apply("special film_studios")
    assert state.cities[0][5] == "film_studios"


def test_w2_round_one_opening():
    state = GAME.new_state(3, seed=11)
    assert state.coins == [3, 3, 3] and state.round == 1
    assert legal(state) == ["draw 1", "draw 2", "draw 3"]
    state.decks[0][:2] = ["grocery", "factory"]
    state.decks[1][0] = "museum"
    for deck in ("1", "1", "2"):
        state.apply(f"draw {deck}")
    assert state.log[-6:] == ["0: draw 1", "*: reveal 1 grocery", "0: draw 1", "*: reveal 1 factory",
                              "0: draw 2", "*: reveal 2 museum"]
    assert legal(state) == ["buy factory", "buy grocery", "buy house", "buy apartment", "coin"]
    state.apply("buy grocery")
    assert state.coins[0] == 1 and state.cities[0] == [MARKET, "grocery"]
    assert state.to_move == (1,) and state.phase == "discard"
    assert legal(state) == ["pass", "discard factory", "discard museum"]
    state.apply("discard museum")
    assert [len(d) for d in state.discards] == [0, 1, 0] and state.display == ["factory"]
    assert legal(state) == ["draw 1", "draw 2", "draw 3"]
    state.apply("draw 3")
    assert legal(state) == ["draw 1", "draw 2", "draw 3"]


def test_w3_income_phase():
    city = [MARKET, "grocery", "diy_store", "offices", "school", "house", "toy_shop"]
    assert scoring.family_income(city) == 8
    state = position(3, {0: city}, coins={0: 3}, current=2)
    state.apply("coin")
    assert state.round == 2 and state.coins[0] == 11


def test_w4_legality_of_buying():
    state = position(3, {2: ["school", "florist", "house", "igloo"]}, coins={2: 4},
                     display=["school", "museum", "spa"], piles={"house": 2, "apartment": 0, "luxury": 1},
                     current=2)
    assert legal(state) == ["buy museum", "coin"]
    reasons = {
        "buy school": "your city already has School (Escuela)",
        "buy spa": "Spa costs 7, you have 4 coins",
        "buy house": "your city already has House (Casa)",
        "buy apartment": "no Apartment Building left",
        "buy luxury": "Luxury Residence costs 6, you have 4 coins",
        "buy zoo": "Zoo (Zoo) is not in the central display",
        "draw 1": "you cannot draw now",
    }
    for text, reason in reasons.items():
        with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
            state.apply(text)


W5_CITY = ["school", "police_station", "house", "museum", "igloo", "grocery", "florist", "bank"]
W5_ROW = ["cat_cafe", "disco", "candy_factory", "film_studios", "mars_embassy", "unicorn_ranch"]


def _w5():
    return position(4, {1: W5_CITY}, coins={1: 6}, display=["park", "hospital", "zoo"],
                    piles={"house": 1, "apartment": 1, "luxury": 1}, row=W5_ROW, current=1)


def test_w5_ten_slots_and_specials():
    state = _w5()
    assert legal(state) == ["buy park", "buy hospital", "buy apartment", "buy luxury", "coin"]
    state.apply("buy hospital")
    assert state.coins[1] == 2 and len(state.cities[1]) == 10
    assert state.triggered and state.to_move == (2,)
    other = _w5()
    other.apply("coin")
    assert other.coins[1] == 7
    assert legal(other) == ["pass", "special cat_cafe", "special film_studios"]
    with pytest.raises(IllegalAction, match="Disco needs B1 P1, your city has Y3 B3 G2"):
        other.apply("special disco")
    other.apply("special film_studios")
    assert len(other.cities[1]) == 10 and other.triggered and other.to_move == (2,)


def test_w6_special_conditions():
    row = ["dinosaur_park", "cat_cafe", "toy_shop", "film_studios", "maze"]
    state = position(3, {0: ["house", "school", "shoe_shop"]}, coins={0: 4},
                     display=["museum", "factory", "zoo"], row=row)
    state.apply("buy museum")
    assert legal(state) == ["pass", "special dinosaur_park", "special toy_shop", "special film_studios"]
    state = position(3, {0: ["house", "school", "shoe_shop"]}, coins={0: 4},
                     display=["museum", "factory", "zoo"], row=row)
    state.apply("coin")
    assert legal(state) == ["pass", "special toy_shop"]


def test_one_special_per_player_per_game():
    state = position(3, {0: ["house", "school", "museum", "film_studios"]}, row=["toy_shop"])
    state.apply("coin")
    assert state.to_move == (1,)
    state = position(3, {0: ["house", "school", "museum", "film_studios"]}, row=["toy_shop"],
                     phase="special")
    with pytest.raises(IllegalAction, match="you already took a special building"):
        state.apply("special toy_shop")


def _w7(empty=False):
    state = position(3, display=["museum", "spa"], phase="discard")
    state.decks = [[], [], [] if empty else ["zoo", "casino", "laboratory", "university", "treehouse"]]
    state.discards = [[], [] if empty else ["hospital", "garage", "offices"], [] if empty else ["stadium"]]
    state._legal_cache = {}
    return state


def test_w7_refill_with_exhausted_decks():
    state = _w7()
    state.apply("discard spa")
    assert [len(d) for d in state.discards] == [0, 3, 2]
    assert legal(state) == ["draw 2", "draw 3"]
    with pytest.raises(IllegalAction, match="deck 1 and its discard pile are empty"):
        state.apply("draw 1")
    state.apply("draw 2")
    assert state.log[-2] == "*: reshuffle 2" and state.log[-1].startswith("*: reveal 2 ")
    assert len(state.decks[1]) == 2 and state.discards[1] == []
    assert legal(state) == ["draw 2", "draw 3"]


def test_w7_nothing_drawable_leaves_the_display_short():
    state = _w7(empty=True)
    state.display = ["museum"]
    state.apply("pass")
    assert state.phase == "main" and state.display == ["museum"]


def _w8(filler: int):
    nine = ["school", "police_station", "house", "museum", "igloo", "grocery", "florist", "bank"]
    state = position(4, {filler: nine}, coins={filler: 9}, display=["park", "hospital", "zoo"],
                     current=filler)
    state.round = 12
    state.apply("buy park")
    return state


def _finish_turns(state):
    """Play every remaining turn with `coin`; the seats that took a main action, in order."""
    seats = []
    while state.to_move:
        if state.phase == "main":
            seats.append(state.current)
            state.apply("coin")
        else:
            state.apply(state.legal_actions()[0])
    return seats


def test_w8_end_of_game_timing():
    state = _w8(1)
    assert state.triggered and state.to_move == (2,)
    assert _finish_turns(state) == [2, 3]
    assert state.is_over and state.round == 12
    assert _w8(3).is_over
    assert _finish_turns(_w8(0)) == [1, 2, 3]


def test_w9_ties():
    forty, thirty_six = W1_CITY, [MARKET, "luxury", "apartment", "house", "museum", "observatory",
                                  "park", "library"]
    state = position(4, {0: forty, 1: forty, 2: forty, 3: thirty_six}, coins={0: 3, 1: 5, 2: 5, 3: 9})
    result = state.result()
    assert result.scores == [40, 40, 40, 36]
    assert result.winners == [1, 2] and result.ranking == [3, 1, 1, 4] and result.tiebreak == "draw"
    state = position(2, {0: thirty_six, 1: thirty_six}, coins={0: 2, 1: 1})
    result = state.result()
    assert result.winners == [0] and result.tiebreak == "coins"


def test_w10_negative_totals_are_clamped():
    score = scoring.score_city([W10_CITY], [None], 0)
    assert (score["people"], score["hearts"], score["score"]) == (-1, 4, 0)
    assert scoring.score_city([W10_CITY], [None], 0, young=True)["score"] == 4
    assert scoring.family_income(W10_CITY) == 8


def test_setup_by_player_count():
    for players in range(2, 6):
        state = GAME.new_state(players, seed=players)
        assert state.piles == {"house": players - 1, "apartment": players - 1, "luxury": players - 1}
        assert len(state.row) == players + 2 and state.coins == [3] * players
        assert sum(len(d) for d in state.decks) == 66


def test_setup_follows_the_reference_procedure():
    import json
    import random
    from importlib import resources

    from ludoteca.games.happy_city.components import FAMILY_SPECIALS
    raw = json.loads(resources.files("ludoteca.games.happy_city").joinpath("data/buildings.json").read_text())
    catalogue = sorted(raw["buildings"], key=lambda b: b["index"])
    rng = random.Random(5)
    decks = []
    for d in (1, 2, 3):
        deck = [b["key"] for b in catalogue if b["deck"] == d for _ in range(b["copies"])]
        rng.shuffle(deck)
        decks.append(deck)
    specials = list(FAMILY_SPECIALS)
    rng.shuffle(specials)
    state = GAME.new_state(3, seed=5)
    assert state.decks == decks and set(state.row) == set(specials[:5])
    assert state.log[0] == "*: specials " + ",".join(k for k in FAMILY_SPECIALS if k in specials[:5])


def test_discarded_card_can_return_after_a_reshuffle():
    state = position(3, display=["museum", "spa", "zoo"], phase="discard")
    state.decks[1] = []
    state.apply("discard museum")
    state.apply("draw 2")
    assert state.display.count("museum") == 1 and state.log[-2] == "*: reshuffle 2"


def test_hidden_information_is_not_in_views():
    state = GAME.new_state(3, seed=2)
    for _ in range(3):
        state.apply("draw 1")
    state.apply("coin")
    state.apply("discard " + state.display[0])
    view = state.view(1)
    assert view == state.view(0) == state.view(None)
    assert view["discard_sizes"] == [len(d) for d in state.discards]
    other = state.clone()
    other.decks = [list(reversed(d)) for d in other.decks]
    other.discards = [["zoo"] * len(d) for d in other.discards]
    assert other.view(1) == view, "deck order or discard contents leak into the view"


def test_determinize_reshuffles_deck_order_only():
    import random
    state = GAME.new_state(4, seed=8)
    sample = state.determinize(0, random.Random(1))
    assert sample.view(0) == state.view(0)
    assert sample.decks != state.decks
    assert [sorted(d) for d in sample.decks] == [sorted(d) for d in state.decks]
    assert sample.discards == state.discards


def test_same_seed_same_game_and_round_limit():
    state = GAME.new_state(2, seed=3, round_limit=2)
    while state.to_move:
        state.apply("coin" if state.phase == "main" else state.legal_actions()[0])
    assert state.round == 2 and not state.triggered


def test_reshuffle_follows_the_reference_procedure():
    import random
    state = position(3, display=["museum"], phase="discard")
    state.decks[0] = []
    state.discards[0] = ["grocery", "factory", "bank"]
    oracle = random.Random()
    oracle.setstate(state.rng.getstate())
    expected = ["grocery", "factory", "bank"]
    oracle.shuffle(expected)
    state.apply("pass")
    state.apply("draw 1")
    assert state.log[-1] == f"*: reveal 1 {expected[0]}" and state.decks[0] == expected[1:]


def test_wrong_step_messages():
    state = GAME.new_state(3, seed=1)
    with pytest.raises(IllegalAction, match="you cannot buy now: choose a deck to draw from"):
        state.apply("buy house")
    with pytest.raises(IllegalAction, match="it is not player 1's turn"):
        state.apply("draw 1", 1)
