"""Hidden information (spec 6): everything in a position is public, only future deals are unknown."""

import random

import ludoteca
from ludoteca.games.blue_lagoon import to_notation

from . import positions as P
from .helpers import load

GAME = ludoteca.load("blue-lagoon")


def last_exploration_move(seed: int):
    """A game just before its last Exploration placement, and that placement."""
    state = GAME.new_state(2, seed=seed)
    rng = random.Random(seed)
    while True:
        action = rng.choice(state.legal_actions())
        trial = state.clone()
        trial.apply(action)
        if trial.phase == "S":
            return state, action, trial
        state.apply(action)


def test_every_seat_sees_the_whole_position():
    state = load(P.W3)
    for seat in (None, 0, 1, 2):
        assert state.view(seat) == state.view(None)
        assert state.view(seat)["position"] == P.W3
        assert state.render(player=seat) == state.render()
        assert state.visible_history(seat) == state.history


def test_view_does_not_reveal_the_seed_or_the_generator():
    state = GAME.new_state(2, seed=123456789)
    text = repr(state.view(0))
    assert "123456789" not in text and "rng" not in text


def test_determinize_keeps_the_position_but_not_the_next_deal():
    """A sample keeps everything a seat sees, but the Settlement deal, drawn only when
    Exploration ends (spec 6, 7), must not be the real one: a search would otherwise know it."""
    state, action, real = last_exploration_move(5)
    samples = []
    for k in range(4):
        sample = state.determinize(0, random.Random(k))
        assert to_notation(sample) == to_notation(state)
        assert sample.view(0) == state.view(0)
        sample.apply(action)
        assert sample.phase == "S"
        samples.append(sample.tokens)
    assert all(tokens != real.tokens for tokens in samples)
    assert len({tuple(tokens) for tokens in samples}) > 1, "the sample's rng decides its deal"
    assert to_notation(state.clone()) == to_notation(state)


def test_determinize_is_reproducible_from_its_rng():
    state, action, _ = last_exploration_move(6)
    first, second = (state.determinize(1, random.Random(9)) for _ in range(2))
    first.apply(action)
    second.apply(action)
    assert to_notation(first) == to_notation(second)
