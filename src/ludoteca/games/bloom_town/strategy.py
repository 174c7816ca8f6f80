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

import random
from typing import TYPE_CHECKING

from ludoteca.core import Action

from .components import (
    BLOOMING,
    CELLS,
    COLS,
    DIAGONAL,
    FIRST_SHOP,
    FLOWER_SPACE,
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
from .notation import BLOOM_DOUBLE, BLOOM_EXTRA, BONUSES, PASS, Bonus, Build, Keep
from .scoring import PARK_POINTS, SQUARE_TYPE, placement_points, rescore_value

if TYPE_CHECKING:
    from .rules import BloomTownState

# ---- features and weights ------------------------------------------------------------------

# Every feature is in points of final score for one player; the evaluation is the weighted sum.
FEATURES = (
    "points",  # Bloom points already scored
    "community",  # sum over types of (chance of a community scoring to come) x (rescoring value now)
    "final_hand",  # the rescoring value of the best type in hand (the final hand scoring)
    "hand_builds",  # best placement points of the hand tiles, for the builds still to come
    "future_office",  # builds beyond the hand x supply share x best placement, per type ...
    "future_subway",
    "future_park",
    "future_home",
    "future_shop",
    "blooms",  # empty blooming squares, up to the builds left (each a future double)
    "token",  # best use of the bonus token in sight, while builds are left
    "bloom_bonus",  # the unused blooming bonus of the build just made (double or extra build)
    "market",  # for the player about to build: the best market tile's placement above a draw's
)
(POINTS, COMMUNITY, FINAL_HAND, HAND_BUILDS, FUTURE, _, _, _, _, BLOOMS, TOKEN,
 BLOOM_BONUS, MARKET) = range(len(FEATURES))
WEIGHTS: list[float] = [1.0, 1.0, 0.8, 0.85, 1.6, 1.6, 1.6, 1.6, 1.6, 2.0, 0.7, 1.0, 0.5]

# Builds still to come per player for every tile left in the five stacks (fitted on recorded
# two-player games: about 0.38 builds per stack tile and player, the extra builds included; the
# whole table builds about 0.76 per stack tile, so a player's share shrinks with more players).
BUILDS_PER_STACK_TILE = 0.38
# Stack tiles still face down when the game ends, by player count (means of recorded games; with
# 3-4 players the end comes with two stacks exhausted instead of three): those are never revealed,
# so a community tile among them never scores.
TILES_LEFT_AT_END = {2: 4, 3: 8, 4: 8}
# The token is worth at least this gain (a small double) while builds are left.
TOKEN_FLOOR = 3.0

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
# Sets of building types as bit masks: the bit of each type, the number of types in every mask,
# and for every shop code how many of its two roof types each mask holds.
BIT = tuple(1 << kind for kind in range(len(TYPES)))
MASK_TYPES = tuple(bin(mask).count("1") for mask in range(1 << len(TYPES)))
ROOF_HITS = tuple(
    tuple(sum(1 for kind in SHOP_ROOF[code] if mask & BIT[kind]) for mask in range(1 << len(TYPES)))
    for code in range(NUM_BUILDING_TILES)
)


# ---- per-town features ------------------------------------------------------------------------


def best_placements(town: list[int]) -> list[int]:
    """For every building tile code, the most placement points it would score on any empty square.

    This is the town's *potential*: what its layout offers the next tile of each kind (an office
    next to a run of three scores 4, a subway touching a corner group of four scores 5, a park
    joining a group of two scores 4). 0 for every code when the town is full.

    Homes and shops depend only on the set of neighbour types, so each distinct set (a bit mask)
    is scored once; runs and groups are looked at only next to an office, subway or park.
    """
    types = [SQUARE_TYPE[t] for t in town]
    if -1 not in types:
        return [0] * NUM_BUILDING_TILES
    subway_group = _group_sizes(types, SUBWAY, DIAGONAL)
    park_group = _group_sizes(types, PARK, ORTHOGONAL)
    office = subway = 1
    park = 0  # a park can score 0 everywhere (every empty square makes a group of four or more)
    masks = set()
    for cell in range(CELLS):
        if types[cell] >= 0:
            continue
        mask = 0
        for other in ORTHOGONAL[cell]:
            if types[other] >= 0:
                mask |= BIT[types[other]]
        masks.add(mask)
        if mask & BIT[OFFICE]:
            office = max(office, _office_run(types, cell))
        if subway_group:
            subway = max(subway, _merged(subway_group, DIAGONAL[cell]))
        if mask & BIT[PARK]:
            size = _merged(park_group, ORTHOGONAL[cell])
            if size < len(PARK_POINTS):
                park = max(park, PARK_POINTS[size])
        else:
            park = max(park, 1)
    best = [0] * NUM_BUILDING_TILES
    best[PLAIN_CODE[OFFICE]] = office
    best[PLAIN_CODE[SUBWAY]] = subway
    best[PLAIN_CODE[PARK]] = park
    best[PLAIN_CODE[HOME]] = 1 + max(MASK_TYPES[mask] for mask in masks)
    for code in SHOP_CODES:
        hits = ROOF_HITS[code]
        best[code] = 1 + max(hits[mask] for mask in masks)
    return best


def _office_run(types: list[int], cell: int) -> int:
    """Placement points of an office on the empty `cell`: 1 + the unbroken runs around it."""
    run = 1
    for ray in RAYS[cell]:
        for other in ray:
            if types[other] != OFFICE:
                break
            run += 1
    return run


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
    if state.phase in ("keep", "over"):
        return 0.0
    position = state.order.index(player)
    due_now = state.phase == "build" and state.turn == position
    pending = 1 if state.extra_pending and state.turn == position else 0
    if state.triggered:
        later = 1 if position > state.turn else 0
        return later + due_now + pending
    n = state.num_players
    # Stack tiles that will be drawn, relative to two players (whose never-drawn tiles the fit saw).
    drawn = sum(len(stack) for stack in state.stacks) - (TILES_LEFT_AT_END[n] - TILES_LEFT_AT_END[2])
    future = max(0.0, BUILDS_PER_STACK_TILE * 2 / n * drawn - 0.5)
    return future + due_now + pending


def scoring_chances(state: BloomTownState) -> list[float]:
    """Per type, the chance that a community scoring of it is still to come.

    A type scores when its second community tile is revealed. Unrevealed community tiles are all in
    the stacks, and about `TILES_LEFT_AT_END` stack tiles are never revealed, so each one comes
    out with chance `reveal`; a type with no tile out needs both.
    """
    height = sum(len(stack) for stack in state.stacks)
    reveal = max(0.0, height - TILES_LEFT_AT_END[state.num_players]) / height if height else 0.0
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


def features(
    state: BloomTownState, player: int, chances: list[float], shares: list[float], hand: list[int]
) -> list[float]:
    """`player`'s feature values, in the order of `FEATURES` (each described in the docs).

    `hand` is what the evaluating seat knows of `player`'s hand; any other hand tile counts as a
    future draw (its size is the real hand's).
    """
    town = state.towns[player]
    rescores = rescore_values(town)
    best = best_placements(town)
    builds = builds_left(state, player)
    values = [0.0] * len(FEATURES)
    values[POINTS] = float(state.points[player])
    values[COMMUNITY] = sum(chance * points for chance, points in zip(chances, rescores, strict=True))
    if hand and state.kept[player] < 0:
        kept = max(rescores[TILE_TYPE[t]] for t in hand)
        values[POINTS if state.phase == "keep" else FINAL_HAND] += kept  # certain once keeping
    from_hand = sorted((best[t] for t in hand), reverse=True)[: int(builds)]
    values[HAND_BUILDS] = float(sum(from_hand))
    rest = max(0.0, builds - len(hand))  # the unknown hand tiles are draws too
    for code, share in enumerate(shares):
        values[FUTURE + TILE_TYPE[code]] += rest * share * best[code]
    empty_blooms = sum(1 for cell in BLOOMING[state.side] if town[cell] < 0)
    values[BLOOMS] = min(empty_blooms, builds)
    if state.tokens[player] and builds > 0:
        values[TOKEN] = _token_gain(state, player, best, hand, rescores)
    if state.bloom_ready and state.order[state.turn] == player:
        values[BLOOM_BONUS] = _bloom_bonus(state, best, hand, builds, shares)
    if next_builder(state) == player:
        values[MARKET] = _market_edge(state, town, best, shares)
    return values


def next_builder(state: BloomTownState) -> int:
    """The seat whose build comes next (-1 once building is over), who takes from the market next."""
    if state.phase in ("keep", "over"):
        return -1
    mover = state.order[state.turn]
    if state.phase == "build" or state.extra_pending:
        return mover
    return state.order[(state.turn + 1) % state.num_players]


def _market_edge(state: BloomTownState, town: list[int], best: list[int], shares: list[float]) -> float:
    """How much better the best market tile the player can reach is than a tile from the stacks.

    The player about to build takes the tile of the flower built on, so a face-up tile that fits
    their town is theirs if one of their empty squares shows its flower; taking a tile also
    denies it to the next player, which this feature lets the one-ply search see.
    """
    flowers = FLOWER_SPACE[state.side]
    reachable = {flowers[cell] for cell in range(CELLS) if town[cell] < 0}
    draw = sum(share * points for share, points in zip(shares, best, strict=True))
    edge = 0.0
    for space, tile_code in enumerate(state.market):
        if tile_code >= 0 and space in reachable:
            edge = max(edge, best[tile_code] - draw)
    return edge


def _next_build(best: list[int], hand: list[int], builds: float, shares: list[float]) -> float:
    """The placement points one more build would add: the next hand tile, else a fresh draw."""
    from_hand = sorted((best[t] for t in hand), reverse=True)
    if builds < len(from_hand):
        return WEIGHTS[HAND_BUILDS] * from_hand[int(builds)]
    return sum(WEIGHTS[FUTURE + TILE_TYPE[c]] * share * best[c] for c, share in enumerate(shares))


def _bloom_bonus(
    state: BloomTownState, best: list[int], hand: list[int], builds: float, shares: list[float]
) -> float:
    """The blooming bonus of the build just made, still to be chosen: a double or one more build.

    Without it, building on a blooming square would look like a loss (one blooming square fewer)
    until the bonus step is over.
    """
    double = 0.0 if state.double_used else float(state.last_points)
    extra = _next_build(best, hand, builds, shares) if not state.extra_used and hand else 0.0
    return max(double, extra)


def _token_gain(
    state: BloomTownState, player: int, best: list[int], hand: list[int], rescores: list[int]
) -> float:
    """The best use of the token in sight: doubling a hand tile, or a rescoring we lead."""
    gain = max((best[t] for t in hand), default=0)
    for kind in range(len(TYPES)):
        if state.community[kind] == 1 and not state.scored[kind]:
            lead = rescores[kind] - max(
                rescore_value(state.towns[other], kind)
                for other in range(state.num_players)
                if other != player
            )
            gain = max(gain, lead)
    return max(TOKEN_FLOOR, float(gain))


def projected_score(
    state: BloomTownState, player: int, chances: list[float], shares: list[float], hand: list[int]
) -> float:
    """`player`'s points now plus what the position promises them before the end."""
    values = features(state, player, chances, shares, hand)
    return sum(w * f for w, f in zip(WEIGHTS, values, strict=True))


def evaluation(state: BloomTownState, player: int) -> float:
    """Projected final score of `player` minus the best projected opponent (0 when alone)."""
    if state.phase == "over":
        scores = state.points
        return scores[player] - max(s for p, s in enumerate(scores) if p != player)
    chances = scoring_chances(state)
    shares = supply_shares(state)
    projected = [
        projected_score(state, p, chances, shares, _hand_seen(state, player, p))
        for p in range(state.num_players)
    ]
    return projected[player] - max(v for p, v in enumerate(projected) if p != player)


def _hand_seen(state: BloomTownState, viewer: int, seat: int) -> list[int]:
    """The tiles of `seat`'s hand that `viewer` knows: all of its own, else the publicly known ones.

    Search evaluates determinized samples, where an opponent's private tiles are random guesses;
    judging them as unknown draws keeps that guesswork out of the comparison between moves.
    """
    if seat == viewer or state.options["open_hands"]:
        return state.hands[seat]
    return state.known[seat]



# ---- the playout policy ----------------------------------------------------------------------

# Builds a playout move compares (a sample, so that a playout move stays cheap).
PLAYOUT_SAMPLE = 8
# A blooming bonus doubles a placement worth at least this much; a smaller one builds again.
PLAYOUT_DOUBLE_AT_LEAST = 3


def playout_action(state: BloomTownState, player: int, rng: random.Random) -> Action:
    """A cheap informed move for search playouts and for the order in which search tries moves.

    Builds: the best placement points among a random sample of the legal builds. Bonus step: the
    blooming bonus as a double of a good placement or an extra build after a poor one; the token
    is left alone (its timing is for the search to find). Keep: the best rescoring type. Takes:
    at random. Costs a few placement scorings, not an evaluation.
    """
    legal = state.legal_actions(player)
    first = legal[0]
    if type(first) is Build:
        town = state.towns[player]
        sample = legal if len(legal) <= PLAYOUT_SAMPLE else rng.sample(legal, PLAYOUT_SAMPLE)
        best, best_points = sample[0], -1
        for action in sample:
            town[action.square] = action.tile
            points = placement_points(town, action.square)
            town[action.square] = -1
            if points > best_points:
                best, best_points = action, points
        return best
    if type(first) is Bonus:
        indices = {action.index for action in legal}
        if BLOOM_DOUBLE in indices and (
            state.last_points >= PLAYOUT_DOUBLE_AT_LEAST or BLOOM_EXTRA not in indices
        ):
            return BONUSES[BLOOM_DOUBLE]
        if BLOOM_EXTRA in indices:
            return BONUSES[BLOOM_EXTRA]
        return BONUSES[PASS]
    if type(first) is Keep:
        town = state.towns[player]
        return max(legal, key=lambda action: rescore_value(town, action.kind))
    return rng.choice(legal)
