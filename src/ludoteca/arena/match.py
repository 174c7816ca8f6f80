"""One arena match: bots in seats, one seeded game, a replayable record and the outcome.

`play_match` takes and returns plain data only, so the same function runs inline, in a local
process pool or as a Ray task, and gives the same outcome for the same spec wherever it runs.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import ludoteca
from ludoteca.bots import Bot, make_bot
from ludoteca.core import OptionError


@dataclass(frozen=True)
class MatchSpec:
    """Which bots sit where, in which game, under which seed."""

    index: int
    game: str
    seats: tuple[str, ...]  # bot specs, seat 0 first: "mcts", "mcts:500" (500 iterations), ...
    seed: int
    level: str = "normal"
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def parse_bot_spec(spec: str, level: str, seed: int) -> Bot:
    """A bot from `name` or `name:iterations` (an exact MCTS budget: reproducible, no time limit)."""
    name, _, iterations = spec.partition(":")
    if not iterations:
        return make_bot(name, level, seed)
    if not iterations.isdigit():
        raise OptionError(f"bot {spec!r}: write name:iterations, e.g. mcts:500")
    return make_bot(name, level, seed, iterations=int(iterations))


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
    decisions = [0] * len(bots)
    while not state.is_over:
        # Every seat owing a move in a simultaneous round chooses before any choice is applied.
        choices = []
        for seat in state.to_move:
            start = time.perf_counter()
            choices.append((seat, bots[seat].choose(state, seat)))
            thinking[seat] += time.perf_counter() - start
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
        "seconds_per_move": [t / d if d else 0.0 for t, d in zip(thinking, decisions, strict=True)],
        "record": record,
    }
