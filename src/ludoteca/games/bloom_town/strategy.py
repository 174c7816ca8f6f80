"""What a Bloom Town position is worth at the END, for the greedy bot and search leaves.

The score alone misjudges Bloom Town: a third of the final points come later, from community
scorings and the final hand, and the placement points still to come depend on how the town is laid
out (an open subway diagonal, an office run, a park group of two). `evaluation` projects each
player's final score from features that are cheap to compute (one pass over the 25 squares per
town) and returns the projected lead over the best opponent. Every feature is described, with the
reason for it, in the "Bots" section of the game's page (docs/games/bloom-town.md).

The heuristic player (`heuristic.py`) is a separate yardstick and must not use this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import (
    BLOOMING,
    CELLS,
    COLS,
    DIAGONAL,
    FIRST_SHOP,
    HOME,
    NUM_BUILDING_TILES,
    OFFICE,
    ORTHOGONAL,
    PARK,
    ROWS,
    SHOP_ROOF,
    SUBWAY,
    TILE_COPIES,
    TILE_TYPE,
    TYPES,
)
from .scoring import PARK_POINTS, SQUARE_TYPE, rescore_value

if TYPE_CHECKING:
    from .rules import BloomTownState

# ---- weights (points of projected final score) ------------------------------------------------

# Builds still to come per player for every tile left in the five stacks (fitted on recorded games:
# about 0.38 builds per stack tile, the extra builds included).
BUILDS_PER_STACK_TILE = 0.38
# Stack tiles still face down when the game ends (mean of recorded two-player games, about 4):
# those are never revealed, so a community tile among them never scores.
TILES_LEFT_AT_END = 4
# A future build will not always find the best square of the town's best type free and in hand.
FUTURE_BUILD_WEIGHT = 0.7
# A hand tile is known, but the square it likes best may be taken first.
HAND_BUILD_WEIGHT = 0.85
# The final hand rescoring: the best type in hand now (the hand can be steered towards it).
FINAL_HAND_WEIGHT = 0.8
# An empty blooming square is a future double (or extra build), if a build still lands on it.
BLOOM_SQUARE_VALUE = 2.0
# The token as a future double or rescoring: a share of the best such gain in sight.
TOKEN_WEIGHT = 0.7
TOKEN_FLOOR = 2.0

# ---- geometry ------------------------------------------------------------------------------------


def _rays(cell: int) -> tuple[tuple[int, ...], ...]:
    """The squares outward from `cell` to the edge, left, right, up and down (office runs)."""
    row, col = divmod(cell, COLS)
    return (
        tuple(row * COLS + c for c in range(col - 1, -1, -1)),
        tuple(row * COLS + c for c in range(col + 1, COLS)),
        tuple(r * COLS + col for r in range(row - 1, -1, -1)),
        tuple(r * COLS + col for r in range(row + 1, ROWS)),
    )


RAYS = tuple(_rays(cell) for cell in range(CELLS))
SHOP_CODES = tuple(range(FIRST_SHOP, NUM_BUILDING_TILES))
PLAIN_CODE = {TILE_TYPE[code]: code for code in range(FIRST_SHOP)}


# ---- per-town features ------------------------------------------------------------------------


def best_placements(town: list[int]) -> list[int]:
    """For every building tile code, the most placement points it would score on any empty square.

    This is the town's *potential*: what its layout offers the next tile of each kind (an office
    next to a run of three scores 4, a subway touching a corner group of four scores 5, a park
    joining a group of two scores 4). 0 for every code when the town is full.
    """
    types = [SQUARE_TYPE[t] for t in town]
    subway_group = _group_sizes(types, SUBWAY, DIAGONAL)
    park_group = _group_sizes(types, PARK, ORTHOGONAL)
    best = [0] * NUM_BUILDING_TILES
    office, subway, park, home = (PLAIN_CODE[k] for k in (OFFICE, SUBWAY, PARK, HOME))
    for cell in range(CELLS):
        if types[cell] >= 0:
            continue
        around = {types[n] for n in ORTHOGONAL[cell]}
        around.discard(-1)
        run = 1
        for ray in RAYS[cell]:
            for other in ray:
                if types[other] != OFFICE:
                    break
                run += 1
        best[office] = max(best[office], run)
        best[subway] = max(best[subway], _merged(subway_group, DIAGONAL[cell]))
        size = _merged(park_group, ORTHOGONAL[cell])
        best[park] = max(best[park], PARK_POINTS[size] if size < len(PARK_POINTS) else 0)
        best[home] = max(best[home], 1 + len(around))
        for code in SHOP_CODES:
            best[code] = max(best[code], 1 + len(SHOP_ROOF[code] & around))
    return best


def _group_sizes(
    types: list[int], kind: int, links: tuple[tuple[int, ...], ...]
) -> dict[int, tuple[int, int]]:
    """For each square of `kind`: (group id, group size) of its group through `links`."""
    groups: dict[int, tuple[int, int]] = {}
    for start in range(CELLS):
        if types[start] != kind or start in groups:
            continue
        members, frontier = {start}, [start]
        while frontier:
            at = frontier.pop()
            for other in links[at]:
                if types[other] == kind and other not in members:
                    members.add(other)
                    frontier.append(other)
        for member in members:
            groups[member] = (start, len(members))
    return groups


def _merged(groups: dict[int, tuple[int, int]], neighbours: tuple[int, ...]) -> int:
    """Size of the group a new tile would form with the distinct groups among `neighbours`."""
    seen = {groups[n] for n in neighbours if n in groups}
    return 1 + sum(size for _, size in seen)


def rescore_values(town: list[int]) -> list[int]:
    """The rescoring value of every type for this town (spec §8.2)."""
    return [rescore_value(town, kind) for kind in range(len(TYPES))]


# ---- the whole position ------------------------------------------------------------------------


def builds_left(state: BloomTownState, player: int) -> float:
    """How many more builds `player` can expect, the one due now included.

    Once the end is triggered this is exact (the round finishes); before, it is estimated from the
    tiles left in the stacks, since every turn draws about one of them.
    """
    position = state.order.index(player)
    due_now = state.phase == "build" and state.turn == position
    pending = 1 if state.extra_pending and state.turn == position else 0
    if state.phase in ("keep", "over"):
        return 0.0
    if state.triggered:
        later = 1 if position > state.turn else 0
        return later + due_now + pending
    height = sum(len(stack) for stack in state.stacks)
    future = max(0.0, BUILDS_PER_STACK_TILE * height - 0.5)
    return future + due_now + pending


def scoring_chances(state: BloomTownState) -> list[float]:
    """Per type, the chance that a community scoring of it is still to come.

    A type scores when its second community tile is revealed. Unrevealed community tiles are all in
    the stacks, and about `TILES_LEFT_AT_END` stack tiles are never revealed, so each one comes
    out with chance `reveal`; a type with no tile out needs both.
    """
    height = sum(len(stack) for stack in state.stacks)
    reveal = max(0.0, height - TILES_LEFT_AT_END) / height if height else 0.0
    if state.triggered:
        reveal = min(reveal, 2 / height) if height else 0.0
    chances = []
    for kind in range(len(TYPES)):
        if state.scored[kind]:
            chances.append(0.0)
        elif state.community[kind] == 1:
            chances.append(reveal)
        else:
            chances.append(reveal * reveal)
    return chances


def supply_shares(state: BloomTownState) -> list[float]:
    """Per building tile code, its share of the tiles not yet seen by everyone (future draws).

    Counted from public information only: the tiles in play minus those in towns, the market,
    the left-overs and the hands' publicly known tiles.
    """
    left = list(TILE_COPIES)
    for code in state.removed:
        left[code] -= 1
    for group in (*state.towns, state.market, state.leftover, *state.known):
        for code in group:
            if 0 <= code < NUM_BUILDING_TILES:
                left[code] -= 1
    total = sum(max(0, n) for n in left)
    return [max(0, n) / total if total else 0.0 for n in left]


def projected_score(state: BloomTownState, player: int, chances: list[float], shares: list[float]) -> float:
    """`player`'s points now plus what the position promises them before the end."""
    town = state.towns[player]
    rescores = rescore_values(town)
    best = best_placements(town)
    builds = builds_left(state, player)
    value = float(state.points[player])
    value += sum(chance * points for chance, points in zip(chances, rescores, strict=True))
    hand = state.hands[player]
    if hand and state.kept[player] < 0:
        weight = 1.0 if state.phase == "keep" else FINAL_HAND_WEIGHT
        value += weight * max(rescores[TILE_TYPE[t]] for t in hand)
    value += _build_value(best, hand, builds, shares)
    empty_blooms = sum(1 for cell in BLOOMING[state.side] if town[cell] < 0)
    value += BLOOM_SQUARE_VALUE * min(empty_blooms, builds)
    if state.tokens[player] and builds > 0:
        value += _token_value(state, player, best, hand, rescores)
    return value


def _build_value(best: list[int], hand: list[int], builds: float, shares: list[float]) -> float:
    """The placement points of the builds to come: hand tiles first, then average draws."""
    from_hand = sorted((best[t] for t in hand), reverse=True)
    value = 0.0
    for points in from_hand[: int(builds)]:
        value += HAND_BUILD_WEIGHT * points
    rest = max(0.0, builds - len(from_hand))
    average = sum(share * points for share, points in zip(shares, best, strict=True))
    return value + FUTURE_BUILD_WEIGHT * rest * average


def _token_value(
    state: BloomTownState, player: int, best: list[int], hand: list[int], rescores: list[int]
) -> float:
    """A share of the best use in sight: doubling a hand tile, or a rescoring we lead."""
    gain = max((best[t] for t in hand), default=0)
    for kind in range(len(TYPES)):
        if state.community[kind] == 1 and not state.scored[kind]:
            lead = rescores[kind] - max(
                rescore_value(state.towns[other], kind)
                for other in range(state.num_players)
                if other != player
            )
            gain = max(gain, lead)
    return max(TOKEN_FLOOR, TOKEN_WEIGHT * gain)


def evaluation(state: BloomTownState, player: int) -> float:
    """Projected final score of `player` minus the best projected opponent (0 when alone)."""
    if state.phase == "over":
        scores = state.points
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)
    chances = scoring_chances(state)
    shares = supply_shares(state)
    projected = [projected_score(state, p, chances, shares) for p in range(state.num_players)]
    return projected[player] - max(v for p, v in enumerate(projected) if p != player)

