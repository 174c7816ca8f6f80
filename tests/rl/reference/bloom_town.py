"""The observation vector of a seat, for learning agents: the towns, the market and what is known
of every hand. Another seat's hand shows only the tiles everyone saw it take (unless hands are
open, or the game is over), exactly as in `view`.

Layout (float32, see docs/games/bloom-town.md); `S` = 25 squares (a1, b1, …, e5), `C` = tile codes
(the building tiles, then one community tile per type), `T` = building types, seats from the
observing one in turn order:
  the board side: the flower of each square (S × 5, one-hot) and the blooming squares (S);
  per seat: its town (S × C, one-hot), the hand tiles it may see (C, counts), hand size and unseen
            tiles (/ 10), Bloom points (/ 100), bonus token held, the type kept at the end (T);
  the market (5 × C, one-hot), stack heights (5, / 15), community tiles per type (T, / 4),
  types community-scored (T), tiles removed and left over at setup (C each, counts);
  the phase (5, one-hot), double build used, extra build used and pending, blooming bonus ready,
  the last square built (S, one-hot), its points (/ 10), the market spaces to take from (5),
  the end triggered, and whether the observing seat is to move.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Features, seats_from
from ludoteca.games.bloom_town.components import BLOOMING, CELLS, COMMUNITY_BASE, FLOWER_SPACE, SPACES, TYPES

if TYPE_CHECKING:
    from ludoteca.games.bloom_town.rules import BloomTownState

PHASES = ("build", "take", "bonus", "keep", "over")
_CODES = COMMUNITY_BASE + len(TYPES)
_PER_SEAT = CELLS * _CODES + _CODES + 2 + 1 + 1 + len(TYPES)


@cache
def _board(side: str) -> np.ndarray:
    """The flower of every square (one-hot) and the blooming squares: fixed by the board side."""
    out = Features(CELLS * SPACES + CELLS)
    out.flags((at * SPACES + space for at, space in enumerate(FLOWER_SPACE[side])), CELLS * SPACES)
    out.flags(BLOOMING[side], CELLS)
    return out.done()


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    board = CELLS * SPACES + CELLS
    public = SPACES * _CODES + SPACES + 2 * len(TYPES) + 2 * _CODES
    turn = len(PHASES) + 4 + CELLS + 1 + SPACES + 2
    return board + num_players * _PER_SEAT + public + turn


def observe(state: BloomTownState, player: int) -> np.ndarray:
    out = Features(observation_size(state.num_players, state.options))
    board = _board(state.side)
    out.array[:len(board)] = board
    out.skip(len(board))
    for seat in seats_from(player, state.num_players):
        town = state.towns[seat]
        out.flags((at * _CODES + code for at, code in enumerate(town) if code >= 0), CELLS * _CODES)
        seen = state.hands[seat] if state._sees_hand(player, seat) else state.known[seat]
        out.flags(seen, _CODES)
        out.scalar(len(state.hands[seat]), 10)
        out.scalar(len(state.hands[seat]) - len(seen), 10)
        out.scalar(state.points[seat], 100)
        out.scalar(1.0 if state.tokens[seat] else 0.0)
        out.one_hot(state.kept[seat] if state.kept[seat] >= 0 else None, len(TYPES))
    out.flags((at * _CODES + code for at, code in enumerate(state.market) if code >= 0), SPACES * _CODES)
    out.scalars([len(stack) for stack in state.stacks], 15)
    out.scalars(state.community, 4)
    out.flags((t for t, done in enumerate(state.scored) if done), len(TYPES))
    out.flags(state.removed, _CODES)
    out.flags(state.leftover, _CODES)
    out.one_hot(PHASES.index(state.phase), len(PHASES))
    for flag in (state.double_used, state.extra_used, state.extra_pending, state.bloom_ready):
        out.scalar(1.0 if flag else 0.0)
    out.one_hot(state.last_square if state.last_square >= 0 else None, CELLS)
    out.scalar(state.last_points, 10)
    out.flags(state.take_from, SPACES)
    out.scalar(1.0 if state.triggered else 0.0)
    out.scalar(1.0 if player in state.to_move else 0.0)
    return out.done()


