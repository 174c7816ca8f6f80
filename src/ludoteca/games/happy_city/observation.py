"""The observation vector of a seat, for learning agents. Everything in Happy City is public but
the order of the decks and the discards, and the vector holds only their sizes.

Layout (float32, see docs/games/happy-city.md), seats from the observing one in turn order; `K` is
the number of card kinds in the catalogue (catalogue order):
  per seat: coins (/ 30), income (/ 10), people (/ 30), hearts (/ 30), score (/ 300),
            the cards of its city (K, counts), its Happy Market colour (5, one-hot), an Open Road
            discount pending, Glass Pyramid phases left (/ 3);
  the display (K, counts), what the observing seat would pay for each display card and residence
  (K, / 10; zero where it cannot buy), the residence piles (3, / 10), the special row and the box
  (K each), deck and discard sizes (3 + 3, / 30), the round (/ 20), the phase (7, one-hot), the
  end triggered, and whether the observing seat is to move.

The vector is the join of parts kept as float32 bytes: each seat's coins and block (the rest of
its slots), the display with its costs, the supply (piles, row and box), the deck sizes with the
round, and the phase with the two flags. Blocks, display and supply change only when a card
moves, so they are remembered by every value they are written from (a remembered part is the
part that would be written now); coins and sizes are packed at every call and the last part is
looked up. An observation is then a dozen look-ups and one
join instead of hundreds of slot writes. A part is written, on a miss, slot by slot into a
zeroed `array("f")` at the offsets below: each value is rounded to float32 as numpy rounds it.
"""

from __future__ import annotations

import struct
from array import array
from functools import cache
from itertools import product
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder, seats_from

from . import scoring
from .components import COLOURS, INDEX, RESIDENCES

if TYPE_CHECKING:
    from .rules import HappyCityState

# every card kind at a fixed slot, in catalogue order (the catalogue's own numbers have gaps)
SLOT = {key: slot for slot, key in enumerate(sorted(INDEX, key=INDEX.__getitem__))}
PHASES = ("draft", "discard", "refill", "main", "special", "final_choice", "game_over")
_KINDS = len(INDEX)

# a seat's slots are its coins, then its block: income, people, hearts, score (offsets 0-3 of the
# block), its city, market colour, Open Road, Glass Pyramid
_CITY = 4
_MARKET = _CITY + _KINDS
_OPEN_ROAD = _MARKET + len(COLOURS)
_PYRAMID = _OPEN_ROAD + 1
_BLOCK = _PYRAMID + 1
_PER_SEAT = 1 + _BLOCK

_FLOAT32 = np.dtype(np.float32)
_ONE = struct.Struct("=f")  # native float32, as `_FLOAT32` reads it
_COUNTS = struct.Struct(f"={3 + 3 + 1}f")
_PILES = itemgetter(*RESIDENCES)

_Scores = tuple[int, int, int, int]  # a seat's income, people, hearts and score


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    return num_players * _PER_SEAT + 4 * _KINDS + 3 + 6 + 1 + len(PHASES) + 2


def observe(state: HappyCityState, player: int) -> np.ndarray:
    table_scores = _table_scores(state) if state.expert else None
    parts: list[bytes] = []
    for seat in _turn_order(player, state.num_players):  # coins change often: packed every time
        parts += (_ONE.pack(state.coins[seat] / 30), _seat_block(state, seat, table_scores))
    parts += (_display_block(state, player), _supply_block(state), _counts(state),
              _ENDINGS[state.phase, state.triggered, player in state.to_move])
    return np.frombuffer(bytearray().join(parts), _FLOAT32)  # writable, its own copy


@cache
def _turn_order(player: int, num_players: int) -> tuple[int, ...]:
    return tuple(seats_from(player, num_players))


def _zeros(size: int) -> array:
    """`size` float32 slots for a few writes: item writes into an `array` are cheaper than into
    numpy, and a list's conversion costs more than the writes."""
    return _ZEROS[:size]


_ZEROS = array("f", bytes(4 * (3 + 2 * _KINDS)))  # as many as the longest part (the supply)


class _Blocks(dict):
    """Parts of the vector as float32 bytes, by a key holding every value they are written from,
    at most `LIMIT` of them (all forgotten at once when full: a miss costs only a few writes)."""

    LIMIT = 4096

    def remember(self, key: tuple, slots: array) -> bytes:
        if len(self) >= self.LIMIT:
            self.clear()
        block = self[key] = slots.tobytes()
        return block


_SEATS, _DISPLAYS, _SUPPLIES = _Blocks(), _Blocks(), _Blocks()


def _seat_block(state: HappyCityState, seat: int, table_scores: list[_Scores] | None) -> bytes:
    """A seat's slots after its coins. A city changes only on its owner's purchases, so most
    observations find its block already written.

    Its income, people, hearts and score are read from the city with the young-players option
    in family mode, where no card looks at another city, so those are the key (the city is
    scored on a miss); in expert mode they come from `table_scores`."""
    city, market, open_road, pyramid = (tuple(state.cities[seat]), state.markets[seat],
                                        state.free_purchase[seat], state.pyramid_left[seat])
    scored = state.young if table_scores is None else table_scores[seat]
    key = (scored, city, market, open_road, pyramid)
    block = _SEATS.get(key)
    if block is None:
        income, people, hearts, score = (_city_scores(city, market, state.young)
                                         if table_scores is None else table_scores[seat])
        slots = _zeros(_BLOCK)
        slots[0:_CITY] = array("f", (income / 10, people / 30, hearts / 30, score / 300))
        for card in city:
            slots[_CITY + SLOT[card]] += 1.0
        if market is not None:
            slots[_MARKET + market] = 1.0
        slots[_OPEN_ROAD] = 1.0 if open_road else 0.0
        slots[_PYRAMID] = pyramid / 3
        block = _SEATS.remember(key, slots)
    return block


def _display_block(state: HappyCityState, player: int) -> bytes:
    """The display's counts and what `player` would pay for its cards and the residences.

    `state.cost` reads the printed costs and, in expert mode only, the player's special and
    pending Open Road discount: with the display, those are the key."""
    cost_inputs = (state.specials[player], state.free_purchase[player]) if state.expert else None
    key = (tuple(state.display), cost_inputs)
    block = _DISPLAYS.get(key)
    if block is None:
        slots = _zeros(2 * _KINDS)
        for card in state.display:  # a repeated card writes the same cost again
            slots[SLOT[card]] += 1.0
            slots[_KINDS + SLOT[card]] = state.cost(player, card) / 10
        for card in RESIDENCES:
            slots[_KINDS + SLOT[card]] = state.cost(player, card) / 10
        block = _DISPLAYS.remember(key, slots)
    return block


def _supply_block(state: HappyCityState) -> bytes:
    """The residence piles, the special row and (expert mode) the box: they change only when a
    residence or a special is taken."""
    piles = _PILES(state.piles)
    key = (piles, tuple(state.row), tuple(state.box) if state.expert else None)
    block = _SUPPLIES.get(key)
    if block is None:
        row_at, box_at = len(piles), len(piles) + _KINDS
        slots = _zeros(box_at + _KINDS)
        slots[0:row_at] = array("f", [pile / 10 for pile in piles])
        for card in state.row:
            slots[row_at + SLOT[card]] += 1.0
        for card in state.box if state.expert else ():
            slots[box_at + SLOT[card]] += 1.0
        block = _SUPPLIES.remember(key, slots)
    return block


def _counts(state: HappyCityState) -> bytes:
    """Deck and discard sizes and the round: they change at almost every action, so they are
    packed at every call (spelt out: cheaper than a loop)."""
    decks, discards = state.decks, state.discards
    return _COUNTS.pack(len(decks[0]) / 30, len(decks[1]) / 30, len(decks[2]) / 30,
                        len(discards[0]) / 30, len(discards[1]) / 30, len(discards[2]) / 30,
                        state.round / 20)


def _ending(phase: str, triggered: bool, to_move: bool) -> bytes:
    """The phase (one-hot), the end triggered, the observing seat to move."""
    values = [1.0 if phase == known else 0.0 for known in PHASES]
    return array("f", [*values, 1.0 if triggered else 0.0, 1.0 if to_move else 0.0]).tobytes()


# every phase with both values of each flag
_ENDINGS = {key: _ending(*key) for key in product(PHASES, (False, True), (False, True))}


_TABLE_SCORES: dict[tuple, list[_Scores]] = {}
_TABLE_SCORES_LIMIT = 4096


def _table_scores(state: HappyCityState) -> list[_Scores]:
    """Expert mode: each seat's income, people, hearts and score, remembered by what they are
    computed from (`breakdown` reads nothing else for these four numbers).

    Expert specials look at the neighbours' cities, so a seat's numbers depend on the whole
    table; scoring is the dearest part of an observation, and most actions (drafts, discards,
    draws, passes) change no city, so the answer is looked up instead of scored again.
    """
    key = (tuple(map(tuple, state.cities)), tuple(state.markets), state.young, state.sphinx_copy)
    known = _TABLE_SCORES.get(key)
    if known is None:
        if len(_TABLE_SCORES) >= _TABLE_SCORES_LIMIT:
            _TABLE_SCORES.clear()
        known = _TABLE_SCORES[key] = [(part["income"], part["people"], part["hearts"], part["score"])
                                      for part in state.breakdown()]
    return known


def _city_scores(city: tuple[str, ...], market: int | None, young: bool) -> _Scores:
    """Family mode: a city's income, people, hearts and score, as `breakdown` gives them."""
    part = scoring.score_city([list(city)], [market], 0, young)
    return scoring.family_income(list(city)), part["people"], part["hearts"], part["score"]


ENCODER = Encoder(observation_size, observe)
