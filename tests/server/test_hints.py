"""The derived data dedicated renderers get: City Square Off's piece shapes match real placements."""

from __future__ import annotations

import ludoteca
from ludoteca.server.hints import hints


def test_city_square_off_shapes_put_every_square_where_the_engine_does():
    state = ludoteca.load("city-square-off").new_state(2, seed=4)
    while len(state.history) < 2:  # the two starters
        state.apply(state.legal_actions()[0])
    legal = [str(a) for a in state.legal_actions(0)]
    shapes = hints(state, 0, legal)["shapes"]
    for text in legal:
        *key, anchor = text.split()
        row, col = int(anchor[1:]) - 1, "abcdefghi".index(anchor[0])
        trial = state.clone()
        trial.apply(text, 0)
        trial.apply(trial.legal_actions(1)[0], 1)
        placed = trial.view(0)["players"][0]["pieces"][-1]
        expected = sorted([row + dr, col + dc] for dr, dc in shapes[" ".join(key)])
        assert sorted(placed["squares"]) == expected, text
    assert hints(state, 1, []) == {"shapes": {}}
