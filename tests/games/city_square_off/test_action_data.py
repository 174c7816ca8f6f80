"""The structured form of a placement lists the squares the engine really covers (renderers draw
placements from it, with no geometry of their own)."""

from __future__ import annotations

import ludoteca

GAME = ludoteca.load("city-square-off")


def test_action_data_squares_are_where_the_engine_puts_the_tile():
    state = GAME.new_state(2, seed=4)
    while len(state.history) < 2:  # the two starters
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions(0)
    assert legal
    for action in legal:
        data = GAME.action_data(action)
        trial = state.clone()
        trial.apply(action, 0)
        trial.apply(trial.legal_actions(1)[0], 1)
        placed = trial.view(0)["players"][0]["pieces"][-1]
        assert (placed["piece"], placed["orientation"]) == (data["piece"], data["orientation"])
        assert sorted(placed["squares"]) == sorted(data["squares"]), str(action)
        assert sorted(data["squares"])[0] == data["at"], "the anchor is the first square in reading order"


def test_own_secret_placement_is_in_the_view_as_data():
    state = GAME.new_state(2, seed=4)
    while len(state.history) < 2:
        state.apply(state.legal_actions()[0])
    action = state.legal_actions(0)[0]
    state.apply(action, 0)
    assert state.view(0)["players"][0]["pending_action"] == GAME.action_data(action)
    assert state.view(1)["players"][0]["pending_action"] is None
    assert state.view(None)["players"][0]["pending_action"] is None
