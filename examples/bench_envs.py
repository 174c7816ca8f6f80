"""The research API's speed beside the raw engine's, measured side by side in one run.

    python examples/bench_envs.py [--seconds 5] [--wall-limit 300] [GAME ...]

For every game (two players): the raw engine's random actions/s (`legal_actions` + a random
choice + `apply`, as `ludoteca bench` counts them), the AEC environment's actions/s with an
observation and a mask at every step (`env.last()` + a random legal id + `env.step`), their
ratio, and PettingZoo's own `performance_benchmark` figure (wall-clock, as PettingZoo counts).

The engine and the environment take turns of a quarter second until each has run `--seconds`,
and are timed in CPU seconds of this process (`time.process_time`), so that other work on the
machine slows neither and a change of load weighs on both alike: the ratio is the figure to read.
Each row is printed as soon as its game is measured, with the CPU seconds each loop ran: at the
lowest priority on a saturated machine a run can take many minutes per game, and a run cut short
from outside still shows the games it finished (this is why a Santa Monica figure, the last game,
was once missing). `--wall-limit` bounds the wall time of a game's turns.

Both loops draw with the same `random.Random` from a list; the env loop finds the legal ids with
`mask.view(bool).nonzero()[0].tolist()`: `nonzero` is about ten times slower on int8 than on bool
(over City Square Off's 57,800 ids that alone would cost more than an engine action),
`np.flatnonzero` adds about 3 µs of Python around the same call (a whole raw action in the
fastest games), and a draw from the array itself would cost a numpy scalar and its conversion
(about a microsecond) that the engine's loop, drawing from its list, does not pay.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import time

from pettingzoo.test import performance_benchmark

import ludoteca
from ludoteca.bots.mcts import random_playout
from ludoteca.rl import env


class RawEngine:
    """Random games on the bare engine: `legal_actions`, a random choice, `apply`."""

    def __init__(self, game_id: str):
        self.game, self.rng, self.games = ludoteca.load(game_id), random.Random(0), 0
        random_playout(self.game.new_state(2, seed=0), self.rng)  # first use builds the game's tables

    def play_a_game(self) -> int:
        self.games += 1
        return random_playout(self.game.new_state(2, seed=self.games), self.rng)


class AecLoop:
    """Random games through the AEC environment: `env.last()` (observation and mask), a random
    legal id, `env.step`. Only steps that play an action are counted (not the final `None`s)."""

    def __init__(self, game_id: str):
        self.aec, self.rng = env(game_id), random.Random(0)
        self.aec.reset(seed=0)

    def play_a_game(self) -> int:
        aec, actions = self.aec, 0
        for _agent in aec.agent_iter():
            observation, _, done, truncated, _ = aec.last()
            if done or truncated:
                aec.step(None)
                continue
            legal = observation["action_mask"].view(bool).nonzero()[0].tolist()
            aec.step(self.rng.choice(legal))
            actions += 1
        aec.reset()
        return actions


def actions_per_second(loops: list, seconds: float, wall_limit: float = float("inf"),
                       turn: float = 0.25) -> tuple[list[float], float]:
    """Each loop's actions per CPU second, the loops taking turns of `turn` seconds until each
    has run `seconds`: a change of load during the run then weighs on all of them alike.

    On a saturated machine a process at the lowest priority may get a few per cent of a core,
    so `seconds` of CPU can take many minutes of wall time; the turns also stop after
    `wall_limit` wall seconds. Returns the rates and the fewest CPU seconds a loop ran."""
    actions, spent = [0] * len(loops), [0.0] * len(loops)
    started = time.monotonic()
    while True:  # at least one turn each, so that every rate is defined
        for k, loop in enumerate(loops):
            start = time.process_time()
            while time.process_time() - start < turn:
                actions[k] += loop.play_a_game()
            spent[k] += time.process_time() - start
        if min(spent) >= seconds or time.monotonic() - started >= wall_limit:
            break
    return [done / used for done, used in zip(actions, spent, strict=True)], min(spent)


def pettingzoo_turns_per_second(game_id: str) -> float:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(env(game_id))
    return float(re.search(r"([0-9.]+) turns per second", printed.getvalue()).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=[info.id for info in ludoteca.list_games()])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per loop")
    parser.add_argument("--wall-limit", type=float, default=300.0,
                        help="wall seconds per game at most (a loaded machine starves the run)")
    args = parser.parse_args()
    print(f"{'game':<16} {'engine actions/s':>16} {'AEC actions/s':>13} {'ratio':>6} "
          f"{'PettingZoo turns/s':>19} {'CPU s':>6}", flush=True)
    for game_id in args.games:
        loops = [RawEngine(game_id), AecLoop(game_id)]
        (raw, stepped), cpu = actions_per_second(loops, args.seconds, args.wall_limit)
        turns = pettingzoo_turns_per_second(game_id)
        print(f"{game_id:<16} {raw:>16,.0f} {stepped:>13,.0f} {stepped / raw:>6.3f} {turns:>19,.0f} "
              f"{cpu:>6.2f}", flush=True)  # a row as soon as it is measured


if __name__ == "__main__":
    main()
