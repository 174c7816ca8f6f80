"""The fast observation encoders give exactly the reference observation, bit for bit.

`tests/rl/reference/` keeps each game's encoder as it was first written (feature by feature from
the state, the documented definition of the layout); the games' encoders were then rewritten for
speed (precomputed layouts, numpy fills, per-position caches). Every game, preset and player
count plays random games here, and at every step every seat's observation must equal the
reference one — through the game's `observe` and through the environments' `Table`, whose
caches must also follow the state as it changes.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from conformance.cases import game_cases

import ludoteca
from ludoteca.rl import Table

from .reference import REFERENCE

SEEDS = (5, 6)


CASES = game_cases(SEEDS)


def _same(fast: np.ndarray, reference: np.ndarray) -> bool:
    return fast.dtype == reference.dtype and fast.shape == reference.shape and np.array_equal(fast, reference)


@pytest.mark.parametrize("game_id,players,options,seed", CASES)
def test_the_fast_encoder_equals_the_reference_at_every_step(game_id, players, options, seed):
    game = ludoteca.load(game_id)
    reference = REFERENCE[game_id]
    state = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed)
    steps = 0
    while True:
        for seat in range(players):
            fast, expected = game.observe(state, seat), reference(state, seat)
            assert _same(fast, expected), f"seat {seat} after {steps} actions, slots differ: " \
                                          f"{np.flatnonzero(fast != expected)}"
        if state.is_over:
            break
        mover = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(mover)), mover)
        steps += 1
    assert steps


@pytest.mark.parametrize("game_id,players,options,seed", CASES[::3])
def test_the_tables_observations_and_masks_follow_the_game(game_id, players, options, seed):
    """Through the environments' `Table` (cached masks and ids), asking seats in any order."""
    table = Table(game_id, players, **options)
    table.restart(seed)
    game, reference = table.game, REFERENCE[game_id]
    chooser = random.Random(seed)
    while not table.state.is_over:
        for seat in chooser.sample(range(players), players):
            assert _same(table.observe(seat), reference(table.state, seat))
            expected = np.zeros(table.action_space_size, dtype=np.int8)
            if seat in table.state.to_move:
                expected[[game.action_id(a) for a in table.state.legal_actions(seat)]] = 1
            assert _same(table.mask(seat), expected)
        mover = chooser.choice(table.state.to_move)
        table.act(mover, int(chooser.choice(np.flatnonzero(table.mask(mover)))))
    for seat in range(players):
        assert _same(table.observe(seat), reference(table.state, seat))
        assert not table.mask(seat).any()
