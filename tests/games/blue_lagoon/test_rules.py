"""Rules beyond the worked examples: deals, phase ends, skipping, options, loaded positions."""

import random

import pytest

import ludoteca
from ludoteca.games.blue_lagoon import from_notation, phase_over, to_notation
from ludoteca.games.blue_lagoon.components import maps

from . import positions as P
from .helpers import load, texts, with_tokens

GAME = ludoteca.load("blue-lagoon")
EMPTY_TOKENS = "r C B W P S;"


def play_until(state, rng, stop):
    while not state.is_over and not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


def assert_full_deal(state):
    b = state.board
    assert all(state.tokens[t] != -1 for t in b.stones)
    assert sum(1 for kind in state.tokens if kind != -1) == 32
    assert [state.tokens.count(kind) for kind in range(5)] == [6, 6, 6, 6, 8]


@pytest.mark.parametrize("map_id", [m["id"] for m in maps()])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(map_id, players):
    state = GAME.new_state(players, seed=3, map=map_id)
    assert_full_deal(state)
    assert state.to_move == (0,) and state.phase == "E"
    assert state.settlers == [{2: 30, 3: 25, 4: 20}[players]] * players
    assert state.villages == [5] * players
    assert state.board.height == next(m["height"] for m in maps() if m["id"] == map_id)


def test_same_seed_same_deal_and_different_seeds_differ():
    first, second = GAME.new_state(2, seed=5), GAME.new_state(2, seed=5)
    assert to_notation(first) == to_notation(second)
    assert to_notation(GAME.new_state(2, seed=6)) != to_notation(first)


def test_end_of_exploration_in_play():
    rng = random.Random(4)
    state = GAME.new_state(3, seed=8)
    while True:
        before, mover = state.clone(), state.current
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if state.phase == "S":
            break
    unprocessed = before.clone()  # the same last placement, with the phase end left unprocessed
    unprocessed.options = {**before.options, "exploration_only": True}
    unprocessed.apply(action)
    assert state.totals == unprocessed.totals
    assert state.pad == unprocessed.pad
    survivors = [t for t, c in enumerate(unprocessed.cells)
                 if c != -1 and c & 1 and not state.board.is_stone[t]]
    assert [t for t, c in enumerate(state.cells) if c != -1] == survivors
    assert state.counts == [[0] * 5] * 3
    assert state.settlers == [25] * 3 and state.villages == [0] * 3
    assert_full_deal(state)
    if not state.is_over:
        order = [(mover + k) % 3 for k in range(1, 4)]
        assert state.current == next(p for p in order if state.has_move(p))


def test_exploration_only_ends_the_game_after_exploration():
    state = play_until(GAME.new_state(2, seed=2, exploration_only=True), random.Random(3),
                       lambda s: False)
    assert state.phase == "E" and state.is_over and phase_over(state)
    assert state.totals == [sum(r.values()) for r in state.phase_breakdown()]
    assert state.scores() == state.totals
    assert from_notation(to_notation(state), exploration_only=True).is_over
    reloaded = from_notation(to_notation(state), seed=1)
    assert not reloaded.is_over and reloaded.phase == "S", "without the option play continues"


def test_a_full_game_ends_in_settlement_with_both_phases_scored():
    state = play_until(GAME.new_state(4, seed=12), random.Random(12), lambda s: False)
    assert state.phase == "S" and phase_over(state)
    assert len(state.pad) == 2
    assert state.totals == [sum(sum(r[p].values()) for r in state.pad) for p in range(4)]
    assert state.result().scores == state.totals
    assert to_notation(from_notation(to_notation(state))) == to_notation(state)
    assert from_notation(to_notation(state)).is_over


def test_settlement_over_before_it_starts():
    # W6 without the surviving village, back at the end of Exploration: nobody keeps a piece.
    text = P.RULEBOOK_END_OF_EXPLORATION
    for village in ("T 4,2 4,3;", "T 0,5 1,11 2,0;", "T 5,9 11,7;"):
        text = text.replace(village, "T;")
    state = load(text, seed=2)
    assert state.to_move == ()
    assert state.phase == "S" and state.current == 1
    assert state.totals == [sum(r.values()) for r in state.pad[0]]
    assert state.pad[1] == [dict.fromkeys(("islands", "links", "majorities", "resources",
                                           "statuettes"), 0)] * 3


def test_loaded_stuck_player_is_skipped_when_play_continues():
    text = P.W6.replace("c 0 S", "c 1 S")
    state = load(text)
    assert to_notation(state) == text, "loading changes nothing"
    assert state.to_move == (0,)
    assert to_notation(state) == P.W6


def test_template_is_dealt_when_play_starts():
    state = load(P.TEMPLATE_2P, seed=7)
    assert phase_over(state)  # the literal test: no resource lies on the board
    assert state.to_move == (0,)
    assert_full_deal(state)
    assert with_tokens(to_notation(state), EMPTY_TOKENS) == P.TEMPLATE_2P
    same = from_notation(P.TEMPLATE_2P, seed=7)
    same.legal_actions()
    assert to_notation(same) == to_notation(state), "the seed decides the deal"


def test_skip_rule_passes_over_players_who_cannot_move():
    # W7 with seat 2 given a village: after seat 0's last settler, seat 2 could still place.
    text = P.W7.replace("p 2 97 0 0 0 0 0 S T;", "p 2 97 0 0 0 0 0 S T 0,2;")
    state = load(text)
    state.apply("S 10,6")
    assert state.to_move == (2,)
    assert not phase_over(state)


def test_illegal_actions_name_the_rule():
    state = GAME.new_state(2, seed=1)
    with pytest.raises(ludoteca.IllegalAction, match="^Blue Lagoon: T 0,4 — village_on_sea"):
        state.apply("T 0,4")
    state = load(P.W4)
    assert state.illegal_reason(GAME.parse_action("S 0,0"), 1) == "occupied"


def test_none_in_hand():
    text = P.W1.replace("p 0 0 0 0 0 0 0 S T;", "p 0 0 0 0 0 0 0 S T 4,3 4,4 4,5 5,3 5,4;")
    state = load(text)
    assert state.illegal_reason(GAME.parse_action("T 3,4"), 0) == "none_in_hand"
    assert "T 3,4" not in texts(state.legal_actions())
    assert "S 3,4" in texts(state.legal_actions())


def test_render_shows_pieces_and_colours():
    state = load(P.W3)
    plain = state.render("en")
    assert "S0" in plain and "T1" in plain and "(c)" in plain and "~" in plain
    assert "[" not in plain
    coloured = state.render("es", markup=True)
    assert "[bold #e85a9b]S0 [/]" in coloured and "Exploración" in coloured
    assert len(plain.splitlines()) >= state.board.height


def test_view_is_the_whole_position():
    state = load(P.W5)
    view = state.view(1)
    assert view["position"] == P.W5 and view == state.view(None)
    assert state.determinize(0, random.Random(1)).view(0) == view


def test_inspecting_a_loaded_phase_end_changes_nothing():
    state = load(P.RULEBOOK_END_OF_EXPLORATION)
    repr(state), state.scores(), state.render(), state.view(None), state.breakdown()
    assert to_notation(state) == P.RULEBOOK_END_OF_EXPLORATION
    assert state.scores() == [92, 91, 87]


def test_is_legal_on_a_loaded_phase_end_judges_the_continued_position():
    """Spec 12.6: continuing play first completes the end of Exploration, so a legality check
    made before anything else must already see the Settlement position."""
    fresh = load(P.RULEBOOK_END_OF_EXPLORATION)
    settle_sea_far_away = GAME.parse_action("S 2,2")  # legal in Exploration, not in Settlement
    next_to_village = GAME.parse_action("S 10,7")
    assert not fresh.is_legal(settle_sea_far_away, 1)
    assert fresh.is_legal(next_to_village, 2)
    assert fresh.phase == "S" and fresh.to_move == (2,)


def test_explaining_a_legal_action_names_no_rule():
    state = load(P.W1)
    assert state.explain_illegal(GAME.parse_action("S 0,4"), 0) == "allowed now"
    assert state.explain_illegal(GAME.parse_action("S 0,4"), 0, "es") == "permitida ahora"
    assert state.explain_illegal(GAME.parse_action("S 0,0"), 0).startswith("not_adjacent: ")
