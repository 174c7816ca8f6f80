"""Fit the weights of the evaluation's features (`strategy.FEATURES`) by regression on game
outcomes, and write them to `data/strategy_weights.json`:

    python -m ludoteca.games.blue_lagoon.training --games 300 --seed 1 --write

Games are played by the rule-of-thumb player with a share of uniformly random moves (so the
positions vary and the features are not collinear), two players, on the standard map. At every
position, per phase, the features' differences between seat 0 and seat 1 are regressed on the final
score difference (least squares, pulled towards the hand-set weights by a ridge term, so features
that barely vary keep their prior). The banked totals keep weight 1: they are exact points.

The rule-of-thumb player only makes the positions; the regression asks what the evaluation's own
features say about the final score, so nothing of the yardstick's judgement goes into the search.
"""

from __future__ import annotations

import argparse
import json
import random
from importlib import resources
from typing import Any

import numpy as np

from . import GAME, strategy
from .heuristic import heuristic_action

RIDGE = 50.0  # pull towards the hand-set weights, in units of squared feature points


def play_samples(games: int, seed: int, randomness: float) -> dict[str, tuple[list, list]]:
    """Per phase, (feature differences seat 0 − seat 1, final score difference) of every position."""
    rng = random.Random(seed)
    samples: dict[str, tuple[list, list]] = {"E": ([], []), "S": ([], [])}
    for game in range(games):
        state = GAME.new_state(2, seed=seed * 100_003 + game)
        seen: list[tuple[str, list[float]]] = []
        while not state.is_over:
            player = state.to_move[0]
            if rng.random() < randomness:
                action = rng.choice(state.legal_actions(player))
            else:
                action = heuristic_action(state, player, rng)
            state.apply(action, player)
            if not state.is_over:
                mine, theirs = strategy.features(state)
                seen.append((state.phase, [a - b for a, b in zip(mine, theirs, strict=True)]))
        final = state.scores()
        for phase, difference in seen:
            samples[phase][0].append(difference)
            samples[phase][1].append(final[0] - final[1])
    return samples


def fit(differences: list, outcomes: list, prior: tuple[float, ...]) -> list[float]:
    """Ridge least squares towards `prior`, with the banked totals (feature 0) fixed at 1."""
    x = np.asarray(differences, dtype=float)
    y = np.asarray(outcomes, dtype=float) - x[:, 0]
    x = x[:, 1:]
    w0 = np.asarray(prior[1:], dtype=float)
    lhs = x.T @ x + RIDGE * np.eye(x.shape[1])
    rhs = x.T @ y + RIDGE * w0
    return [1.0, *np.linalg.solve(lhs, rhs).round(3).tolist()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--randomness", type=float, default=0.25,
                        help="share of uniformly random moves")
    parser.add_argument("--write", action="store_true", help="write data/strategy_weights.json")
    args = parser.parse_args()
    samples = play_samples(args.games, args.seed, args.randomness)
    about = (f"Weights of the Blue Lagoon evaluation's features per phase (E, S), fitted "
             f"by `python -m ludoteca.games.blue_lagoon.training --games {args.games} "
             f"--seed {args.seed} --randomness {args.randomness}`; see the game's docs.")
    table: dict[str, Any] = {"about": about}
    for phase, (differences, outcomes) in samples.items():
        weights = fit(differences, outcomes, strategy.WEIGHTS[phase])
        table[phase] = dict(zip(strategy.FEATURES, weights, strict=True))
        print(phase, len(outcomes), "positions:", table[phase])
    if args.write:
        path = resources.files("ludoteca.games.blue_lagoon").joinpath("data", "strategy_weights.json")
        with open(str(path), "w", encoding="utf-8") as handle:
            handle.write(json.dumps(table, indent=1) + "\n")
        print("wrote", path)


if __name__ == "__main__":
    main()
