"""One-ply lookahead on the game's evaluation hook (`state.evaluation(player)`).

Shared with MCTS, which uses the same one-ply values as a prior at its root.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ludoteca.core import Action, IllegalAction, State

from .base import Bot
from .rewards import place_value


def position_value(state: State, player: int) -> tuple[float, float]:
    """Sort key of a position for `player`: a finished game's place first, then the evaluation.

    A won game beats any running position and a lost one is worse than any, whatever scale the
    game's evaluation uses.
    """
    settled = place_value(state.result().ranking, player) - 0.5 if state.is_over else 0.0
    return settled, state.evaluation(player)


def one_ply_values(state: State, player: int, rng: random.Random) -> list[tuple[Action, tuple[float, float]]]:
    """Each legal action of `player` with the value of the position right after it."""
    return list(iter_one_ply_values(state, player, rng, state.legal_actions(player)))


def iter_one_ply_values(
    state: State, player: int, rng: random.Random, actions: list[Action]
) -> Iterator[tuple[Action, tuple[float, float]]]:
    """`actions` one by one with the value of the position right after each, lazily.

    Lazy so that a timed search can stop valuing candidates when its budget runs out. The
    position is first determinized for `player`, so the values use only what that seat may
    know. In a simultaneous round the other seats' moves are still owed after ours; they are
    completed with one fixed random reply per seat, the same for every candidate, so the round
    resolves and the candidates are compared on equal terms.
    """
    base = state.determinize(player, rng)
    replies = {seat: rng.choice(base.legal_actions(seat)) for seat in base.to_move if seat != player}
    for action in actions:
        after = base.clone()
        after.apply(action, player)
        for seat, reply in replies.items():
            if seat in after.to_move:
                _apply_or_random(after, reply, seat, rng)
        yield action, position_value(after, player)


def _apply_or_random(state: State, action: Action, seat: int, rng: random.Random) -> None:
    try:
        state.apply(action, seat)
    except IllegalAction:  # our move changed what that seat may do: any legal reply will do
        state.apply(rng.choice(state.legal_actions(seat)), seat)


class GreedyBot(Bot):
    """Plays the action whose resulting position evaluates best; ties are broken at random."""

    name = "greedy"

    def choose(self, state: State, player: int) -> Action:
        values = one_ply_values(state, player, self.rng)
        best = max(value for _, value in values)
        return self.rng.choice([action for action, value in values if value == best])
