"""The research API's speed beside the raw engine's, measured side by side in one run.

    python examples/bench_envs.py [--seconds 5] [GAME ...]

For every game (two players): the raw engine's random actions/s (`legal_actions` + a random
choice + `apply`, as `ludoteca bench` counts them), the AEC environment's steps/s with an
observation and a mask at every step (`env.last()` + a random legal id + `env.step`), their
ratio, and PettingZoo's own `performance_benchmark` figure. Figures are wall-clock on one core.

Both loops draw with the same `random.Random`; the env loop reads the int8 mask through a boolean
view, because `np.flatnonzero` is about ten times slower on int8 than on bool (over City Square
Off's 57,800 ids that alone would cost more than an engine action).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import time

import numpy as np
from pettingzoo.test import performance_benchmark

import ludoteca
from ludoteca.bots.mcts import random_playout
from ludoteca.rl import env


def raw_actions_per_second(game_id: str, seconds: float) -> float:
    game, rng = ludoteca.load(game_id), random.Random(0)
    random_playout(game.new_state(2, seed=0), rng)  # first use builds the game's tables
    moves, start, games = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        moves += random_playout(game.new_state(2, seed=games), rng)
        games += 1
    return moves / (time.perf_counter() - start)


def env_steps_per_second(game_id: str, seconds: float) -> float:
    aec, rng = env(game_id), random.Random(0)
    aec.reset(seed=0)
    aec.last()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _agent in aec.agent_iter():
            observation, _, done, truncated, _ = aec.last()
            legal = np.flatnonzero(observation["action_mask"].view(bool))
            aec.step(None if done or truncated else int(rng.choice(legal)))
            steps += 1
        aec.reset()
    return steps / (time.perf_counter() - start)


def pettingzoo_turns_per_second(game_id: str) -> float:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(env(game_id))
    return float(re.search(r"([0-9.]+) turns per second", printed.getvalue()).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=[info.id for info in ludoteca.list_games()])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(f"{'game':<16} {'engine actions/s':>16} {'AEC steps/s':>12} {'ratio':>6} "
          f"{'PettingZoo turns/s':>19}")
    for game_id in args.games:
        raw = raw_actions_per_second(game_id, args.seconds)
        stepped = env_steps_per_second(game_id, args.seconds)
        turns = pettingzoo_turns_per_second(game_id)
        print(f"{game_id:<16} {raw:>16,.0f} {stepped:>12,.0f} {stepped / raw:>6.2f} {turns:>19,.0f}")


if __name__ == "__main__":
    main()
