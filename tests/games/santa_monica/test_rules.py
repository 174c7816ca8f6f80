"""One test per rule of the Santa Monica spec not already covered by its worked examples."""

from __future__ import annotations

import random
import re

import pytest

from ludoteca.games.santa_monica.notation import parse_space
from ludoteca.games.santa_monica.scoring import assign_rings

from .helpers import (
    CONTENT,
    GAME,
    build_city,
    card,
    crowd,
    finish_turn,
    legal,
    new_game,
    people_at,
    set_display,
)

FULL_BACK = ["B04", "S04", "B05", "S06"]


def _quiet(state, truck: int = 4, foodie: int = 4) -> None:
    """Put the truck and the foodie where the test's takes do not reach them."""
    state.truck, state.foodie = truck, foodie
    state._legal_cache = {}


# ---- setup (spec 3 and 7) ------------------------------------------------------------------------

@pytest.mark.parametrize("truck,foodie", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_foodie_starts_two_columns_right_of_the_truck(truck, foodie):
    state = GAME.new_state(2, seed=1, starting_tiles="random")
    state.apply(f"truck {truck}")
    assert (state.truck, state.foodie) == (truck, foodie)
    assert state.phase == "acquire" and state.to_move == (0,)


def test_fixed_options_skip_their_random_draws():
    state = GAME.new_state(3, seed=7, objective="green", sand_dollar_faces=["COL", "BACK"])
    rng = random.Random(7)
    drawn = rng.sample([t["id"] for t in CONTENT.tiles], 3)
    deck = [c["id"] for c in CONTENT.cards]
    rng.shuffle(deck)
    view = state.view(None)
    assert view["objective"] == "green" and view["faces"] == ["COL", "BACK"]
    assert view["drawn_tiles"] == drawn and view["front"] == deck[:4] and view["back"] == deck[4:8]


def test_draft_goes_in_reverse_turn_order_with_4_players():
    state = GAME.new_state(4, seed=2)
    order = []
    while state.phase == "choose_tile":
        order.append(state.to_move[0])
        state.apply(legal(state)[0])
    assert order == [3, 2, 1]  # seat 0's tile is forced
    assert sorted(state.tiles) == sorted(state.drawn) and state.to_move == (3,)


# ---- placement (spec 4.4) ------------------------------------------------------------------------

def test_rows_may_have_gaps_and_only_a_shared_side_counts():
    state = new_game()
    build_city(state, 0, "POST", {"S1": "S01", "S2": "S07"})
    beach, street = state.placements(0)
    assert beach == [parse_space(s) for s in ("B-1", "B1", "B2")]  # B2 touches S2 only
    assert street == [parse_space(s) for s in ("S-1", "S3")]
    _quiet(state)
    set_display(state, ["B13", "S07", "B36", "S01"], FULL_BACK)
    assert "take F1 B2" in legal(state) and "take F1 B3" not in legal(state)
    assert not any(a.startswith("take F1 S") or a.startswith("take F2 B") for a in legal(state))


# ---- sand dollar actions (spec 4.3) --------------------------------------------------------------

@pytest.mark.parametrize("faces,front,back,deck,usable", [
    (("TWO", "SWAP"), ["B13", None, None, None], FULL_BACK, None, {"SWAP"}),
    (("TWO", "SWAP"), ["B13", "S07", None, None], FULL_BACK, None, {"TWO", "SWAP"}),
    (("COL", "BACK"), ["B13", None, None, None], [None, "S04", None, None], None, {"BACK"}),
    (("COL", "BACK"), ["B13", None, None, None], ["S04", None, None, None], None, {"COL", "BACK"}),
    (("COL", "BACK"), ["B13", "S07", None, None], [None] * 4, [], set()),
    (("ANY", "CROWD"), ["B13", None, None, None], [None] * 4, [], {"ANY", "CROWD"}),
    (("FRESH", "MOVE"), ["B13", None, None, None], [None] * 4, [], {"MOVE"}),
    (("FRESH", "MOVE"), ["B13", None, None, None], [None] * 4, ["S07"], {"FRESH", "MOVE"}),
])
def test_when_each_face_is_usable(faces, front, back, deck, usable):
    state = new_game(faces=faces)
    build_city(state, 0, "POST", {}, sand=9)
    set_display(state, front, back, deck)
    assert {a.split()[1] for a in legal(state) if a.startswith("sd ")} == usable


def test_col_second_pick_is_the_other_slot_of_the_same_column():
    for first, other in (("F2", "R2"), ("R3", "F3")):
        state = new_game(faces=("COL", "SWAP"))
        build_city(state, 0, "POST", {}, sand=3)
        set_display(state, ["B01", "S01", "B02", "S02"], ["B03", "S03", "B04", "S04"])
        state.apply("sd COL")
        assert {a.split()[1] for a in legal(state)} == {f"{r}{c}" for r in "FR" for c in "1234"}
        spaces = {"F2": "S1", "R2": "S1", "R3": "B1", "F3": "B1"}
        state.apply(f"pick {first} {spaces[first]}")
        assert {a.split()[1] for a in legal(state)} == {other}
        assert state.sand[0] == 0


def test_back_and_any_faces_pick_from_their_rows():
    state = new_game(faces=("ANY", "BACK"))
    build_city(state, 0, "POST", {}, sand=5)
    set_display(state, ["B01", "S01", None, None], ["B03", None, "B04", None])
    state.apply("sd BACK")
    assert {a.split()[1] for a in legal(state)} == {"R1", "R3"}
    state = new_game(faces=("ANY", "BACK"))
    build_city(state, 0, "POST", {}, sand=5)
    set_display(state, ["B01", "S01", None, None], ["B03", None, "B04", None])
    state.apply("sd ANY")
    assert {a.split()[1] for a in legal(state)} == {"F1", "F2", "R1", "R3"}


def test_fresh_discards_the_front_row_then_refreshes_before_the_pick():
    state = new_game(faces=("FRESH", "SWAP"))
    build_city(state, 0, "POST", {}, sand=1)
    set_display(state, ["B01", "S01", "B02", "S02"], ["B03", "S03", None, "S04"], ["B05", "S05", "B06"])
    state.apply("sd FRESH")
    assert state.discard == [card(c) for c in ("B01", "S01", "B02", "S02")]
    assert state.front == [card(c) for c in ("B03", "S03", "B06", "S04")]
    assert state.back == [card("B05"), card("S05"), -1, -1] and state.deck == []
    assert {a.split()[1] for a in legal(state)} == {"F1", "F2", "F3", "F4"}
    assert state.view(1)["discard"] == ["B01", "S01", "B02", "S02"]


def test_two_picks_run_their_placement_actions_in_pick_order():
    # S03 adds a tourist; B18 moves up to 2 people of any kind 1 space
    for order, tourist_can_move in ((("F1 S1", "F2 B1"), True), (("F2 B1", "F1 S1"), False)):
        state = new_game(faces=("TWO", "SWAP"))
        build_city(state, 0, "POST", {}, {"S0": "1L"}, sand=4)
        set_display(state, ["S03", "B18", "B36", "S01"], FULL_BACK)
        state.apply("sd TWO")
        for pick in order:
            state.apply(f"pick {pick}")
        assert state.phase == "move"
        assert ("mv T S1 B1" in legal(state)) is tourist_can_move
        assert "mv L S0 S1" in legal(state)


def test_move_face_opens_a_2x2_wildcard_budget_after_the_placement_actions():
    state = new_game(faces=("MOVE", "TWO"))
    build_city(state, 0, "POST", {"S1": "S08", "S2": "S07"}, {"S0": "1L 1V"}, sand=1)
    set_display(state, ["B13", "S07", "B36", "S01"], FULL_BACK)
    truck, foodie = state.truck, state.foodie
    state.apply("sd MOVE")
    state.apply("pick F1 B1")
    assert state.sand[0] == 2  # paid 1, then Paddleboard Rentals' +2, before the move
    budget = state.view(0)["move_budget"]
    assert (budget["kinds"], budget["people"], budget["distance"], budget["total_cap"]) == (
        ["local", "tourist", "vip"], 2, 2, None)
    state.apply("mv L S0 S1")
    state.apply("step S2")
    state.apply("mv V S0 S1")
    state.apply("step B1")
    assert state.to_move == (1,) and (state.truck, state.foodie) == (truck, foodie)
    assert people_at(state, 0, "S2") == crowd("1L") and people_at(state, 0, "B1") == crowd("1V")


def test_swap_happens_before_the_placement_actions():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "POST", {"B1": "B22", "S1": "S01"}, sand=1)
    set_display(state, ["B20", "S07", "B36", "S01"], FULL_BACK)
    state.apply("sd SWAP")
    state.apply("pick F1 B2")
    assert people_at(state, 0, "B2") == [0, 0, 0]  # Night Swim's locals are not added yet
    state.apply("swap B1 B2")
    assert state.cities[0][parse_space("B1")] == card("B20")
    assert people_at(state, 0, "B1") == crowd("2L") and people_at(state, 0, "B2") == [0, 0, 0]


# ---- movement and footprints (spec 4.6, 4.7) -----------------------------------------------------

def test_a_path_may_return_to_its_start_and_a_later_budget_may_move_the_same_person():
    state = new_game()
    build_city(state, 0, "PIER", {}, {"S0": "1T"})
    _quiet(state, truck=3, foodie=1)
    set_display(state, ["S05", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 S1")  # Souvenir Shop: up to 2 tourists, 2 spaces each; then the foodie
    assert legal(state) == ["done", "mv T S0 B0", "mv T S0 S1"]
    state.apply("mv T S0 S1")
    assert legal(state) == ["done", "step S0"]  # the path may go back
    state.apply("done")
    assert state.foodie == 2 and state.phase == "move"  # the foodie's budget: 1 person, 1 step
    assert legal(state) == ["done", "mv T S1 S0"]
    state.apply("mv T S1 S0")
    assert state.to_move == (1,) and people_at(state, 0, "S0") == crowd("1T")


def test_foodie_can_move_the_people_the_card_just_added():
    state = new_game()
    build_city(state, 0, "POST", {})
    _quiet(state, truck=3, foodie=1)
    set_display(state, ["B03", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 B1")  # Swim Buoys adds 2 tourists, then the foodie moves one
    assert legal(state) == ["done", "mv T B1 B0"]


@pytest.mark.parametrize("limited,footprints", [(True, 0), (False, 1)])
def test_footprints_stop_when_a_limited_supply_is_empty(limited, footprints):
    state = new_game(limited_supply=limited)
    build_city(state, 0, "POST", {"S1": "S08"}, {"S0": "1V"})
    _quiet(state, truck=3, foodie=1)
    state.supply[3] = 0
    set_display(state, ["B09", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 B1")
    state.apply("mv V S0 S1")
    finish_turn(state)
    assert len(state.footprints[0]) == footprints


def test_one_footprint_per_card_and_none_from_added_vips_or_the_tile():
    state = new_game()
    build_city(state, 0, "POST", {"S1": "S08"}, {"S0": "1V"})
    _quiet(state, truck=3, foodie=4)
    set_display(state, ["S39", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 S2")  # Celebrity Gym (business) adds a VIP: no footprint
    assert state.footprints[0] == set() and people_at(state, 0, "S2") == crowd("1V")
    finish_turn(state)
    state.apply(legal(state)[-1])
    finish_turn(state)
    supply = state.supply[3]
    set_display(state, ["B09", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 B1")  # up to 1 person of any kind, up to 3 spaces
    state.apply("mv V S2 S1")
    state.apply("step S0")
    state.apply("step S1")
    assert state.footprints[0] == {card("S08")} and state.supply[3] == supply - 1


# ---- food truck and foodie (spec 4.8) -------------------------------------------------------------

def test_truck_reward_wraps_from_column_4_to_1():
    state = new_game()
    build_city(state, 0, "POST", {}, sand=0)
    _quiet(state, truck=4, foodie=2)
    set_display(state, ["B36", "S07", "B21", "B14"], FULL_BACK)
    state.apply("take F4 B1")  # Whale Watching Deck: no placement action
    assert state.sand[0] == 1 and (state.truck, state.foodie) == (1, 2)


def test_the_foodie_catches_the_truck_and_the_happy_day_choices():
    state = new_game()
    for seat in (0, 1):
        build_city(state, seat, "POST", {}, sand=0)
    _quiet(state, truck=4, foodie=3)
    set_display(state, ["B36", "S07", "B14", "B23"], FULL_BACK)
    state.apply("take F3 B1")
    finish_turn(state)
    assert (state.truck, state.foodie) == (4, 4)
    set_display(state, ["B36", "S07", "B14", "B23"], FULL_BACK)
    state.apply("take F4 B1")  # Shorebird Sanctuary: no placement action
    assert legal(state) == ["happy mix", "happy move", "happy sd"]
    state.apply("happy sd")
    assert state.sand[1] == 2 and (state.truck, state.foodie) == (2, 4) and state.to_move == (0,)
    _quiet(state, truck=1, foodie=1)
    build_city(state, 0, "POST", {}, {"S0": "1V"}, sand=0)
    state.apply("take F1 B1")  # Seagull Colony: +3 sand dollars
    state.apply("happy mix")
    assert state.sand[0] == 4 and (state.truck, state.foodie) == (3, 1)
    budget = state.view(0)["move_budget"]
    assert (budget["people"], budget["distance"], budget["total_cap"]) == (1, 1, None)


# ---- end of game and winner (spec 4.10, 8.6) ------------------------------------------------------

def test_tie_break_most_sand_dollars_then_shared():
    state = new_game(players=3)
    for seat, sand in enumerate((3, 5, 5)):
        build_city(state, seat, "POST", {}, sand=sand)
    result = state.result()
    assert result.scores == [1, 1, 1]  # largest group: one space
    assert result.ranking == [3, 1, 1] and result.winners == [1, 2] and result.tiebreak == "draw"
    state.sand[2] = 4
    result = state.result()
    assert result.ranking == [3, 1, 2] and result.winners == [1]
    assert result.tiebreak == "most sand dollars left"


def test_green_rank_penalty_in_a_game():
    state = new_game(players=3, objective="green")
    for seat, people in enumerate(("2T", "1L", "")):
        build_city(state, seat, "POST", {}, {"S0": people} if people else {})
    lines, unplaced = state.score_lines()
    assert unplaced == [2, 1, 0]
    assert [line["penalty"] for line in lines] == [-4, -2, 0]


def test_unlimited_supply_adds_everything():
    state = new_game(limited_supply=False)
    build_city(state, 0, "POST", {})
    _quiet(state)
    state.supply[0] = 0
    set_display(state, ["B20", "S07", "B36", "S01"], FULL_BACK)
    state.apply("take F1 B1")
    assert people_at(state, 0, "B1") == crowd("2L")


# ---- scoring details (spec 2.4, 8) ---------------------------------------------------------------

@pytest.mark.parametrize("tile,cards,people,line,points", [
    # adjacency scores once however many neighbours carry the tag
    ("POST", {"S1": "S07", "S2": "S21", "B1": "B27"}, {}, "adjacency", 3),
    # starting-tile halves are spaces of a chain: BUNGALOW's two local halves + Beach Yoga
    ("BUNGALOW", {"B1": "B33"}, {}, "chains", 3),
    # sand dollar clauses each use the whole pool: 6 // 2 + 6 // 3
    ("POST", {"S1": "S11", "B1": "B21"}, {}, "sand_dollars", 5),
    # empty counts VIPs as people
    ("POST", {"S1": "S17"}, {"S1": "1V"}, "misc", 0),
])
def test_scoring_rules(tile, cards, people, line, points):
    state = new_game()
    build_city(state, 0, tile, cards, people, sand=6)
    assert state.score_lines()[0][0][line] == points


def test_ring_ties_prefer_fewer_unplaced_then_more_ring_points_then_the_first_rings():
    # (value, placed, ring points, rings); 2 people in the city; no penalty (green)
    options = [(0, 0, 0, ()), (3, 1, 3, (0,)), (3, 2, 3, (1,))]
    assert assign_rings([(3, options)], 2, lambda u: 0) == ({3: (1,)}, 0)
    options = [(0, 0, 0, ()), (5, 2, 3, (0,)), (5, 2, 5, (1,))]
    assert assign_rings([(3, options)], 2, lambda u: 0) == ({3: (1,)}, 0)
    options = [(0, 0, 0, ()), (3, 2, 3, (0,)), (3, 2, 3, (1,))]
    assert assign_rings([(3, options)], 2, lambda u: 0) == ({3: (0,)}, 0)


# ---- hidden information (spec 6) -----------------------------------------------------------------

def test_no_surface_shows_the_deck_order():
    state = GAME.new_state(3, seed=9)
    chooser = random.Random(9)
    for _ in range(25):
        state.apply(chooser.choice(state.legal_actions()))
    hidden = {CONTENT.cards[c]["id"] for c in state.deck}
    for seat in (None, 0, 1, 2):
        words = set(re.findall(r"[BS]\d\d", state.render(player=seat)))
        words |= set(re.findall(r"[BS]\d\d", " ".join(t for _, t in state.visible_history(seat))))
        words |= set(re.findall(r"[BS]\d\d", str(state.view(seat))))
        assert not words & hidden
    assert "seed" not in state.view(0) and "deck" not in state.view(0)
