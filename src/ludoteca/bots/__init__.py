"""Bots: `Bot.choose(state, player) -> Action`, built on the engine contract only.

`make_bot("random" | "heuristic" | "greedy" | "mcts", level="normal", seed=...)` builds one by name; every bot
works for every game and player count and is reproducible under its seed.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core import OptionError

from .base import LEVELS, Bot, RandomBot
from .greedy import GreedyBot
from .heuristic import HeuristicBot
from .mcts import LEVEL_BUDGETS, Budget, MctsBot
from .messages import MESSAGES

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "greedy": GreedyBot,
    "mcts": MctsBot,
}

__all__ = [
    "BOTS",
    "LEVELS",
    "LEVEL_BUDGETS",
    "Bot",
    "Budget",
    "GreedyBot",
    "HeuristicBot",
    "MctsBot",
    "RandomBot",
    "make_bot",
]


def make_bot(name: str, level: str = "normal", seed: int | None = None, **budget: Any) -> Bot:
    """The bot called `name` at `level`; MCTS also takes `iterations=`, `seconds=` and the search
    options of `MctsBot` (`playout_limit=`, `playout_policy=`, `widening=`, `prior_weight=`,
    `exploration=`, `recheck=`)."""
    if name not in BOTS:
        raise OptionError(MESSAGES.message("unknown_bot", name=repr(name), bots=", ".join(BOTS)))
    if budget and BOTS[name] is not MctsBot:
        raise OptionError(MESSAGES.message("no_budget", name=name))
    return BOTS[name](seed=seed, level=level, **budget)
