"""Seat-rotated match schedules, and running them inline, on local processes or on Ray."""

from __future__ import annotations

import itertools
import logging
import os
import random
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from .match import MatchSpec, play_match

Outcome = dict[str, Any]


def schedule(
    game: str,
    bots: list[str],
    games: int,
    players: int,
    seed: int = 0,
    level: str = "normal",
    options: dict[str, Any] | None = None,
) -> list[MatchSpec]:
    """`games` matches in which every line-up of bots sits in every seat equally often.

    The line-ups are the combinations of `players` bots (or the bots repeated in turn when there
    are fewer bots than seats); each line-up is played in all its cyclic seat rotations on the
    same deal (one game seed per block of rotations), so seat and deal luck cancel out.
    """
    if players < 1 or games < 1:
        return []
    if len(bots) >= players:
        lineups = list(itertools.combinations(bots, players))
    else:
        lineups = [tuple(itertools.islice(itertools.cycle(bots), players))]
    cycle = [lineup[r:] + lineup[:r] for lineup in lineups for r in range(players)]
    seeds = random.Random(seed)
    specs = []
    block_seed = 0
    for index in range(games):
        position = index % len(cycle)
        if position % players == 0:
            block_seed = seeds.randrange(2**31)
        specs.append(MatchSpec(index, game, cycle[position], block_seed, level, dict(options or {})))
    return specs


def run_local(specs: list[MatchSpec], workers: int, done: Callable[[Outcome], None]) -> list[Outcome]:
    """Play `specs` here (workers=1) or on a pool of processes; outcomes in match order."""
    if workers <= 1:
        return [_report(play_match(spec), done) for spec in specs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_match, spec) for spec in specs]
        outcomes = [_report(future.result(), done) for future in as_completed(futures)]
    return sorted(outcomes, key=lambda outcome: outcome["index"])


def run_ray(
    specs: list[MatchSpec], address: str, workers: int | None, done: Callable[[Outcome], None]
) -> list[Outcome]:
    """Play `specs` as Ray tasks: `address` of a cluster, or "local" to start Ray on this machine.

    A cluster gets this package shipped with the tasks; the outcomes are the same as local runs
    for the same specs, since each match depends on its spec alone.
    """
    import ray

    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(
                num_cpus=workers or os.cpu_count() or 1,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        else:
            package = str(Path(__file__).resolve().parents[1])
            ray.init(
                address=address,
                runtime_env={"py_modules": [package]},
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
    try:
        task = ray.remote(play_match)
        pending = [task.remote(spec) for spec in specs]
        outcomes: list[Outcome] = []
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            outcomes.extend(_report(outcome, done) for outcome in ray.get(ready))
    finally:
        if started:
            ray.shutdown()
    return sorted(outcomes, key=lambda outcome: outcome["index"])


def _report(outcome: Outcome, done: Callable[[Outcome], None]) -> Outcome:
    done(outcome)
    return outcome


def bots_in(outcomes: Iterable[Outcome]) -> list[str]:
    """The bot specs that played, in order of first appearance."""
    return list(dict.fromkeys(name for outcome in outcomes for name in outcome["seats"]))
