"""Action notation (spec 5) and position notation (spec 12): parsing, refusals, round trips."""

import random

import pytest

import ludoteca
from ludoteca import NotationError
from ludoteca.games.blue_lagoon import Place, components, from_notation, phase_over, to_notation
from ludoteca.games.blue_lagoon.components import maps

from . import positions as P

GAME = ludoteca.load("blue-lagoon")
EXAMPLES = [name for name in dir(P) if name.isupper()]


@pytest.mark.parametrize("text,action", [
    ("S 3,4", Place("S", 3, 4)), ("T 12,11", Place("T", 12, 11)), ("  S 3,4 ", Place("S", 3, 4)),
    ("S 03,4", Place("S", 3, 4)),
])
def test_actions_parse(text, action):
    assert GAME.parse_action(text) == action
    assert str(GAME.parse_action(text)) == str(action).strip()


def test_canonical_action_text():
    assert str(GAME.parse_action("S 03,004")) == "S 3,4"
    assert str(Place("T", 12, 11)) == "T 12,11"


@pytest.mark.parametrize("text,message", [
    ("", "empty action"),
    ("s 3,4", "must start with S"), ("V 3,4", "must start with S"), ("3,4", "must start with S"),
    ("X 1,1", "must start with S"),
    ("S3,4", "exactly one space"), ("S  3,4", "exactly one space"),
    ("S 3, 4", "row,col"), ("S 3;4", "row,col"), ("S (3,4)", "row,col"), ("S -1,2", "row,col"),
    ("S -3,4", "row,col"), ("S 3,4,5", "row,col"), ("S 3", "row,col"), ("S ３,4", "row,col"),
])
def test_malformed_actions_are_refused(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_state_apply_accepts_text():
    state = GAME.new_state(2, seed=4)
    state.apply("S 3,0")
    assert state.history == [(0, "S 3,0")]


def test_action_ids_are_a_bijection():
    for action in (Place("S", 0, 0), Place("T", 49, 49), Place("S", 22, 21), Place("T", 12, 11)):
        assert GAME.action_from_id(GAME.action_id(action), None) == action
    ids = {GAME.action_id(Place(k, r, c)) for k in "ST" for r in range(50) for c in range(50)}
    assert ids == set(range(GAME.action_space_size))


# ---- positions ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", EXAMPLES)
def test_spec_positions_round_trip(name):
    text = getattr(P, name)
    assert to_notation(from_notation(text)) == text


@pytest.mark.parametrize("entry", maps(), ids=lambda m: m["id"])
def test_map_templates_round_trip_and_match_new_games(entry):
    template = entry["position_template_2p"]
    assert to_notation(from_notation(template)) == template
    state = GAME.new_state(2, seed=9, map=entry["id"])
    dealt = to_notation(state)
    empty_tokens = "r C B W P S;"
    start = dealt.index(" r C")
    end = dealt.index(";", start)
    assert dealt[:start + 1] + empty_tokens + dealt[end + 1:] == template


def test_reading_is_tolerant_of_order_and_outer_whitespace():
    text = P.W3.replace("S 2,1 2,2 3,8 4,7", "S 4,7 2,2 3,8 2,1")
    islands = [s for s in text.split("; ") if s.startswith("i ")]
    shuffled = text.replace(islands[0], "TMP").replace(islands[-1], islands[0]).replace("TMP", islands[-1])
    assert to_notation(from_notation("  " + shuffled + "\n")) == P.W3


def test_non_canonical_numbers_are_read_and_written_canonically():
    assert to_notation(from_notation(P.W1.replace("c 0 E", "c 00 E"))) == P.W1


SEA = [f"{r},{c}" for r, c in ((0, 4), (0, 8), (1, 5), (1, 9), (2, 2), (2, 3), (2, 4), (2, 5), (2, 9),
                                (3, 0), (3, 1), (3, 2), (3, 6), (3, 9), (4, 1), (4, 6), (4, 7), (4, 8),
                                (4, 9), (5, 2), (5, 7), (5, 10), (6, 2), (6, 7), (6, 10), (6, 11), (7, 3),
                                (7, 7), (7, 11), (8, 3), (8, 6), (8, 10))]


def _broken(old, new, base=P.W3):
    assert old in base, old
    return base.replace(old, new, 1)


@pytest.mark.parametrize("text,message", [
    ("", "malformed position"),
    (P.W3.replace("; c 2 E;", "; c 2 X;"), "malformed position: 'c 2 X;'"),
    (P.W3.replace("a 13 3; ", "a 13 3;  "), "malformed position"),
    (P.W3 + " ", None),  # outer whitespace is stripped
    (P.W3.replace("a 13 3; c 2 E;", "c 2 E; a 13 3;"), "malformed position: 'c 2 E;'"),
    (P.W3[:-1], "malformed position"),
    (P.W3.replace(" T;", ";"), "malformed position"),
    (P.W3.replace("a 13 3", "a 13 5"), "number of players"),
    (P.W3.replace("a 13 3", "a 51 3"), "height"),
    (P.W3.replace("a 13 3", "a 1 3"), "height"),
    (P.W3.replace("a 13 3", "a 13 1"), "number of players"),
    (_broken("s 0,0", "i 7; s 0,0"), "has no tiles"),
    (P.W3.replace("a 13 3", "a 13 2"), "player statements"),
    (_broken("c 2 E", "c 3 E"), "current player"),
    (_broken("p 1 0", "p 2 0").replace("p 2 0 0 0 0 0 2", "p 1 0 0 0 0 0 2"), "in order"),
    (_broken("S 2,1 2,2", "S 2,1 2,12"), "not on a board"),
    (_broken("S 8,5 9,6", "S 8,5 13,0"), "not on a board"),
    (P.W3[:P.W3.index("i 6")] + P.W3[P.W3.index("s 0,0"):], "no island"),
    (_broken("i 6 0,0 0,1", "i 6 0,1"), "32 different land tiles"),
    (_broken("i 6 0,5 0,6 0,7 1,6", "i 6 0,5 0,6 0,7 0,5 1,6"), "listed twice"),
    (_broken("i 6 0,5 0,6 0,7 1,6", "i 6 0,5 0,6 0,7 0,0 1,6"), "listed twice"),
    (_broken("s 0,0 0,5", "s 0,1 0,5"), "0,0, which is not a stone circle"),
    (_broken("s 0,0 0,5", "s 0,4 0,5"), "32 different land tiles"),
    (_broken("s 0,0 0,5", "s 0,5 0,5"), "32 different land tiles"),
    (_broken("s 0,0 0,5", "s 0,5"), "32 different land tiles"),
    (_broken("r C 0,0", "r C 0,1"), "not a stone circle"),
    (_broken("B 0,9", "B 0,0"), "two tokens"),
    (_broken("B 0,9", "B 0,9 2,1"), "holds a piece"),
    (_broken("p 2 0 0 0 0 0 2", "p 2 0 0 0 0 0 3"), "only 8 exist"),
    (_broken("p 1 0 0 0 0 1 0", "p 1 0 0 0 0 2 0"), "only 6 exist"),
    (_broken("T 6,9", "T 6,9 2,2"), "holds two pieces"),
    (_broken("S 8,5 9,6", "S 8,5 9,6 2,2"), "holds two pieces"),
    (_broken("T 6,9", "T 6,10"), "holds two pieces"),
    (_broken("T 6,9", "T 4,8"), "on the sea"),
    (_broken("T 6,9", "T 6,9 0,1 0,2 0,3 1,0 1,1"), "at most 5"),
    (_broken("p 0 0 0 0 0 0 0 S T", "p 0 0 0 0 0 0 0 S " + " ".join(SEA[:31]) + " T", P.W1), "allowance"),
    (_broken("p 0 0 0 0 0 0 0 S T", "p 0 0 0 0 0 0 0 S " + " ".join(SEA[:30]) + " T", P.W1), None),
    (_broken("c 1 E", "c 1 S", P.RULEBOOK_END_OF_EXPLORATION), "stone circle 4,2"),
])
def test_invalid_positions_are_refused(text, message):
    if message is None:  # a control case: still a valid position
        from_notation(text)
        return
    with pytest.raises(NotationError, match=message):
        from_notation(text)


def test_error_messages_name_the_game():
    with pytest.raises(NotationError, match="^Blue Lagoon: "):
        from_notation("nonsense")


def test_phase_over_on_loaded_positions():
    assert phase_over(from_notation(P.RULEBOOK_END_OF_EXPLORATION))
    assert not phase_over(from_notation(P.W4))
    assert phase_over(from_notation(P.W7_FINAL))


@pytest.mark.parametrize("map_id", [m["id"] for m in maps()])
def test_positions_reached_in_play_reload_identically(map_id):
    """Every few moves of a random game, the written position reloads into the same position."""
    state = GAME.new_state(3, seed=21, map=map_id)
    rng = random.Random(21)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            text = to_notation(state)
            loaded = from_notation(text)
            assert to_notation(loaded) == text
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
            assert loaded.scores() == state.scores()
            assert phase_over(loaded) == phase_over(state)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    final = from_notation(to_notation(state))
    assert final.is_over and final.scores() == state.scores()
    assert final.result().winners == state.result().winners


def test_a_custom_board_survives_json():
    text = P.W8.replace("i 20 ", "i 21 ")
    state = from_notation(text, seed=3)
    assert state.options["map"] == "custom"
    saved = state.to_json()
    del components.BOARDS[state.geo]
    restored = GAME.state_from_json(saved)
    assert to_notation(restored) == text
    assert [str(a) for a in restored.legal_actions()] == [str(a) for a in state.legal_actions()]
