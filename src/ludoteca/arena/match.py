"""One arena match: bots in seats, one seeded game, a replayable record and the outcome.

`play_match` takes and returns plain data only, so the same function runs inline, in a local
process pool or as a Ray task, and gives the same outcome for the same spec wherever it runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import ludoteca
from ludoteca.bots import Bot, make_bot
from ludoteca.core import OptionError

from .messages import MESSAGES


@dataclass(frozen=True)
class MatchSpec:
    """Which bots sit where, in which game, under which seed."""

    index: int
    game: str
    seats: tuple[str, ...]  # bot specs, seat 0 first: "mcts", "mcts@hard", "mcts:500", ...
    seed: int
    level: str = "normal"  # for the specs that name no level
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# What a bot spec is (the arena's command-line help and its refusals quote it), in English.
BOT_SPEC_HELP = MESSAGES.text("spec.help")
_SPEC_HELP = MESSAGES.message("spec.help")  # the same help, in the reader's language

_SEARCH_OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "depth": ("playout_limit", lambda text: None if text == "end" else text if text == "turn" else int(text)),
    "policy": ("playout_policy", str),
    "widen": ("widening", lambda text: None if text == "off" else float(text)),
    "prior": ("prior_weight", float),
    "explore": ("exploration", float),
    "recheck": ("recheck", int),
    "seconds": ("seconds", float),
}


def parse_bot_spec(spec: str, level: str, seed: int) -> Bot:
    """A bot from its arena spec (`BOT_SPEC_HELP`); `level` is the default for specs without one.

    The spec string is the bot's name in the results, so `mcts@hard` and `mcts` (at the default
    level) are rated as two bots of one tournament.
    """
    head, *extras = spec.split("+")
    head, _, iterations = head.partition(":")
    name, _, own_level = head.partition("@")
    budget: dict[str, Any] = {}
    if iterations:
        if not iterations.isdigit():
            raise OptionError(MESSAGES.message("spec.iterations", spec=repr(spec), help=_SPEC_HELP))
        budget["iterations"] = int(iterations)
    for extra in extras:
        key, _, text = extra.partition("=")
        if key not in _SEARCH_OPTIONS or not text:
            raise OptionError(MESSAGES.message("spec.option", spec=repr(spec), extra=repr(extra),
                                               options=", ".join(_SEARCH_OPTIONS), help=_SPEC_HELP))
        keyword, convert = _SEARCH_OPTIONS[key]
        try:
            budget[keyword] = convert(text)
        except ValueError as error:
            raise OptionError(MESSAGES.message("spec.value", spec=repr(spec), key=key,
                                               value=repr(text))) from error
    return make_bot(name, own_level or level, seed, **budget)


def bot_seed(match_seed: int, index: int, seat: int) -> int:
    """Each bot's own seed, derived from the match, so no two seats share a random stream."""
    return random.Random(f"{match_seed}/{index}/{seat}").randrange(2**62)


def play_match(spec: MatchSpec) -> dict[str, Any]:
    """Play one game to the end; plain data out: record, result, bot per seat, thinking time."""
    game = ludoteca.load(spec.game)
    state = game.new_state(len(spec.seats), seed=spec.seed, **spec.options)
    bots = [
        parse_bot_spec(name, spec.level, bot_seed(spec.seed, spec.index, seat))
        for seat, name in enumerate(spec.seats)
    ]
    thinking = [0.0] * len(bots)
    slowest = [0.0] * len(bots)
    decisions = [0] * len(bots)
    while not state.is_over:
        # Every seat owing a move in a simultaneous round chooses before any choice is applied.
        choices = []
        for seat in state.to_move:
            start = time.perf_counter()
            choices.append((seat, bots[seat].choose(state, seat)))
            seconds = time.perf_counter() - start
            thinking[seat] += seconds
            slowest[seat] = max(slowest[seat], seconds)
            decisions[seat] += 1
        for seat, action in choices:
            state.apply(action, seat)
    record = game.record(state)
    record["bots"] = list(spec.seats)
    return {
        "index": spec.index,
        "game": spec.game,
        "seed": spec.seed,
        "seats": list(spec.seats),
        "result": state.result().to_dict(),
        "actions": len(state.history),
        "decisions": decisions,
        "seconds_per_move": [t / d if d else 0.0 for t, d in zip(thinking, decisions, strict=True)],
        "seconds_max": slowest,
        "record": record,
    }
