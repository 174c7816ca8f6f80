"""Invariants over whole random games: tiles are conserved, hands stay at two, views stay honest."""

import random
from collections import Counter

import pytest

from ludoteca.games.bloom_town.components import COMMUNITY_BASE

from .helpers import GAME, all_tiles


@pytest.mark.parametrize("players,side,seed", [(2, "A", 1), (3, "B", 2), (4, "A", 3), (2, "B", 4)])
def test_random_game_invariants(players, side, seed):
    state = GAME.new_state(players, seed=seed, board_side=side)
    tiles = all_tiles(state)
    chooser = random.Random(seed)
    while not state.is_over:
        player = state.to_move[0]
        if state.phase == "build":
            assert state.hands[player], "a turn with an empty hand is skipped"
        for seat in range(players):
            assert len(state.hands[seat]) <= 2
            assert not Counter(state.known[seat]) - Counter(state.hands[seat])
            assert all(t < COMMUNITY_BASE for t in state.hands[seat])
            for viewer in range(players):
                shown = state.view(viewer)["hands"][seat]
                assert shown["size"] == len(state.hands[seat])
                if viewer != seat:
                    assert shown["unknown"] == len(state.hands[seat]) - len(state.known[seat])
        state.apply(chooser.choice(state.legal_actions()))
        assert all_tiles(state) == tiles
    assert state.triggered
    assert sum(state.points) == sum(sum(parts) for parts in state.parts)
    assert all(hand["unknown"] == 0 for hand in state.view(None)["hands"])
