"""The hand-written `clone` (a speed override): it must copy every field, deeply enough."""

import random

from ludoteca.games.bloom_town.rules import BloomTownState

from .helpers import GAME


def test_clone_lists_every_field_exactly_once():
    listed = BloomTownState.SHARED_FIELDS + BloomTownState.FLAT_FIELDS + BloomTownState.NESTED_FIELDS
    assert sorted(listed) == sorted(BloomTownState._own_fields())


def test_clone_equals_the_original_and_playing_it_leaves_the_original_alone():
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new_state(2 + seed % 3, seed=seed)
        while not state.is_over:
            before = state.to_json()
            copy = state.clone()
            assert copy.to_json() == before
            while not copy.is_over:
                copy.apply(rng.choice(copy.legal_actions()))
            assert state.to_json() == before
            state.apply(rng.choice(state.legal_actions()))
