"""Observation encoders: every game, player count and preset gives a fixed-shape float32 vector
that holds only what the seat may see.

Two worlds the seat cannot tell apart (the real state and a determinized sample for that seat)
must give it the same observation; in City Square Off, what the other seat submitted in secret
must not change it.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import ludoteca

from .test_contract import CASES, MAX_STEPS


@pytest.mark.parametrize("game_id,players,options,seed", CASES)
def test_observations_have_the_declared_shape_and_hide_what_is_hidden(game_id, players, options, seed):
    game = ludoteca.load(game_id)
    size = game.observation_size(players, **options)
    state = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed)
    for _ in range(MAX_STEPS):
        for seat in range(players):
            seen = game.observe(state, seat)
            assert seen.shape == (size,) and seen.dtype == np.float32
            assert np.isfinite(seen).all()
            if not game.info.simultaneous:
                for draw in range(2):
                    sample = state.determinize(seat, random.Random(chooser.random() + draw))
                    assert np.array_equal(game.observe(sample, seat), seen), "the observation leaks"
        if state.is_over:
            break
        mover = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(mover)), mover)
    assert state.is_over


@pytest.mark.parametrize("preset", list(ludoteca.load("city-square-off").presets))
def test_a_secret_placement_never_reaches_the_other_seats_observation(preset):
    """Whatever seat 0 submits, seat 1 sees the same thing: that seat 0 has submitted (public),
    one slot, and nothing of what or where."""
    game = ludoteca.load("city-square-off")
    state = game.new_state(2, seed=4, **game.presets[preset])
    chooser = random.Random(4)
    checked = 0
    while not state.is_over and checked < 6:
        if len(state.to_move) == 2:
            before = game.observe(state, 1)
            choices = state.legal_actions(0)
            seen = []
            for action in chooser.sample(choices, min(4, len(choices))):
                submitted = state.clone()
                submitted.apply(action, 0)
                seen.append(game.observe(submitted, 1))
            assert all(np.array_equal(seen[0], other) for other in seen[1:])
            assert len(np.flatnonzero(seen[0] != before)) == 1
            checked += 1
        mover = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(mover)), mover)
    assert checked
