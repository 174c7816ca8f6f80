"""The game cases that the suites built on random play share: every game, preset and player count.

One generator, so that the conformance suite and the fast-encoder test cover the same games the
same way. Its order and ids depend only on the registry (sorted by id), each game's `presets`
and `player_counts`, and the seeds given, never on hashing or import order: every pytest-xdist
worker must collect exactly the same tests in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

import ludoteca


def game_cases(seeds: Iterable[int]) -> list:
    """`pytest.param(game_id, players, options, seed)` for each game, preset, player count and
    seed, in that nesting, with ids `<game>-<preset>-<n>p-s<seed>`."""
    seeds = tuple(seeds)
    cases = []
    for info in ludoteca.list_games():
        for preset, options in ludoteca.load(info.id).presets.items():
            for players in info.player_counts:
                cases.extend(pytest.param(info.id, players, options, seed,
                                          id=f"{info.id}-{preset}-{players}p-s{seed}")
                             for seed in seeds)
    return cases
