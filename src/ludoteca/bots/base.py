"""The bot interface: `Bot.choose(state, player) -> Action`, with a level and a seed."""

from __future__ import annotations

import random

from ludoteca.core import Action, OptionError, State

from .messages import MESSAGES

LEVELS = ("easy", "normal", "hard")


class Bot:
    """A player that picks one of `state.legal_actions(player)`.

    Bots are reproducible: the same seed, level and sequence of positions give the same choices.
    """

    name = "bot"

    def __init__(self, seed: int | None = None, level: str = "normal"):
        if level not in LEVELS:
            raise OptionError(MESSAGES.message("level", levels=", ".join(LEVELS), level=repr(level)))
        self.level = level
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))
