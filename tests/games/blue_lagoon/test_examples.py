"""Every worked example of spec section 11, on positions loaded from their notation."""

import pytest

from ludoteca import IllegalAction
from ludoteca.games.blue_lagoon import Place, phase_over, score_breakdown, to_notation

from . import positions as P
from .helpers import load, spec_list, texts, tokens_of, totals, with_tokens

CATEGORIES = ("islands", "links", "majorities", "resources", "statuettes")


def rows(*values):
    return [dict(zip(CATEGORIES, v, strict=True)) for v in values]


def reason(state, text, player=None):
    kind, _, rc = text.partition(" ")
    row, col = (int(x) for x in rc.split(","))
    seat = state.to_move[0] if player is None and state.to_move else player
    return state.illegal_reason(Place(kind, row, col), seat)


# ---- 11.1 the rulebook's scoring example -----------------------------------------------------

def test_rulebook_scoring_example():
    state = load(P.RULEBOOK_END_OF_EXPLORATION)
    assert phase_over(state)
    assert score_breakdown(state) == rows(
        (20, 20, 14, 30, 8), (10, 15, 20, 30, 16), (0, 25, 28, 30, 4))
    assert totals(state) == [92, 91, 87]
    assert to_notation(state) == P.RULEBOOK_END_OF_EXPLORATION, "loading changed the position"


def test_rulebook_example_continues_into_settlement():
    state = load(P.RULEBOOK_END_OF_EXPLORATION, seed=11)
    assert state.to_move == (2,)
    after = to_notation(state)
    assert with_tokens(after, tokens_of(P.RULEBOOK_SETTLEMENT_START)) == P.RULEBOOK_SETTLEMENT_START
    assert state.tokens.count(-1) == len(state.tokens) - 32
    assert [state.tokens.count(kind) for kind in range(5)] == [6, 6, 6, 6, 8]


def test_rulebook_settlement_start():
    state = load(P.RULEBOOK_SETTLEMENT_START)
    assert not phase_over(state)
    assert texts(state.legal_actions()) == ["S 10,6", "S 10,7", "S 11,6", "S 11,8", "S 12,6", "S 12,7"]
    assert score_breakdown(state) == rows((0, 5, 10, 0, 0), (0, 5, 14, 0, 0), (0, 5, 10, 0, 0))
    assert totals(state) == [15, 19, 15]


# ---- 11.2 W1 -----------------------------------------------------------------------------------

W1_ACTIONS = spec_list(
    "S 0,4 | S 0,8 | S 1,5 | S 1,9 | S 2,2 | S 2,3 | S 2,4 | S 2,5 | S 2,9 | S 3,0 | S 3,1 | S 3,2 | "
    "S 3,6 | S 3,9 | S 4,1 | S 4,6 | S 4,7 | S 4,8 | S 4,9 | S 5,2 | S 5,7 | S 5,10 | S 6,2 | S 6,7 | "
    "S 6,10 | S 6,11 | S 7,3 | S 7,7 | S 7,11 | S 8,3 | S 8,6 | S 8,10 | S 9,3 | S 9,4 | S 9,5 | "
    "S 9,6 | S 9,10 | S 10,0 | S 10,1 | S 10,2 | S 10,5 | S 10,9 | S 11,6 | S 11,9 | S 12,6 | S 12,9"
)


def test_w1_start_of_a_two_player_game():
    state = load(P.W1)
    assert not phase_over(state)
    assert score_breakdown(state) == rows((0,) * 5, (0,) * 5)
    assert texts(state.legal_actions()) == W1_ACTIONS
    assert reason(state, "T 0,4") == "village_on_sea"
    assert reason(state, "S 0,0") == "not_adjacent"
    assert reason(state, "S 13,0") == "off_board"
    assert reason(state, "S 0,12") == "off_board"
    with pytest.raises(IllegalAction, match="village_on_sea"):
        state.apply("T 0,4")
    assert to_notation(state) == P.W1


# ---- 11.3 W2 -----------------------------------------------------------------------------------

def test_w2_early_exploration():
    state = load(P.W2)
    assert score_breakdown(state) == rows((0, 5, 10, 0, 0), (0, 5, 10, 0, 0))
    legal = texts(state.legal_actions())
    assert len(legal) == 52
    assert [a for a in legal if a[0] == "T" or a[2:] in ("1,4", "3,4", "4,4", "4,5")] == [
        "S 1,4", "S 3,4", "S 4,4", "S 4,5", "T 1,4", "T 3,4", "T 4,4", "T 4,5"]
    state.apply("T 4,4")
    assert state.to_move == (1,)
    assert totals(state) == [15, 15]
    assert to_notation(state) == P.W2_AFTER_T_4_4


# ---- 11.4 W3 -----------------------------------------------------------------------------------

def test_w3_three_players_tied_majorities():
    state = load(P.W3)
    assert score_breakdown(state) == rows((0, 10, 12, 0, 0), (0, 10, 14, 0, 0), (0, 10, 13, 0, 8))
    assert totals(state) == [22, 24, 31]
    legal = texts(state.legal_actions())
    assert len(legal) == 58
    land = ["7,5", "7,6", "8,4", "9,7", "10,7", "11,7", "11,10", "12,8", "12,10"]
    assert legal[-9:] == [f"T {rc}" for rc in land]
    assert [a for a in legal if a[2:] in land and a[0] == "S"] == [f"S {rc}" for rc in land]
    assert [state.settlers[p] for p in range(3)] == [21, 21, 21]
    assert state.villages == [4, 4, 5]


# ---- 11.5 W4 -----------------------------------------------------------------------------------

def test_w4_late_exploration_resources():
    state = load(P.W4)
    assert score_breakdown(state) == rows((0, 20, 38, 45, 4), (0, 20, 24, 10, 12))
    assert totals(state) == [107, 66]
    assert len(state.legal_actions()) == 78
    assert (state.settlers, state.villages) == ([7, 7], [3, 4])


# ---- 11.6 W5 -----------------------------------------------------------------------------------

W5_ACTIONS = spec_list(
    "S 2,4 | S 2,5 | S 3,3 | S 3,4 | S 3,6 | S 4,2 | S 4,5 | S 5,3 | S 5,4 | S 5,5 | S 8,6 | S 8,7 | "
    "S 8,8 | S 9,6 | S 9,9 | S 10,1 | S 10,2 | S 10,5 | S 10,7 | S 10,8 | S 11,1 | S 11,3 | S 11,6 | "
    "S 11,7 | S 12,1 | S 12,2"
)


def test_w5_settlement_in_progress():
    state = load(P.W5)
    assert score_breakdown(state) == rows((0, 5, 28, 0, 4), (0, 5, 16, 0, 0))
    assert totals(state) == [37, 21]
    assert texts(state.legal_actions()) == W5_ACTIONS
    seat1 = texts(state._legal_actions(1))
    assert len(seat1) == 20 and "S 6,3" in seat1 and "S 7,4" in seat1
    assert reason(state, "T 4,5") == "village_in_settlement"
    assert reason(state, "S 0,4") == "not_adjacent"
    assert reason(state, "S 4,4") == "occupied"


# ---- 11.7 W6 -----------------------------------------------------------------------------------

def test_w6_player_without_pieces_is_skipped():
    state = load(P.W6)
    assert totals(state) == [15, 0]
    assert texts(state.legal_actions()) == [
        "S 4,4", "S 4,5", "S 5,4", "S 5,6", "S 6,3", "S 6,6", "S 7,4", "S 7,5", "S 7,6"]
    assert not state.has_move(1)
    assert not phase_over(state)
    state.apply("S 6,6")
    assert state.to_move == (0,)
    assert to_notation(state) == P.W6_AFTER_S_6_6
    assert texts(state.legal_actions()) == [
        "S 4,4", "S 4,5", "S 5,4", "S 5,6", "S 5,7", "S 6,3", "S 6,7", "S 7,4", "S 7,5", "S 7,6", "S 7,7"]
    assert totals(state) == [19, 0]


# ---- 11.8 W7 -----------------------------------------------------------------------------------

def test_w7_last_placement_ends_the_game_with_tiebreak():
    state = load(P.W7)
    assert len(state.legal_actions()) == 42
    assert "S 10,6" in texts(state.legal_actions())
    assert score_breakdown(state)[0] == dict(zip(CATEGORIES, (0, 10, 34, 25, 4), strict=True))
    state.apply("S 10,6")
    assert state.is_over and state.to_move == ()
    assert score_breakdown(state)[0] == dict(zip(CATEGORIES, (0, 10, 34, 35, 4), strict=True))
    assert to_notation(state) == P.W7_FINAL
    result = state.result()
    assert result.scores == [103, 103, 97, 64]
    assert result.winners == [0]
    assert result.ranking == [1, 2, 3, 4]
    assert result.tiebreak == "most tokens"


def test_w7_final_position_is_a_finished_game():
    state = load(P.W7_FINAL)
    assert phase_over(state) and state.is_over
    assert state.result().winners == [0]
    with pytest.raises(IllegalAction, match="over"):
        state.apply("S 0,4")


# ---- 11.9 W8 and W9 ----------------------------------------------------------------------------

def test_w8_w9_sides_map():
    state = load(P.W8)
    assert texts(state.legal_actions()) == [f"S {r},4" for r in range(7)]
    for action in ("S 0,4", "S 3,4", "S 0,5", "S 3,3"):
        state.apply(action)
    assert to_notation(state) == P.W9
    assert score_breakdown(state) == rows((0, 5, 20, 0, 0), (0, 5, 4, 0, 0))
    assert texts(state.legal_actions()) == [
        "S 0,3", "S 1,4", "S 1,5", "S 1,6", "S 2,4", "S 4,4", "S 5,4", "S 6,4", "T 0,3", "T 1,5", "T 1,6"]
    assert state.options["map"] == "sides"
