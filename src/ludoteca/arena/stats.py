"""Tournament statistics: wins, draws, scores, win rate by seat with confidence intervals, Elo.

Everything here is a pure function of the match outcomes (plain data), so it is tested on small
hand-made outcome lists.
"""

from __future__ import annotations

import itertools
import math
import statistics
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959964  # two-sided 95% normal quantile
ELO_MEAN = 1500.0


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (sensible at 0% and 100%, unlike the normal one)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotStats:
    """One bot's record over a tournament. A win is sole first place; shared first is a draw."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    scores: list[float] = field(default_factory=list)
    seat_games: dict[int, int] = field(default_factory=dict)
    seat_wins: dict[int, int] = field(default_factory=dict)
    decisions: int = 0  # moves chosen, over all its games
    thinking: float = 0.0  # seconds spent choosing them
    slowest: float = 0.0  # seconds of its slowest move
    elo: float = ELO_MEAN

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def seat_rate(self, seat: int) -> tuple[float, float, float, int]:
        """Win rate in `seat`, its 95% interval, and the games played there."""
        games = self.seat_games.get(seat, 0)
        wins = self.seat_wins.get(seat, 0)
        low, high = wilson(wins, games)
        return (wins / games if games else 0.0), low, high, games

    def to_dict(self) -> dict[str, Any]:
        low, high = self.win_interval
        return {
            "bot": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "win_rate_95": [low, high],
            "score_mean": statistics.fmean(self.scores) if self.scores else 0.0,
            "score_sd": statistics.pstdev(self.scores) if self.scores else 0.0,
            "decisions": self.decisions,
            "seconds_per_move": self.thinking / self.decisions if self.decisions else 0.0,
            "seconds_max": self.slowest,
            "elo": self.elo,
            "by_seat": {
                str(seat): dict(zip(("win_rate", "low", "high", "games"), self.seat_rate(seat), strict=True))
                for seat in sorted(self.seat_games)
            },
        }


def summarise(outcomes: list[dict[str, Any]]) -> dict[str, BotStats]:
    """Per bot: games, wins, draws, scores, seat records and Elo, from match outcomes."""
    table: dict[str, BotStats] = {}
    for outcome in outcomes:
        result = outcome["result"]
        winners = result["winners"]
        for seat, name in enumerate(outcome["seats"]):
            stats = table.setdefault(name, BotStats(name))
            stats.games += 1
            stats.scores.append(result["scores"][seat])
            stats.seat_games[seat] = stats.seat_games.get(seat, 0) + 1
            _add_thinking(stats, outcome, seat)
            if seat in winners and len(winners) == 1:
                stats.wins += 1
                stats.seat_wins[seat] = stats.seat_wins.get(seat, 0) + 1
            elif seat in winners:
                stats.draws += 1
    for name, rating in elo_ratings(outcomes).items():
        table[name].elo = rating
    return table


def _add_thinking(stats: BotStats, outcome: dict[str, Any], seat: int) -> None:
    """Time per move, weighted by the moves of each game (outcomes without counts weigh 1)."""
    mean = outcome.get("seconds_per_move", [0.0] * (seat + 1))[seat]
    decisions = outcome.get("decisions", [1] * (seat + 1))[seat]
    stats.decisions += decisions
    stats.thinking += mean * decisions
    stats.slowest = max(stats.slowest, outcome.get("seconds_max", [mean] * (seat + 1))[seat])


def pairing_summary(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Head to head, per pair of bots: how often the first finished ahead, with a 95% interval.

    Every pair of seats of every match counts once, compared by place (as for Elo), so with two
    players it is the match record; a shared place is a draw, which counts as not won. Bots are
    paired in order of first appearance; seats of the same bot are not compared.
    """
    order = {name: index for index, name in enumerate(dict.fromkeys(n for o in outcomes for n in o["seats"]))}
    tally: dict[tuple[str, str], list[int]] = {}
    for outcome in outcomes:
        ranking = outcome["result"]["ranking"]
        seats = outcome["seats"]
        for i, j in itertools.combinations(range(len(seats)), 2):
            if seats[i] == seats[j]:
                continue
            if order[seats[i]] > order[seats[j]]:
                i, j = j, i
            counts = tally.setdefault((seats[i], seats[j]), [0, 0, 0])  # won, drawn, lost
            counts[0 if ranking[i] < ranking[j] else 1 if ranking[i] == ranking[j] else 2] += 1
    rows = []
    for (bot, opponent), (won, drawn, lost) in sorted(
        tally.items(), key=lambda item: [order[n] for n in item[0]]
    ):
        games = won + drawn + lost
        low, high = wilson(won, games)
        rows.append(
            {
                "bot": bot,
                "opponent": opponent,
                "games": games,
                "wins": won,
                "draws": drawn,
                "losses": lost,
                "win_rate": won / games,
                "low": low,
                "high": high,
            }
        )
    return rows


def seat_summary(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Whoever sits there: the sole-win rate of each seat (first-player advantage), with intervals."""
    games: dict[int, int] = {}
    wins: dict[int, int] = {}
    for outcome in outcomes:
        winners = outcome["result"]["winners"]
        for seat in range(len(outcome["seats"])):
            games[seat] = games.get(seat, 0) + 1
            if winners == [seat]:
                wins[seat] = wins.get(seat, 0) + 1
    rows = []
    for seat in sorted(games):
        low, high = wilson(wins.get(seat, 0), games[seat])
        rows.append(
            {
                "seat": seat,
                "games": games[seat],
                "wins": wins.get(seat, 0),
                "win_rate": wins.get(seat, 0) / games[seat],
                "low": low,
                "high": high,
            }
        )
    return rows


def pairwise_results(outcomes: list[dict[str, Any]]) -> dict[tuple[str, str], float]:
    """Points of bot a against bot b, from every pair of seats in every match (draw = half each).

    In a multi-player game each pair is compared by place; seats of the same bot are not compared.
    """
    points: dict[tuple[str, str], float] = {}
    for outcome in outcomes:
        ranking = outcome["result"]["ranking"]
        seats = outcome["seats"]
        for i, j in itertools.combinations(range(len(seats)), 2):
            a, b = seats[i], seats[j]
            if a == b:
                continue
            share = 1.0 if ranking[i] < ranking[j] else 0.5 if ranking[i] == ranking[j] else 0.0
            points[a, b] = points.get((a, b), 0.0) + share
            points[b, a] = points.get((b, a), 0.0) + 1.0 - share
    return points


def elo_ratings(
    outcomes: list[dict[str, Any]], prior_draws: float = 1.0, rounds: int = 2000
) -> dict[str, float]:
    """Elo ratings as the maximum-likelihood Bradley–Terry fit of the pairwise results (mean 1500).

    Unlike sequential Elo updates, the fit does not depend on the order of the games. Each pair
    that met gets `prior_draws` virtual draws, so a bot that won every game gets a finite rating.
    """
    points = pairwise_results(outcomes)
    names = sorted({a for a, _ in points})
    if len(names) < 2:
        return dict.fromkeys(names, ELO_MEAN)
    for a, b in list(points):
        points[a, b] += prior_draws / 2
    games = {(a, b): points[a, b] + points[b, a] for a, b in points}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        updated = {}
        for a in names:
            won = sum(points.get((a, b), 0.0) for b in names if b != a)
            expected = sum(games[a, b] / (strength[a] + strength[b]) for b in names if (a, b) in games)
            updated[a] = won / expected if expected else strength[a]
        centre = math.exp(statistics.fmean(math.log(s) for s in updated.values()))
        updated = {a: s / centre for a, s in updated.items()}
        converged = max(abs(updated[a] - strength[a]) for a in names) < 1e-12
        strength = updated
        if converged:
            break
    return {a: ELO_MEAN + 400 * math.log10(strength[a]) for a in names}
