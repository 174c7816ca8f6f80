"""Arena statistics on small hand-made outcome lists, where the right numbers are known."""

from __future__ import annotations

import math

import pytest

from ludoteca.arena import elo_ratings, pairing_summary, schedule, seat_summary, summarise, wilson
from ludoteca.arena.stats import pairwise_results


def outcome(seats, ranking, scores=None):
    winners = [seat for seat, place in enumerate(ranking) if place == 1]
    return {
        "seats": list(seats),
        "result": {"ranking": list(ranking), "winners": winners, "scores": scores or [0.0] * len(seats)},
        "seconds_per_move": [0.0] * len(seats),
    }


def test_wilson_interval_matches_known_values():
    assert wilson(9, 10) == pytest.approx((0.5958, 0.9821), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_two_bot_elo_is_the_log_odds_of_the_results_with_one_virtual_draw():
    outcomes = [outcome("AB", [1, 2])] * 3 + [outcome("BA", [1, 2])]  # A 3 wins, B 1 win
    ratings = elo_ratings(outcomes)
    assert ratings["A"] - ratings["B"] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert (ratings["A"] + ratings["B"]) / 2 == pytest.approx(1500)


def test_elo_orders_a_transitive_cycle_free_tournament_and_ignores_game_order():
    outcomes = [outcome("AB", [1, 2]), outcome("BC", [1, 2]), outcome("AC", [1, 2])] * 4
    ratings = elo_ratings(outcomes)
    assert ratings["A"] > ratings["B"] > ratings["C"]
    assert elo_ratings(list(reversed(outcomes))) == pytest.approx(ratings)


def test_multiplayer_pairs_and_draws():
    points = pairwise_results([outcome("ABC", [1, 1, 3]), outcome("AAB", [2, 1, 3])])
    assert points["A", "B"] == 0.5 + 2 and points["B", "A"] == 0.5
    assert points["A", "C"] == 1 and points["C", "A"] == 0
    assert ("A", "A") not in points


def test_summary_counts_wins_draws_seats_and_scores():
    outcomes = [
        outcome("AB", [1, 2], [10, 4]),
        outcome("BA", [1, 2], [7, 5]),
        outcome("AB", [1, 1], [6, 6]),
        outcome("BA", [2, 1], [3, 9]),
    ]
    stats = summarise(outcomes)
    a, b = stats["A"], stats["B"]
    assert (a.games, a.wins, a.draws, a.losses) == (4, 2, 1, 1)
    assert (b.games, b.wins, b.draws, b.losses) == (4, 1, 1, 2)
    assert a.scores == [10, 5, 6, 9]
    assert a.seat_rate(0)[0] == 0.5 and a.seat_rate(1)[0] == 0.5
    assert a.to_dict()["score_mean"] == 7.5
    assert a.elo > b.elo
    seats = seat_summary(outcomes)
    assert [(row["seat"], row["wins"], row["games"]) for row in seats] == [(0, 2, 4), (1, 1, 4)]


def test_schedule_rotates_every_lineup_through_every_seat_on_the_same_deal():
    specs = schedule("city-square-off", ["A", "B", "C"], games=12, players=2, seed=5)
    assert [s.seats for s in specs[:6]] == [
        ("A", "B"),
        ("B", "A"),
        ("A", "C"),
        ("C", "A"),
        ("B", "C"),
        ("C", "B"),
    ]
    assert specs[0].seed == specs[1].seed != specs[2].seed
    assert [s.index for s in specs] == list(range(12))
    assert schedule("city-square-off", ["A", "B", "C"], 12, 2, seed=5) == specs
    three = schedule("bloom-town", ["X", "Y"], games=3, players=3)
    assert [s.seats for s in three] == [("X", "Y", "X"), ("Y", "X", "X"), ("X", "X", "Y")]


def test_head_to_head_counts_every_pair_of_seats_once_with_its_interval():
    outcomes = [outcome("AB", [1, 2])] * 3 + [outcome("BA", [1, 2]), outcome("AB", [1, 1])]
    outcomes.append(outcome("CAB", [1, 3, 2]))  # C beat A and B; B beat A; a three-player match
    rows = {(r["bot"], r["opponent"]): r for r in pairing_summary(outcomes)}
    assert set(rows) == {("A", "B"), ("A", "C"), ("B", "C")}  # first appearance decides the order
    ab = rows["A", "B"]
    assert (ab["games"], ab["wins"], ab["draws"], ab["losses"]) == (6, 3, 1, 2)
    assert (ab["low"], ab["high"]) == pytest.approx(wilson(3, 6))
    assert (rows["B", "C"]["wins"], rows["B", "C"]["losses"]) == (0, 1)
    assert pairing_summary([outcome("AA", [1, 2])]) == []  # a bot against itself is no pairing


def test_time_per_move_is_weighted_by_moves_and_keeps_the_slowest():
    slow, quick = outcome("AB", [1, 2]), outcome("AB", [2, 1])
    slow |= {"decisions": [1, 10], "seconds_per_move": [3.0, 0.5], "seconds_max": [3.0, 0.9]}
    quick |= {"decisions": [3, 10], "seconds_per_move": [1.0, 0.5], "seconds_max": [1.2, 0.6]}
    a = summarise([slow, quick])["A"].to_dict()
    assert a["decisions"] == 4
    assert a["seconds_per_move"] == pytest.approx((3.0 + 3 * 1.0) / 4)
    assert a["seconds_max"] == 3.0
