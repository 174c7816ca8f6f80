"""The self-play trainer of the City Square Off evaluation's weights, on tiny budgets."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import numpy as np
import pytest

from ludoteca.games.city_square_off import strategy, training
from ludoteca.games.city_square_off.components import catalogue

CATALOGUE = catalogue()
TILES = [tile.id for tile in CATALOGUE.tiles]
SCRIPT = Path(__file__).parents[3] / "scripts" / "train_city_square_off.py"


def test_a_city_is_played_until_a_card_does_not_fit_and_targets_count_the_cards_after():
    deck = random.Random(3).sample(TILES, len(TILES))
    positions, targets = training.play_city(CATALOGUE, deck, strategy.WEIGHTS, random.Random(5), 0.0)
    placed = len(positions) - 1  # the starter's position, then one per card placed
    assert 0 < placed < len(deck)  # 89 squares of tiles never fit in the 81-square grid
    assert positions[-1].shapes_left == len(deck) - placed
    # each target is the cards still placed after that position, plus the same tie-break
    tie_break = targets[-1]
    assert 0 <= tie_break < 1
    assert targets == pytest.approx([placed - index + tie_break for index in range(placed + 1)])


def test_fit_recovers_known_weights():
    rng = np.random.default_rng(0)
    features = rng.normal(size=(400, 3)) * [1.0, 10.0, 0.1]
    features = np.hstack([features, np.ones((400, 1))])  # a constant column gets weight 0
    targets = features @ [2.0, -0.5, 30.0, 7.0] + 4.0
    weights = training.fit(features, targets, ridge=1e-9)
    assert weights == pytest.approx((2.0, -0.5, 30.0, 0.0), rel=1e-4, abs=1e-6)


def test_training_is_deterministic_under_its_seed_and_gives_a_valid_weights_file():
    first = training.train(games=2, iterations=1, seed=4, validation=1)
    second = training.train(games=2, iterations=1, seed=4, validation=1)
    assert first == second
    assert strategy.load_weights(first)  # every feature, every weight a number
    assert strategy.load_weights({"weights": first["hand_weights"]}) == training.hand_weights()
    assert first["weights"] != first["hand_weights"]
    assert [record["iteration"] for record in first["training"]["history"]] == [0, 1]
    other = training.train(games=2, iterations=1, seed=5, validation=0)
    assert other["weights"] != first["weights"]


def test_the_script_writes_the_weights_file(tmp_path):
    spec = importlib.util.spec_from_file_location("train_city_square_off", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "evaluation.json"
    learned = script.main(["--games", "2", "--iterations", "1", "--validation", "0", "--seed", "2",
                           "--out", str(out)])
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(learned))
    assert strategy.load_weights(written)
    assert written["training"]["games"] == 2


def test_pairs_are_symmetric_and_processes_do_not_change_them():
    rows, targets, placed = training.self_play(2, strategy.WEIGHTS, "pairs", 0.1)
    half = len(rows) // 2
    # each deal adds its pairs, then the same pairs with the cities swapped
    assert np.allclose(rows.sum(axis=0), 0) and np.allclose(targets.sum(), 0)
    assert 0 < placed < len(TILES) and half > 0
    again = training.self_play(2, strategy.WEIGHTS, "pairs", 0.1, workers=2)
    assert np.array_equal(rows, again[0]) and np.array_equal(targets, again[1]) and placed == again[2]
    # the shapes and squares still to come are the same for both cities of a pair
    column = strategy.FEATURES.index("shapes_left")
    assert not rows[:, column].any()
