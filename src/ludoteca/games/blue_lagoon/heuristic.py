"""The rule-of-thumb Blue Lagoon player (the `heuristic` bot): no search, a few habits of a
sensible human, written down from the usual strategy advice for the game.

It is the yardstick the searching bots are measured against, so it knows nothing of
`strategy.py` (the search's evaluation): it never looks past its own move and never scores a
position, it only asks of each placement "what does this piece do for me right now?":

1. Take tokens that build sets: a pair, a third, above all a fourth of a kind, and the last
   missing kind of the +10 set; statuettes are always worth their 4 points.
2. Take the token an opponent is collecting before they do.
3. Spread out: a first piece on a new island (7 and 8 islands score).
4. Move towards tokens: a piece next to stone circles that still hold tokens opens them up.
5. In Exploration, put villages where they stay: off the stone circles, one per island, bigger
   islands first, so the Settlement phase has footholds.
6. Contest close majorities on the islands where the piece lands.

Ties are broken by the bot's generator, so a seeded heuristic bot replays exactly.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .components import EMPTY, STATUETTE
from .notation import Place

if TYPE_CHECKING:
    from .rules import BlueLagoonState

# Points a human would put on each habit (rough, hand-picked).
SET_STEP = (3.0, 5.0, 5.0, 10.0)  # the 1st, 2nd, 3rd and 4th token of a kind
SET_COMPLETION = 10.0  # the last kind missing for the +10
STATUETTE_GAIN = 4.0
DENIAL = 0.5  # share of an opponent's gain that taking their token is worth
NEW_ISLAND = 4.0
SEVENTH_ISLAND = 8.0  # on top of NEW_ISLAND, for the 7th and the 8th island
OPENED_TOKEN = 1.2  # per token the piece newly brings within reach
VILLAGE_FOOTHOLD = 4.0  # a village off the stone circles, on an island without one of ours
VILLAGE_ON_STONE = -3.0  # a village that will be removed at the end of Exploration
VILLAGE_SPENT = -1.0  # any village: there are only five
CONTEST = 0.25  # share of an island's bonus for a piece that ties or takes its lead
SEA_WITHOUT_PURPOSE = -1.0  # a boat that opens nothing in Settlement is a wasted piece


def heuristic_action(state: BlueLagoonState, player: int, rng: random.Random) -> Place:
    """The placement with the most habit points; ties broken by `rng`."""
    legal = state.legal_actions(player)
    b = state.board
    counts = state.counts[player]
    tokens, cells, island_of = state.tokens, state.cells, b.island_of
    mine_on = _own_pieces_per_island(state, player)
    islands_held = sum(1 for c in mine_on if c)
    reach = state.near_land[player]
    best_value, best = float("-inf"), []
    for action in legal:
        t = b.offsets[action.row] + action.col
        value = _token_value(state, player, counts, tokens[t])
        island = island_of[t]
        if island >= 0:
            if not mine_on[island]:
                value += NEW_ISLAND + (SEVENTH_ISLAND if islands_held >= 6 else 0.0)
            value += _contest_value(state, player, island, mine_on[island])
        opened = sum(1 for n in b.neighbours[t]
                     if tokens[n] != EMPTY and cells[n] == EMPTY and n not in reach)
        value += OPENED_TOKEN * opened
        if action.kind == "T":
            value += VILLAGE_SPENT
            if b.is_stone[t]:
                value += VILLAGE_ON_STONE
            elif not _has_village_on(state, player, island):
                value += VILLAGE_FOOTHOLD + b.bonuses[island] / 10
        elif island < 0 and state.phase == "S" and not opened:
            value += SEA_WITHOUT_PURPOSE
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def _token_value(state: BlueLagoonState, player: int, counts: list[int], kind: int) -> float:
    """What taking a token of `kind` does for me, plus what it keeps from the others."""
    if kind == EMPTY:
        return 0.0
    if kind == STATUETTE:
        return STATUETTE_GAIN
    value = _set_gain(counts, kind)
    others = [_set_gain(state.counts[p], kind) for p in range(state.num_players) if p != player]
    return value + DENIAL * max(others, default=0.0)


def _set_gain(counts: list[int], kind: int) -> float:
    held = counts[kind]
    gain = SET_STEP[held] if held < len(SET_STEP) else 0.0
    if held == 0 and all(counts[k] for k in range(4) if k != kind):
        gain += SET_COMPLETION
    return gain


def _contest_value(state: BlueLagoonState, player: int, island: int, mine: int) -> float:
    """A piece that ties or takes the lead on an island where the lead is still close."""
    b = state.board
    rivals = [0] * state.num_players
    for t in b.island_tiles[island]:
        code = state.cells[t]
        if code != EMPTY and code >> 1 != player:
            rivals[code >> 1] += 1
    best_rival = max(rivals)
    if best_rival - 1 <= mine <= best_rival:  # one more piece ties or leads
        return CONTEST * b.bonuses[island]
    return 0.0


def _own_pieces_per_island(state: BlueLagoonState, player: int) -> list[int]:
    b = state.board
    per_island = [0] * len(b.bonuses)
    for t, code in enumerate(state.cells):
        if code != EMPTY and code >> 1 == player and b.island_of[t] >= 0:
            per_island[b.island_of[t]] += 1
    return per_island


def _has_village_on(state: BlueLagoonState, player: int, island: int) -> bool:
    village = 2 * player + 1
    return any(state.cells[t] == village for t in state.board.island_tiles[island])
