"""`State.apply_legal(index, player)`: the n-th legal action, applied without a second check.

It must play exactly the game that `apply` plays with the same choices, and refuse everything
that is not the number of a legal action of a player to move, changing nothing.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca
from ludoteca import IllegalAction

from .cases import game_cases

CASES = game_cases((1, 2))
MAX_STEPS = 5000


@pytest.mark.parametrize("game_id,players,options,seed", CASES)
def test_apply_legal_plays_the_same_game_as_apply(game_id, players, options, seed):
    game = ludoteca.load(game_id)
    by_index = game.new_state(players, seed=seed, **options)
    by_action = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        if by_index.is_over:
            break
        player = chooser.choice(by_index.to_move)
        legal = by_action.legal_actions(player)
        index = chooser.randrange(len(legal))
        if chooser.random() < 0.5:
            by_index.legal_actions(player)  # with and without the legal list already worked out
        assert by_index.apply_legal(index, player) == legal[index]
        by_action.apply(legal[index], player)
    assert by_index.is_over, "random playout did not end"
    assert by_index.to_json() == by_action.to_json()


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_apply_legal_refuses_what_is_not_a_legal_number(game_id):
    game = ludoteca.load(game_id)
    state = game.new_state(seed=3)
    mover = state.to_move[0]
    count = len(state.legal_actions(mover))
    others = [seat for seat in range(state.num_players) if seat not in state.to_move]
    before = state.to_json()
    for bad in (-1, count, count + 5, True, 1.0, "0", None, np.int64(count)):
        with pytest.raises(IllegalAction) as caught:
            state.apply_legal(bad, mover)
        assert str(count - 1) in str(caught.value) and caught.value.text("es") != str(caught.value)
    for seat in (*others, state.num_players, -1, "0", [0]):
        with pytest.raises(IllegalAction):
            state.apply_legal(0, seat)
    assert state.to_json() == before, "a refused number changed the state"
    first = state.legal_actions(mover)[0]
    assert state.apply_legal(np.int64(0), mover) == first  # numpy's integers, as RL code has them
