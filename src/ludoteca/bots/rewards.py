"""Rewards in [0, 1] for finished games, comparable across games and player counts.

MCTS backs these up, so every game must give them on the same scale: a place term (beating every
opponent is 1, losing to all is 0, ties count half) and a small margin term from the scores, so a
search still prefers the bigger win (or the narrower loss) when the places are settled.
"""

from __future__ import annotations

from ludoteca.core import State

MARGIN_WEIGHT = 0.1


def place_value(ranking: list[int], player: int) -> float:
    """The share of opponents `player` finished ahead of (ties count half); 1.0 when alone."""
    others = [rank for seat, rank in enumerate(ranking) if seat != player]
    if not others:
        return 1.0
    mine = ranking[player]
    return sum(1.0 if rank > mine else 0.5 if rank == mine else 0.0 for rank in others) / len(others)


def outcome_rewards(state: State) -> list[float]:
    """Every seat's reward for the finished `state`, in [0, 1]."""
    result = state.result()
    scores = result.scores
    spread = max((abs(s) for s in scores), default=0.0) or 1.0
    rewards = []
    for player in range(state.num_players):
        others = [s for seat, s in enumerate(scores) if seat != player]
        margin = (scores[player] - max(others)) / spread if others else 0.0  # in [-2, 2]
        margin_value = 0.5 + max(-2.0, min(2.0, margin)) / 4
        place = place_value(result.ranking, player)
        rewards.append((1 - MARGIN_WEIGHT) * place + MARGIN_WEIGHT * margin_value)
    return rewards
