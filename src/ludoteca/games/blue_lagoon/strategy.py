"""What a Blue Lagoon position is worth at the end of the game, for search (`State.evaluation`).

The score "as if the phase ended now" is blind to everything that has not scored yet: a first
coconut is worth nothing (a set scores only from two), six islands are worth nothing (7 score),
and a village placed for the Settlement phase is worth nothing in Exploration. This module
estimates, per seat, the final total instead:

    banked totals + expected score of the current phase + (in Exploration) a Settlement foothold

and the evaluation is the lead of that estimate over the best opponent. Every feature is an
expectation over the part of the phase still to come, so it fades into the exact score as the
phase runs out (docs/games/blue-lagoon.md, "Bots", says what each feature is and why):

- **resources**: per kind, the tokens still on the board are shared out by reach (a token next to
  a seat's pieces goes more likely to that seat), and the expected points of the final count
  (0/0/5/10/20) are read from a binomial table; the +10 set bonus is the chance of holding every
  kind. A first coconut moves the expected count, so it has value, and taking a token lowers the
  opponents' expectation of the same kind.
- **statuettes**: 4 each, plus the reach share of those still on the board.
- **islands**: the chance of ending on 7 or 8+ islands, with each unvisited island reached with a
  probability that grows with the part of the phase still to play.
- **links**: the best group's islands × 5 (exact).
- **majorities**: each island's bonus times the chance of ending as its leader, a logistic curve
  of the piece difference that sharpens into the exact split as the phase runs out.
- **Settlement foothold** (Exploration only): the villages that will survive the clean-up (not on
  a stone circle) and the islands they stand on are the only seeds of the Settlement phase.

Everything is computed in one pass over the board for all seats at once, and the last position's
result is kept, because search asks every seat's evaluation of the same leaf in a row.
"""

from __future__ import annotations

import math
import random
from functools import cache
from itertools import compress
from typing import TYPE_CHECKING

from ludoteca.core.data import load_json

from .components import EMPTY, STATUETTE, TOKEN_LIMITS, board
from .scoring import ISLANDS_7, ISLANDS_8, LINK_POINTS, RESOURCE_POINTS, SET_BONUS, STATUETTE_POINTS

if TYPE_CHECKING:
    from .notation import Place
    from .rules import BlueLagoonState

RESOURCE_KINDS = 4
RESOURCES_DEALT = sum(TOKEN_LIMITS[:RESOURCE_KINDS])  # 24: the phase ends when all are taken
SHARE_STEPS = 20  # reach shares are rounded to 1/20 to read the precomputed tables

# Weights (points). Reach: how much more likely a token next to a seat's pieces is to go to it.
REACH_WEIGHT_EXPLORATION = 3.0  # one move to take it, against two for anyone else (sea + land)
REACH_WEIGHT_SETTLEMENT = 5.0  # only adjacent placements exist, so reach decides more
ISLAND_REACH_EXPLORATION = 0.6  # chance of reaching an unvisited island, at the phase start
ISLAND_REACH_SETTLEMENT = 0.25  # only by creeping from own pieces: much harder
MAJORITY_SHARPNESS = 0.15  # logistic scale of the piece difference when the phase is over ...
MAJORITY_SPREAD = 2.5  # ... plus this much times the part of the phase still to play
STATUETTES_TAKEN = 0.5  # statuettes do not end the phase: many are never taken
VILLAGE_IN_HAND = 0.6  # share of a village in hand expected to be placed off the stone circles


def _binomial(r: int, s: float) -> list[float]:
    return [math.comb(r, j) * s**j * (1 - s) ** (r - j) for j in range(r + 1)]


def _resource_table() -> tuple[list[list[list[float]]], list[list[float]]]:
    """`expected[n][r][i]`: expected points of a kind held n times with r tokens left, each won
    with probability i / SHARE_STEPS; `some[r][i]`: the chance of winning at least one of r."""
    most = max(TOKEN_LIMITS[:RESOURCE_KINDS])
    shares = [i / SHARE_STEPS for i in range(SHARE_STEPS + 1)]
    expected = [
        [[sum(p * RESOURCE_POINTS[min(n + j, 4)] for j, p in enumerate(_binomial(r, s)))
          for s in shares] for r in range(most + 1)]
        for n in range(most + 1)
    ]
    some = [[1 - (1 - s) ** r for s in shares] for r in range(most + 1)]
    return expected, some


EXPECTED_RESOURCE, SOME_TOKEN = _resource_table()

FEATURES = ("banked", "resources", "statuettes", "islands", "links", "majorities",
            "foothold_villages", "foothold_islands")
# Per phase, the weight of each feature (`training.py` fits them; see the game's docs).
_WEIGHT_FILE = load_json("ludoteca.games.blue_lagoon", "strategy_weights.json")
WEIGHTS = {phase: tuple(float(_WEIGHT_FILE[phase][name]) for name in FEATURES) for phase in "ES"}


@cache
def expected_islands(occupied: int, unvisited: int, reach_steps: int) -> float:
    """Expected islands points when each unvisited island is still reached with chance
    `reach_steps / SHARE_STEPS` (rounded, so that the answers can be cached)."""
    reach = reach_steps / SHARE_STEPS
    if occupied >= 8:
        return ISLANDS_8
    if occupied + unvisited < 7:
        return 0.0
    value = 0.0
    for extra, p in enumerate(_binomial(unvisited, reach)):
        total = occupied + extra
        value += p * (ISLANDS_8 if total >= 8 else ISLANDS_7 if total == 7 else 0)
    return value


def best_link(tiles: list[int], neighbours: list[frozenset[int]], island_of: list[int]) -> int:
    """Islands touched by the best connected group of one seat's pieces (exact links / 5)."""
    members = set(tiles)
    best = 0
    while members:
        frontier = [members.pop()]
        group = []
        while frontier:
            t = frontier.pop()
            group.append(t)
            found = neighbours[t] & members
            if found:
                members -= found
                frontier += found
        if len(group) > best:
            best = max(best, len({island_of[t] for t in group} - {-1}))
    return best


@cache
def neighbour_sets(key: str) -> list[frozenset[int]]:
    """The board's neighbour tuples as sets, for the set algebra of `best_link`."""
    return [frozenset(n) for n in board(key).neighbours]


def features(state: BlueLagoonState) -> list[tuple[float, ...]]:
    """Per seat, the features of `FEATURES` (each in points, except the foothold counts)."""
    b = state.board
    n = state.num_players
    seats = range(n)
    exploring = state.phase == "E"
    left = state.res_left / RESOURCES_DEALT  # the part of the phase still to play
    island_of, cells = b.island_of, state.cells
    islands = len(b.bonuses)
    foothold = exploring and not state.options.get("exploration_only")
    is_stone = b.is_stone
    # per seat its tiles and its pieces per island (the extra last slot collects the sea, -1)
    tiles_of = []
    pieces = []
    survivors = []
    held = []
    occupied = list(compress(range(len(cells)), map(EMPTY.__ne__, cells)))  # all in C
    for p in seats:
        village = 2 * p + 1
        tiles = [t for t in occupied if cells[t] >> 1 == p]
        tiles_of.append(tiles)
        mine = [0] * (islands + 1)
        for t in tiles:
            mine[island_of[t]] += 1
        mine.pop()
        pieces.append(mine)
        if foothold:
            standing = [t for t in tiles if cells[t] == village and not is_stone[t]]
            survivors.append(len(standing))
            held.append(len({island_of[t] for t in standing}))
    share, left_of = _token_shares(state, b.stones, exploring)
    island_reach = round(SHARE_STEPS * (ISLAND_REACH_EXPLORATION if exploring
                                        else ISLAND_REACH_SETTLEMENT) * left)
    tau = MAJORITY_SHARPNESS + MAJORITY_SPREAD * left
    # per island the two largest piece counts, so each seat's best rival is a look-up
    top = [sorted(column, reverse=True)[:2] for column in zip(*pieces, strict=True)]
    rows: list[tuple[float, ...]] = []
    for p in seats:
        counts = state.counts[p]
        mine = pieces[p]
        settled = islands - mine.count(0)  # islands where the seat has a piece
        rows.append((
            state.totals[p],
            resources_value(counts, share[p], left_of),
            STATUETTE_POINTS * (counts[STATUETTE] + STATUETTES_TAKEN * share[p][STATUETTE]),
            expected_islands(settled, islands - settled, island_reach),
            LINK_POINTS * best_link(tiles_of[p], neighbour_sets(b.key), island_of),
            majorities_value(mine, top, b.bonuses, tau),
            survivors[p] + VILLAGE_IN_HAND * state.villages[p] if foothold else 0.0,
            held[p] if foothold else 0,
        ))
    return rows


def potentials(state: BlueLagoonState) -> list[float]:
    """Per seat, the estimated final total: the features weighted by the current phase's weights
    (`data/strategy_weights.json`)."""
    if state.finished:
        return [float(t) for t in state.totals]
    weights = WEIGHTS[state.phase]
    return [sum(w * f for w, f in zip(weights, row, strict=True)) for row in features(state)]


def resources_value(counts: list[int], share: list[float], left_of: list[int]) -> float:
    """Expected resource points of one seat: per kind, its count plus its share of the tokens of
    that kind left (binomial, read from the table), and the chance of the +10 set."""
    value = 0.0
    have_all = 1.0
    for kind in range(RESOURCE_KINDS):
        r = left_of[kind]
        i = round(SHARE_STEPS * share[kind] / r) if r else 0
        value += EXPECTED_RESOURCE[min(counts[kind], 6)][r][i]
        if not counts[kind]:
            have_all *= SOME_TOKEN[r][i]
    return value + SET_BONUS * have_all


def majorities_value(mine: list[int], top: list[list[int]], bonuses: tuple[int, ...],
                     tau: float) -> float:
    """Expected majority points of one seat: each island's bonus times a logistic chance of
    ending as its leader, from the piece difference with the best rival (`top` holds each
    island's two largest counts) on the scale `tau` (small when the phase is nearly over)."""
    value = 0.0
    for m, (first, second), bonus in zip(mine, top, bonuses, strict=True):
        if first:
            rival = second if m == first else first
            value += bonus / (1 + math.exp(max(-50.0, min(50.0, (rival - m) / tau))))
    return value


def _token_shares(state: BlueLagoonState, stones: tuple[int, ...],
                  exploring: bool) -> tuple[list[list[float]], list[int]]:
    """Per seat and token kind, the expected number of the tokens left that the seat will take,
    and per kind how many are left.

    A seat that can place now weighs 1 for a token, or `w` (`REACH_WEIGHT_...`) when the token
    lies next to its pieces, and each token is split in proportion: with `a` seats placing and
    `c` of them reaching the token, its denominator is D = c·w + a − c, every placing seat gets
    1/D and each reaching one (w − 1)/D more. Only the few reached tokens are visited one by one."""
    n = state.num_players
    seats = range(n)
    weight = REACH_WEIGHT_EXPLORATION if exploring else REACH_WEIGHT_SETTLEMENT
    tokens = state.tokens
    placing = [p for p in seats if state.has_move(p)]
    on_board = [tokens[t] for t in stones]
    left_of = [on_board.count(kind) for kind in range(5)]
    share = [[0.0] * 5 for _ in seats]
    if not placing:
        return share, left_of
    a = len(placing)
    with_token = {t for t in stones if tokens[t] != EMPTY}
    reaches = {p: state.near_land[p] & with_token for p in placing}
    reachers: dict[int, int] = {}
    for reached in reaches.values():
        for t in reached:
            reachers[t] = reachers.get(t, 0) + 1
    base = [left / a for left in left_of]  # every token as if nobody reached it
    extra = weight - 1.0
    for t, c in reachers.items():
        base[tokens[t]] += 1 / (c * weight + a - c) - 1 / a
    for p in placing:
        mine = share[p]
        mine[:] = base
        for t in reaches[p]:
            c = reachers[t]
            mine[tokens[t]] += extra / (c * weight + a - c)
    return share, left_of


_last: list = [None, -1, True, None]  # the last state evaluated: itself, history length, pending,
# potentials (holding the state itself keeps its id from being reused by another)


def evaluation(state: BlueLagoonState, player: int) -> float:
    """The lead of `player`'s estimated final total over the best opponent's."""
    if _last[0] is state and _last[1] == len(state.history) and _last[2] == state.pending:
        values = _last[3]
    else:
        values = potentials(state)
        _last[:] = [state, len(state.history), state.pending, values]
    mine = values[player]
    return mine - max(v for p, v in enumerate(values) if p != player)


def playout_action(state: BlueLagoonState, player: int, rng: random.Random) -> Place:
    """A cheap informed move for search: a placement that takes a token (a resource or a
    statuette) if any does, else any placement, at random among them.

    Why: with leaves judged at once (`Game.playout_limit` 0), this is the first move the search
    tries for a seat at every node below the root. Chosen at random, the opponents' first
    replies in the tree were mostly placements that take nothing, so each of our moves was
    judged against a careless opponent. It reads one cell per legal placement, no evaluation.
    """
    legal = state.legal_actions(player)
    tokens, offsets = state.tokens, state.board.offsets
    takes = [action for action in legal if tokens[offsets[action.row] + action.col] != EMPTY]
    return rng.choice(takes or legal)
