"""The worked examples of the Santa Monica spec (section 11), played through the engine."""

from __future__ import annotations

import pytest

from ludoteca.games.santa_monica.notation import parse_space
from ludoteca.games.santa_monica.scoring import rank_penalties

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
    tile,
)

EXAMPLE_7_CITY = {"B-1": "B22", "B1": "B01", "B2": "B18", "B3": "B03", "S-1": "S17", "S1": "S01", "S2": "S03"}


def test_example_1_setup_draft_bonuses_and_truck():
    state = GAME.new_state(3, seed=5, objective="blue")
    state.drawn = [tile("HOTEL"), tile("GARDEN"), tile("SURF")]
    state._legal_cache = {}
    assert state.to_move == (2,)
    assert legal(state) == ["tile GARDEN", "tile HOTEL", "tile SURF"]
    state.apply("tile SURF")
    assert legal(state) == ["tile GARDEN", "tile HOTEL"]
    state.apply("tile HOTEL")
    assert state.log[-1] == (0, "tile GARDEN")  # forced and logged
    assert [(p, t) for p, t in state.history] == [(2, "tile SURF"), (1, "tile HOTEL")]
    assert state.sand == [2, 2, 1]
    assert state.people[0] == {1: crowd("1L 1V")}
    assert state.people[1] == {1: crowd("2V")}
    assert state.people[2] == {1: crowd("1L 2V")}
    assert state.supply[:3] == [28, 30, 3]
    assert state.phase == "place_truck" and state.to_move == (2,)
    assert legal(state) == ["truck 1", "truck 2", "truck 3", "truck 4"]
    state.apply("truck 4")
    assert (state.truck, state.foodie) == (4, 2)
    assert state.phase == "acquire" and state.to_move == (0,)


def test_example_2_placements_and_acquire_list():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "SURF", EXAMPLE_7_CITY, sand=3)
    beach, street = state.placements(0)
    assert beach == [parse_space("B-2"), parse_space("B4")]
    assert street == [parse_space("S-2"), parse_space("S3")]
    set_display(state, ["B19", "S07", "B36", None], ["B04", "S04", "B05", "S05"])
    assert legal(state) == ["sd SWAP", "take F1 B-2", "take F1 B4", "take F2 S-2", "take F2 S3",
                            "take F3 B-2", "take F3 B4"]


def test_example_3_wildcard_move_with_vip_and_footprints():
    state = new_game()
    state.truck, state.foodie = 2, 4
    build_city(state, 0, "POST", {"S1": "S08", "S2": "S17", "B1": "B08", "B2": "B03"},
               {"B2": "2T", "S0": "1V"})
    set_display(state, ["B09", "S07", "B36", "S01"], ["B04", "S04", "B05", "S05"])
    state.apply("take F1 B3")
    assert legal(state) == ["done", "mv T B2 B1", "mv T B2 B3", "mv T B2 S2", "mv V S0 B0", "mv V S0 S1"]
    state.apply("mv V S0 S1")
    assert state.footprints[0] == {card("S08")}
    assert legal(state) == ["done", "step B1", "step S0", "step S2"]
    state.apply("step S2")
    assert legal(state) == ["done", "step B2", "step S1"]
    state.apply("step B2")
    assert state.to_move == (1,)  # budget closed, turn over
    assert state.footprints[0] == {card("S08")}
    assert people_at(state, 0, "B2") == crowd("2T 1V")
    lines, _ = state.score_lines()
    assert lines[0]["footprints"] == 3
    assert lines[0]["misc"] >= 2  # Pocket Park still empty: passing through leaves no one


def test_example_4_two_person_tourist_move():
    state = new_game()
    state.truck, state.foodie = 2, 4
    build_city(state, 0, "PIER", {"B1": "B08", "B2": "B03"}, {"B2": "2T", "S0": "1T 2V"})
    set_display(state, ["S05", "S07", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    state.apply("take F1 S1")
    assert legal(state) == ["done", "mv T B2 B1", "mv T S0 B0", "mv T S0 S1"]
    state.apply("mv T B2 B1")
    assert legal(state) == ["done", "mv T B2 B1", "mv T S0 B0", "mv T S0 S1", "step B0", "step B2", "step S1"]
    state.apply("mv T B2 B1")
    assert legal(state) == ["done", "step B0", "step B2", "step S1"]
    state.apply("step B0")
    assert state.to_move == (1,)
    assert people_at(state, 0, "B0") == crowd("1T")
    assert people_at(state, 0, "B1") == crowd("1T")
    assert people_at(state, 0, "B2") == [0, 0, 0]
    assert people_at(state, 0, "S0") == crowd("1T 2V")


def _take(state, col: int) -> None:
    action = next(a for a in legal(state) if a.startswith(f"take F{col} "))
    state.apply(action)


def test_example_5_truck_foodie_and_happy_day():
    state = new_game(faces=("TWO", "SWAP"))
    assert (state.truck, state.foodie) == (4, 2)
    _take(state, 3)
    finish_turn(state)
    assert (state.truck, state.foodie) == (4, 2)
    _take(state, 2)  # seat 1: foodie reward, a move budget
    assert state.foodie == 3
    finish_turn(state)
    _take(state, 3)
    finish_turn(state)
    assert (state.truck, state.foodie) == (4, 4)
    state.sand[1] = 4
    state._legal_cache = {}
    state.apply("sd TWO")
    state.apply(next(a for a in legal(state) if a.startswith("pick F4 ")))
    state.apply(next(a for a in legal(state) if a.startswith("pick F1 ")))
    finish_turn(state)
    assert (state.truck, state.foodie) == (4, 4)
    _take(state, 4)  # seat 0: happy day
    while state.phase == "move":  # the card's own move action comes first
        state.apply("done")
    assert state.phase == "happy_day"
    assert legal(state) == ["happy mix", "happy move", "happy sd"]
    state.apply("happy move")
    assert (state.truck, state.foodie) == (2, 4)
    finish_turn(state)
    before = state.sand[1]
    gained = [a for a in CONTENT.card_actions[state.front[1]] if a[0] == "sd"]
    _take(state, 2)
    finish_turn(state)
    assert state.sand[1] == before + 1 + sum(a[1] for a in gained)
    assert (state.truck, state.foodie) == (3, 4)


def _happy_move_state():
    state = new_game()
    state.truck = state.foodie = 1
    build_city(state, 0, "POST", {"S1": "S08", "S2": "S07", "B1": "B08", "B2": "B16"},
               {"S0": "1L", "B1": "1T"})
    set_display(state, ["B21", "S07", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    state.apply("take F1 B-1")
    state.apply("happy move")
    return state


def test_example_5_happy_move_budget_has_a_two_step_total():
    state = _happy_move_state()
    state.apply("mv L S0 S1")
    state.apply("step S2")
    assert state.to_move == (1,) and people_at(state, 0, "S2") == crowd("1L")
    state = _happy_move_state()
    state.apply("mv L S0 S1")
    state.apply("mv T B1 B2")
    assert state.to_move == (1,)
    assert people_at(state, 0, "S1") == crowd("1L") and people_at(state, 0, "B2") == crowd("1T")


def test_example_6_refresh_and_deck_running_out():
    state = new_game(faces=("COL", "SWAP"))
    state.truck, state.foodie = 4, 2
    for seat in (0, 1):
        build_city(state, seat, "POST", {}, sand=5)
    set_display(state, ["B01", "S01", "B02", "S02"], ["B03", "S03", "B04", "S04"], ["B05", "S05", "B06"])
    state.apply("sd COL")
    state.apply("pick F2 S1")
    state.apply("pick R2 S2")
    finish_turn(state)
    assert state.front == [card(c) for c in ("B01", "B05", "B02", "S02")]
    assert state.back == [card(c) for c in ("B03", "S05", "B04", "S04")]
    assert state.deck == [card("B06")]
    _take(state, 3)
    finish_turn(state)
    assert state.front == [card(c) for c in ("B01", "B05", "B04", "S02")]
    assert state.back == [card(c) for c in ("B03", "S05", "B06", "S04")]
    assert state.deck == []
    _take(state, 1)
    finish_turn(state)
    assert state.front[0] == card("B03") and state.back[0] == -1
    _take(state, 1)
    finish_turn(state)
    assert state.front[0] == -1 and state.back[0] == -1
    actions = legal(state)
    assert not any(a.startswith("take F1 ") for a in actions)
    assert "pass" not in actions


def test_example_7_full_scoring_under_every_objective():
    expected = {"blue": (35, [5, 7, 0, 2, 6, 4, 8, 4, -1]), "orange": (39, [5, 7, 0, 2, 6, 4, 10, 5, 0])}
    for objective, (total, lines) in expected.items():
        state = new_game(objective=objective)
        _example_7(state)
        assert list(state.score_lines()[0][0].values()) == lines
        assert state.scores()[0] == total
    state = new_game(objective="green")
    _example_7(state)
    line = state.score_lines()[0][0]
    assert sum(line.values()) - line["penalty"] == 39
    assert (line["wave_bonus"], line["misc_bonus"]) == (9, 6)


def _example_7(state):
    build_city(state, 0, "SURF", EXAMPLE_7_CITY, {"B3": "2T", "S2": "1T 1L", "S0": "2V"}, sand=3)
    state.footprints[0] = {card("B18"), card("S01")}


def test_example_8_ring_assignment():
    state = new_game()
    build_city(state, 0, "PIER", {"B1": "B12"}, {"B1": "1L 1T 1V", "S0": "2V"})
    line, unplaced = state.score_lines()[0][0], state.score_lines()[1][0]
    assert line["rings"] == 5 and unplaced == 0
    build_city(state, 0, "PIER", {"S1": "S20"}, {"S1": "3T"})
    line, unplaced = state.score_lines()[0][0], state.score_lines()[1][0]
    assert line["rings"] == 3 and unplaced == 1 and line["penalty"] == -1
    for tourists, rings, lifeguard in ((2, 3, 2), (3, 5, 4)):
        build_city(state, 0, "PIER", {"B1": "B02", "B2": "B29"}, {"B2": f"{tourists}T"})
        line = state.score_lines()[0][0]
        assert (line["rings"], line["misc"]) == (rings, lifeguard)
    build_city(state, 0, "PIER", {"B1": "B07"}, {"B1": "3T 1L", "S0": "2V"})
    line = state.score_lines()[0][0]
    assert (line["rings"], line["wave_bonus"], line["misc_bonus"], line["penalty"]) == (3, 4, 2, -1)
    assert state.scores()[0] == 8


@pytest.mark.parametrize("unplaced,penalties", [
    ([5, 5, 2, 0], [-4, -4, 0, 0]),
    ([6, 3, 3, 1], [-4, -2, -2, 0]),
    ([2, 1, 0], [-4, -2, 0]),
    ([3, 1], [-4, 0]),
    ([2, 2], [-4, -4]),
    ([0, 0], [0, 0]),
])
def test_example_9_green_rank_penalty(unplaced, penalties):
    green = CONTENT.objectives[CONTENT.objective_index["green"]]
    assert rank_penalties(green, unplaced) == penalties


def _play_turn(state):
    _take(state, next(c + 1 for c in range(4) if state.front[c] >= 0))
    finish_turn(state)


@pytest.mark.parametrize("trigger_seat,trace", [
    (1, [(False, False), (True, False), (True, True)]),
    (2, [(False, False), (False, False), (True, True)]),
    (0, [(True, False), (True, False), (True, True)]),
])
def test_example_10_end_trigger_finishes_the_round(trigger_seat, trace):
    """(final round triggered, game over) after each of the three turns."""
    state = new_game(players=3, end_cards=2)
    for seat in range(3):
        build_city(state, seat, "POST", {"B1": "B36"} if seat == trigger_seat else {})
    seen = []
    for _ in range(3):
        _play_turn(state)
        seen.append((state.final_round, state.is_over))
    assert seen == trace


def test_example_10_two_cards_past_the_trigger():
    state = new_game(players=2, faces=("TWO", "SWAP"), end_cards=3)
    build_city(state, 0, "POST", {"B1": "B36", "S1": "S18"}, sand=4)
    state.apply("sd TWO")
    state.apply(next(a for a in legal(state) if a.startswith("pick F1 ")))
    state.apply(next(a for a in legal(state) if a.startswith("pick ")))
    finish_turn(state)
    assert len(state.cities[0]) - 2 == 4 and state.final_round and state.to_move == (1,)


def test_example_11_swap():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "PIER", {"B-1": "B22", "B1": "B03", "S1": "S01"}, {"B1": "2T"}, sand=1)
    state.footprints[0] = {card("B03")}
    set_display(state, ["B19", "B13", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    truck, foodie = state.truck, state.foodie
    state.apply("sd SWAP")
    state.apply("pick F2 B2")
    assert state.phase == "swap"
    assert legal(state) == ["keep", "swap B-1 B1", "swap B-1 B2", "swap B1 B2"]
    state.apply("swap B-1 B1")
    city = state.cities[0]
    assert city[parse_space("B-1")] == card("B03") and city[parse_space("B1")] == card("B22")
    assert people_at(state, 0, "B-1") == crowd("2T") and people_at(state, 0, "B1") == [0, 0, 0]
    assert state.footprints[0] == {card("B03")}
    assert state.sand[0] == 2  # paid 1, then Paddleboard Rentals' +2
    assert (state.truck, state.foodie) == (truck, foodie)
    assert state.to_move == (1,)


def test_swap_with_no_pair_is_a_forced_keep():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "PIER", {"S1": "S01"}, sand=1)
    set_display(state, ["B19", "B13", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    state.apply("sd SWAP")
    state.apply("pick F2 B1")
    assert (0, "keep") in state.log and (0, "keep") not in state.history
    assert state.to_move == (1,)


def test_example_12_empty_display_forces_passes_and_ends_the_game():
    state = new_game(players=2, faces=("ANY", "BACK"))
    state.sand[0] = state.sand[1] = 5
    set_display(state, ["B21", None, None, None], [None] * 4, [])
    state.truck, state.foodie = 3, 4
    state.apply("take F1 B1")
    assert state.is_over
    assert state.log[-2:] == [(1, "pass"), (0, "pass")]
    assert state.history[-1] == (0, "take F1 B1")
    assert state.legal_actions(0) == []
