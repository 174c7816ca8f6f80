"""Learning the City Square Off evaluation's weights by self-play (docs/games/city-square-off.md).

Both cities receive the same shapes in the same order and neither city's choices change the
other's, so a game is decided by which city is blocked first: the one that places more cards
wins (and when both are blocked by the same card, the open regions decide, largest first). That
makes "how many more cards will this city place" the natural target of a city's value: it is the
city's own outcome, not changed by the other city's play, measured in every position of every
city (a win/loss target gives one noisy bit per game), and the difference of two cities' values is
then the expected lead in rounds survived, which is what decides the game. A hundredth of the
largest open region left at the end is added to the target, so the regions' tie-break counts for
less than one card.

Positions come from self-play of single cities (each deal is played by two cities, as in a game;
each plays on until its own first blocked card): every decision picks the placement whose
position the current weights value highest, or with probability `epsilon` a random legal one
(for diversity), and records the features of the position after it. Ridge regression (numpy) fits
the two cities' difference in targets on their difference in features (`self_play` says why), on
every position so far; the next iteration plays with the new weights. The first iteration plays
with the hand-written weights.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from ludoteca.core.data import load_json

from . import strategy
from .components import Catalogue
from .components import catalogue as load_catalogue
from .placing import placer

TIE_BREAK = 0.01  # target per square of the largest open region left when the city is blocked
SIGNIFICANT = 6  # digits kept of each learned weight (a stable, readable file)

Progress = Callable[[int, int], None]  # (games done, games in all)


def play_city(
    catalogue: Catalogue, deck: Sequence[str], weights: Sequence[float], rng: random.Random, epsilon: float
) -> tuple[list[strategy.SpaceFeatures], list[float]]:
    """One city from its starter until a card does not fit: each position's features and target.

    The starter is any placement of any starter (the policy chooses), then the cards come in
    `deck` order; the target of a position is the number of cards the city places after it,
    plus `TIE_BREAK` per square of its largest open region at the end.
    """
    starters = catalogue.starter_placements[False]
    options = [catalogue.footprints[action].mask for piece in sorted(starters) for action in starters[piece]]
    covered, found = _choose(catalogue, 0, options, list(deck), weights, rng, epsilon)
    positions = [found]
    placed_before = [0]
    for index, card in enumerate(deck):
        legal = placer().placements(covered, card, False)
        if not legal:
            break
        options = [catalogue.footprints[action].mask for action in legal]
        covered, found = _choose(catalogue, covered, options, list(deck[index + 1:]), weights, rng, epsilon)
        positions.append(found)
        placed_before.append(index + 1)
    placed = placed_before[-1]
    largest = max((region.bit_count() for region in catalogue.regions(catalogue.grid_mask & ~covered)),
                  default=0)
    targets = [placed - before + TIE_BREAK * largest for before in placed_before]
    return positions, targets


def _choose(
    catalogue: Catalogue,
    covered: int,
    options: list[int],
    to_come: list[str],
    weights: Sequence[float],
    rng: random.Random,
    epsilon: float,
) -> tuple[int, strategy.SpaceFeatures]:
    """The city after the chosen placement (footprint masks in `options`) and its features."""
    if rng.random() < epsilon:
        after = covered | rng.choice(options)
        return after, strategy.features(catalogue, after, to_come)
    best: list[tuple[int, strategy.SpaceFeatures]] = []
    best_value = float("-inf")
    for mask in options:
        after = covered | mask
        found = strategy.features(catalogue, after, to_come)
        value = strategy.weighted(weights, found)
        if value > best_value:
            best, best_value = [(after, found)], value
        elif value == best_value:
            best.append((after, found))
    return rng.choice(best)


def self_play(
    games: int,
    weights: Sequence[float],
    seed: str,
    epsilon: float,
    progress: Progress | None = None,
    workers: int = 1,
) -> tuple[np.ndarray, np.ndarray, float]:
    """`games` deals, two cities each, as pairs: feature differences, target differences, and
    the mean cards a city placed.

    A row is one city's features minus the other's after the same number of decisions (same
    shapes to come), and its target the difference of their targets: the final margin in cards
    placed. Both orders are kept, so the data is symmetric. Differences are what the evaluation
    is used for (one city against the other, one placement against another), and they cancel
    what both cities share (the shapes and squares still to come), which would otherwise
    dominate the fit and bend the weights that tell placements apart.
    """
    jobs = [(weights, f"{seed}:{game}", epsilon) for game in range(games)]
    rows: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    placed = 0
    with _pool(workers) as pool:
        for game, (difference, margin, cards) in enumerate(pool.imap(_play_deal, jobs)):
            rows += [difference, -difference]
            targets += [margin, -margin]
            placed += cards
            if progress is not None:
                progress(game + 1, games)
    return np.concatenate(rows), np.concatenate(targets), placed / (2 * games)


def _play_deal(job: tuple[Sequence[float], str, float]) -> tuple[np.ndarray, np.ndarray, int]:
    """One deal (its own generator, so deals give the same result in any process): the pairs'
    feature and target differences, and the cards both cities placed."""
    weights, seed, epsilon = job
    catalogue = load_catalogue()
    rng = random.Random(seed)
    deck = rng.sample([tile.id for tile in catalogue.tiles], len(catalogue.tiles))
    (first, first_targets), (second, second_targets) = (
        play_city(catalogue, deck, weights, rng, epsilon) for _ in range(2)
    )
    steps = min(len(first), len(second))
    difference = np.array(first[:steps], dtype=float) - np.array(second[:steps], dtype=float)
    margin = np.array(first_targets[:steps]) - np.array(second_targets[:steps])
    return difference, margin, len(first) + len(second) - 2


class _Serial:
    """A stand-in for a process pool with one worker: plays in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    @staticmethod
    def imap(function: Callable[[Any], Any], jobs: Iterable[Any]) -> Iterator[Any]:
        return map(function, jobs)


def _pool(workers: int) -> Any:  # a process pool, or `_Serial` in this process
    return multiprocessing.Pool(workers) if workers > 1 else _Serial()


def fit(features: np.ndarray, targets: np.ndarray, ridge: float) -> tuple[float, ...]:
    """Ridge regression of the targets on the features (with an intercept, which is dropped:
    only differences of values between cities and between placements matter).

    Columns are standardised first so that one ridge penalty suits features of every scale; a
    constant column gets weight 0.
    """
    mean = features.mean(axis=0)
    scale = features.std(axis=0)
    varying = scale > 1e-12
    standard = (features[:, varying] - mean[varying]) / scale[varying]
    gram = standard.T @ standard + ridge * np.eye(standard.shape[1])
    solved = np.linalg.solve(gram, standard.T @ (targets - targets.mean()))
    weights = np.zeros(features.shape[1])
    weights[varying] = solved / scale[varying]
    return tuple(float(f"{weight:.{SIGNIFICANT}g}") for weight in weights)


def hand_weights() -> tuple[float, ...]:
    """The hand-written weights kept in the weights file: the first iteration's policy."""
    return strategy.load_weights({"weights": load_json(__package__, strategy.WEIGHTS_FILE)["hand_weights"]})


def train(
    games: int,
    iterations: int,
    seed: int,
    epsilon: float = 0.1,
    ridge: float = 1.0,
    validation: int = 0,
    start: Sequence[float] | None = None,
    progress: Progress | None = None,
    workers: int = 1,
) -> dict:
    """Self-play and refit `iterations` times; the weights file's content, with what was done.

    `validation` deals (other deals than training's, no exploration) measure each iteration's
    weights by the mean cards a city places (how well they predict the margin is no measure
    there: without exploration both cities of a deal mostly play alike and the margins are 0).
    """
    hand = tuple(start) if start is not None else hand_weights()
    weights = hand
    total = iterations * games + (iterations + 1) * validation
    done = 0

    def step(count: int, _: int) -> None:
        if progress is not None:
            progress(done + count, total)

    history = []
    features_all: list[np.ndarray] = []
    targets_all: list[np.ndarray] = []
    for iteration in range(iterations + 1):
        record: dict = {"iteration": iteration, "weights_of": "hand" if iteration == 0 else "learned"}
        if validation:
            _, _, placed = self_play(validation, weights, f"validation:{seed}", 0.0, step, workers)
            done += validation
            record["validation_cards_placed"] = round(placed, 3)
        if iteration == iterations:
            history.append(record)
            break
        rows, targets, placed = self_play(games, weights, f"train:{seed}:{iteration}", epsilon, step, workers)
        done += games
        features_all.append(rows)
        targets_all.append(targets)
        record["train_cards_placed"] = round(placed, 3)
        weights = fit(np.concatenate(features_all), np.concatenate(targets_all), ridge)
        history.append(record)
    return {
        "about": (
            "Weights of the City Square Off evaluation (strategy.py): a city's value is the sum of "
            "weight x feature, in cards the city will still place. Learned by self-play: see "
            "docs/games/city-square-off.md, 'Bots'."
        ),
        "weights": dict(zip(strategy.FEATURES, weights, strict=True)),
        "hand_weights": dict(zip(strategy.FEATURES, hand, strict=True)),
        "training": {
            "games": games, "iterations": iterations, "seed": seed, "epsilon": epsilon,
            "ridge": ridge, "validation": validation,
            "pairs": int(sum(len(t) for t in targets_all)) // 2, "history": history,
        },
    }

