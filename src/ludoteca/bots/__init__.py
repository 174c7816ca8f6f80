"""Bots: `Bot.choose(state, player) -> Action`, built on the engine contract only.

`make_bot("random" | "greedy" | "mcts", level="normal", seed=...)` builds one by name; every bot
works for every game and player count and is reproducible under its seed.
"""

from __future__ import annotations

import random

from ludoteca.core import Action, OptionError, State

LEVELS = ("easy", "normal", "hard")


class Bot:
    """A player that picks one of `state.legal_actions(player)`."""

    name = "bot"

    def __init__(self, seed: int | None = None, level: str = "normal"):
        if level not in LEVELS:
            raise OptionError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))


BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(name: str, level: str = "normal", seed: int | None = None) -> Bot:
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r}; bots are: {', '.join(BOTS)}")
    return BOTS[name](seed=seed, level=level)
