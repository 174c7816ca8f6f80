"""The rule-of-thumb Bloom Town player: the `heuristic` bot, the yardstick of the bot ladder.

It plays as a sensible human does from the usual strategy advice, with no search and nothing
from `strategy.py` (the search's evaluation), so that beating it says something:
- build where the tile scores most now (offices in runs, subways corner to corner, parks in
  groups of up to three, homes among many types, shops next to their roof types);
- look at the flower: the square decides which market tile comes next, so prefer squares whose
  market tile would score well in your town;
- do not spoil the best square of the other tile in your hand;
- save blooming squares for big placements: double a good placement, take the extra build after
  a poor one;
- keep the bonus token for a rescoring you clearly lead, or a big double, and spend it on any gain
  once the stacks run low rather than waste it;
- at the end keep the type that rescores most.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.core import Action

from .components import BLOOMING, CELLS, FLOWER_SPACE, TYPES
from .notation import (
    BLOOM_DOUBLE,
    BLOOM_EXTRA,
    BONUSES,
    PASS,
    RESCORE_BASE,
    TOKEN_DOUBLE,
    Bonus,
    Build,
    Keep,
    Take,
)
from .scoring import placement_points, rescore_value

if TYPE_CHECKING:
    from .rules import BloomTownState

TAKE_WEIGHT = 0.5  # the tile a square brings in is worth half of what it would score
UNKNOWN_TAKE = 1.5  # a face-down tile: some points, no more
SPOIL_WEIGHT = 0.5  # points the other hand tile loses when its best square is taken
DOUBLE_AT_LEAST = 3  # blooming square: double a placement worth this much, else build again
TOKEN_DOUBLE_AT_LEAST = 6  # the token doubles only a placement this big
TOKEN_RESCORE_LEAD = 5  # ... or rescores a type we lead by this much
LATE_STACK_TILES = 8  # with this few stack tiles left, spend the token on any gain (it is worth 0 at the end)


def heuristic_action(state: BloomTownState, player: int, rng: random.Random) -> Action:
    """The rule-of-thumb move of `player` (who is to move); ties are broken with `rng`."""
    legal = state.legal_actions(player)
    first = legal[0]
    if isinstance(first, Build):
        return _best(legal, lambda action: _build_value(state, player, action), rng)
    if isinstance(first, Take):
        town = state.towns[player]
        return _best(legal, lambda action: _tile_prospect(town, state.market[action.space]), rng)
    if isinstance(first, Keep):
        return _best(legal, lambda action: rescore_value(state.towns[player], action.kind), rng)
    return _bonus_choice(state, player, legal)


def _best(actions: list, value: Callable[[Any], float], rng: random.Random) -> Action:
    """The action of highest value; ties at random, so the seed decides them reproducibly."""
    values = [value(action) for action in actions]
    top = max(values)
    return rng.choice([a for a, v in zip(actions, values, strict=True) if v == top])


def _placed(town: list[int], tile: int, square: int) -> int:
    """Placement points of `tile` on the empty `square`; the town is left as it was."""
    town[square] = tile
    points = placement_points(town, square)
    town[square] = -1
    return points


def _tile_prospect(town: list[int], tile: int) -> float:
    """What a tile would score on its best empty square of `town` (0 if none)."""
    return max((_placed(town, tile, sq) for sq in range(CELLS) if town[sq] < 0), default=0)


def _build_value(state: BloomTownState, player: int, action: Build) -> float:
    """Points now, the blooming bonus, half the incoming tile's prospect, less what it spoils."""
    town = state.towns[player]
    square = action.square
    points = _placed(town, action.tile, square)
    value = float(points)
    if square in BLOOMING[state.side]:
        value += max(points, 2)  # doubled, or an extra build after a poor placement
    town[square] = action.tile
    incoming = state.market[FLOWER_SPACE[state.side][square]]
    value += TAKE_WEIGHT * _tile_prospect(town, incoming) if incoming >= 0 else UNKNOWN_TAKE
    value -= SPOIL_WEIGHT * _spoiled(state, player, action)
    town[square] = -1
    return value


def _spoiled(state: BloomTownState, player: int, action: Build) -> float:
    """How much the other hand tile's best placement drops with `action` built (already placed)."""
    town = state.towns[player]
    rest = list(state.hands[player])
    rest.remove(action.tile)
    if not rest or rest[0] == action.tile:
        return 0.0
    other = rest[0]
    after = _tile_prospect(town, other)
    town[action.square] = -1
    before = _tile_prospect(town, other)
    town[action.square] = action.tile
    return max(0.0, before - after)


def _bonus_choice(state: BloomTownState, player: int, legal: list) -> Action:
    """Blooming bonus by the placement's worth; the token only for a clear gain, or late."""
    indices = {action.index for action in legal if isinstance(action, Bonus)}
    points = state.last_points
    if BLOOM_DOUBLE in indices and (points >= DOUBLE_AT_LEAST or BLOOM_EXTRA not in indices):
        return BONUSES[BLOOM_DOUBLE]
    if BLOOM_EXTRA in indices and len(state.hands[player]) > 0:
        return BONUSES[BLOOM_EXTRA]
    late = state.triggered or sum(len(stack) for stack in state.stacks) <= LATE_STACK_TILES
    lead_needed = 1 if late else TOKEN_RESCORE_LEAD
    best_lead, best_kind = 0, -1
    for kind in range(len(TYPES)):
        if RESCORE_BASE + kind in indices:
            lead = _rescore_lead(state, player, kind)
            if lead > best_lead:
                best_lead, best_kind = lead, kind
    if best_kind >= 0 and best_lead >= lead_needed:
        return BONUSES[RESCORE_BASE + best_kind]
    double_needed = 1 if late else TOKEN_DOUBLE_AT_LEAST
    if TOKEN_DOUBLE in indices and points >= double_needed:
        return BONUSES[TOKEN_DOUBLE]
    return BONUSES[PASS]


def _rescore_lead(state: BloomTownState, player: int, kind: int) -> int:
    """Our rescoring value of `kind` minus the best opponent's."""
    mine = rescore_value(state.towns[player], kind)
    return mine - max(rescore_value(state.towns[p], kind) for p in range(state.num_players) if p != player)

