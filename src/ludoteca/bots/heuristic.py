"""The rule-of-thumb reference player: each game's `State.heuristic_action`, with no search.

It is the yardstick of the bot ladder (docs/BOTS.md): simple, fixed, and independent of the
evaluation the searching bots use, so beating it says something about the search.
"""

from __future__ import annotations

from ludoteca.core import Action, State

from .base import Bot


class HeuristicBot(Bot):
    """Plays the game's rule-of-thumb move; its level changes nothing (there is no search)."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return state.heuristic_action(player, self.rng)
