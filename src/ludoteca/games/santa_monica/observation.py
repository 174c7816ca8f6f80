"""The observation vector of a seat, for learning agents. Everything in Santa Monica is public but
the order of the deck, and the vector never reads the deck (only its size).

Layout (float32, see docs/games/santa-monica.md); `N` cards, `G` tags, `W = 2 × (end_cards + 2) + 1`
columns centred on column 0 (no city grows further than `end_cards + 1` cards from its start),
seats from the observing one in turn order:
  per seat: for each city space (beach row, then street row; W columns each): a card there, its
            tags (G), locals / tourists / VIPs there (/ 4), a footprint on it; then its starting
            tile (one-hot over the tiles), sand dollars (/ 10), feature cards (/ end_cards);
  where each card is (N × (players + 4 + 4 + 1)): which seat's city, which front-row and which
  back-row column of the display, or the discard pile (all zero: in the deck, unseen);
  the objective and the two sand dollar faces in play (one-hot over objectives and faces), the
  face in use, picks left (/ 4), the truck and foodie columns (one-hot, 4 each), the supply
  (locals, tourists, VIPs, footprints; / 30), the deck size (/ 80), the phase (9, one-hot),
  the final round, passes (/ players), and whether the observing seat is to move.

Speed: a seat's city is a block remembered by its values (one action changes one city), written
as its people and footprints over the remembered block of its cards, which is the block of the
same city one card smaller plus that card (a take or pick appends to the city). The display and
the table's counters change at nearly every action, so they are written slot by slot.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ludoteca.core.observation import Encoder, seats_from

from .components import load_content

if TYPE_CHECKING:
    from .rules import SantaMonicaState

PHASES = ("auto", "choose_tile", "place_truck", "acquire", "pick", "swap", "move", "happy_day", "game_over")
_DISPLAY = 4
_KINDS = 3
# Blocks remembered (each a few kB): enough for every city of a search tree's recent positions.
_CITIES_KEPT = 1024


class _Layout(NamedTuple):
    """Where the blocks lie for one player count and content: plain values, so a cache key."""

    content: str
    end_cards: int
    num_players: int
    width: int  # W columns per row of a city
    per_space: int  # a card, its tags, the three kinds of people, a footprint
    seat_size: int  # a city's spaces, its tile one-hot, sand dollars, feature cards
    places: int  # per card: a seat's city, a display slot or the discard pile
    where_at: int
    table_at: int
    size: int


@cache
def _layout(num_players: int, content: str, end_cards: int) -> _Layout:
    c = load_content(content)
    width = 2 * (end_cards + 2) + 1
    per_space = 1 + len(c.tags) + _KINDS + 1
    seat_size = 2 * width * per_space + len(c.tiles) + 2
    places = num_players + 2 * _DISPLAY + 1
    where_at = num_players * seat_size
    table_at = where_at + len(c.cards) * places
    table = len(c.objectives) + 2 * len(c.faces) + 1 + 2 * _DISPLAY + 4 + 1 + len(PHASES) + 3
    return _Layout(content, end_cards, num_players, width, per_space, seat_size, places, where_at,
                   table_at, table_at + table)


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    return _layout(num_players, options["content"], options["end_cards"]).size


def observe(state: SantaMonicaState, player: int) -> np.ndarray:
    options = state.options
    lay = _layout(state.num_players, options["content"], options["end_cards"])
    array = np.zeros(lay.size, dtype=np.float32)
    for order, seat in enumerate(seats_from(player, lay.num_players)):
        _write_seat(array, lay, state, seat, order)
    _write_display(array, lay, state)
    _write_table(array, lay, state, player)
    return array


def _write_seat(array: np.ndarray, lay: _Layout, state: SantaMonicaState, seat: int, order: int) -> None:
    """A seat's block, and the cards of its city in the where-table's column `order`."""
    city, people = state.cities[seat], state.people[seat]
    block, placed = _seat_block(lay, state.tiles[seat], tuple(city), tuple(city.values()),
                                frozenset(state.footprints[seat]), tuple(people),
                                tuple(map(tuple, people.values())))
    at = order * lay.seat_size
    array[at:at + lay.seat_size] = block
    array[at + lay.seat_size - 2] = state.sand[seat] / 10
    array[lay.where_at + order:lay.table_at:lay.places][placed] = 1.0


@lru_cache(maxsize=_CITIES_KEPT)
def _seat_block(lay: _Layout, tile: int, spaces: tuple[int, ...], cards: tuple[int, ...],
                footprints: frozenset[int], peopled: tuple[int, ...],
                people: tuple[tuple[int, int, int], ...]) -> tuple[np.ndarray, np.ndarray]:
    """A seat's block but its sand dollars, and the cards in its city: the people and footprints
    written over the block of its cards, which changes less often. Read-only: callers copy it."""
    cards_block, placed = _city_cards(lay, tile, spaces, cards)
    block = cards_block.copy()
    starts = _space_starts(lay)
    people_at = lay.per_space - 1 - _KINDS
    for space, (locals_, tourists, vips) in zip(peopled, people, strict=True):
        here = starts[space] + people_at
        block[here] = locals_ / 4
        block[here + 1] = tourists / 4
        block[here + 2] = vips / 4
    for card in footprints:
        block[starts[spaces[cards.index(card)]] + lay.per_space - 1] = 1.0
    block.flags.writeable = False
    return block, placed


@lru_cache(maxsize=_CITIES_KEPT)
def _city_cards(lay: _Layout, tile: int, spaces: tuple[int, ...],
                cards: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A seat's block with its tile and the cards on `spaces` (-1: a half of the starting tile),
    and those cards' indices: the block of the first cards but the last, plus the last.

    Read-only: callers copy it. Any pair of tuples is a city's value, so a swap, which leaves no
    such smaller city behind, still gets the right block (built from its own prefixes)."""
    if not spaces:
        block = np.zeros(lay.seat_size, dtype=np.float32)
        if tile >= 0:
            block[2 * lay.width * lay.per_space + tile] = 1.0
        placed = np.zeros(0, dtype=np.intp)
    else:
        smaller, placed = _city_cards(lay, tile, spaces[:-1], cards[:-1])
        block = smaller.copy()
        card = cards[-1]
        if card >= 0:
            start = _space_starts(lay)[spaces[-1]]
            for offset in _card_slots(lay.content)[card]:
                block[start + offset] = 1.0
            placed = np.append(placed, card)
    block[-1] = (len(spaces) - 2) / lay.end_cards
    block.flags.writeable = False
    return block, placed


@cache
def _space_starts(lay: _Layout) -> dict[int, int]:
    """Where each space's slots start in a seat's block: the beach row's W columns, then the
    street row's (space = 2 × column + row)."""
    half = lay.width // 2
    return {2 * column + row: (row * lay.width + column + half) * lay.per_space
            for row in (0, 1) for column in range(-half, half + 1)}


@cache
def _card_slots(content: str) -> list[tuple[int, ...]]:
    """Per card, the slots it sets in its space: "a card here" (0), then one per tag it has."""
    c = load_content(content)
    return [(0, *(1 + tag for tag in range(len(c.tags)) if mask >> tag & 1)) for mask in c.card_tags]


def _write_display(array: np.ndarray, lay: _Layout, state: SantaMonicaState) -> None:
    """The where-table slots of the display's cards and of the discard pile (rarely any)."""
    places = lay.places
    for first, card in zip(_display_slots(lay), state.front + state.back, strict=True):
        if card >= 0:
            array[first + card * places] = 1.0
    discarded = lay.where_at + places - 1
    for card in state.discard:
        array[discarded + card * places] = 1.0


@cache
def _display_slots(lay: _Layout) -> tuple[int, ...]:
    """Card 0's where-table slot of each display slot, front row then back row, columns 1-4."""
    return tuple(range(lay.where_at + lay.num_players, lay.where_at + lay.num_players + 2 * _DISPLAY))


class _TableSlots(NamedTuple):
    """Where each feature of the table block starts."""

    objective: int
    faces: int
    face: int
    picks_left: int
    truck: int
    foodie: int
    supply: int
    deck: int
    phase: int
    final_round: int
    passes: int
    to_move: int


@cache
def _table_slots(lay: _Layout) -> _TableSlots:
    c = load_content(lay.content)
    sizes = (len(c.objectives), len(c.faces), len(c.faces), 1, _DISPLAY, _DISPLAY, 4, 1, len(PHASES), 1, 1, 1)
    starts = [lay.table_at]
    for size in sizes[:-1]:
        starts.append(starts[-1] + size)
    return _TableSlots(*starts)


_PHASE_INDEX = {phase: index for index, phase in enumerate(PHASES)}


def _write_table(array: np.ndarray, lay: _Layout, state: SantaMonicaState, player: int) -> None:
    """What lies on the table besides the cards: nearly all of it changes from one action to the
    next, so it is written slot by slot, not remembered (zeros are left as they are)."""
    at = _table_slots(lay)
    face_index = load_content(lay.content).face_index
    array[at.objective + state.objective] = 1.0
    for code in state.faces:
        array[at.faces + face_index[code]] += 1.0
    if state.face:
        array[at.face + face_index[state.face]] = 1.0
    array[at.picks_left] = state.picks_left / _DISPLAY
    if 1 <= state.truck <= _DISPLAY:  # 0 before the truck is placed
        array[at.truck + state.truck - 1] = 1.0
    if 1 <= state.foodie <= _DISPLAY:
        array[at.foodie + state.foodie - 1] = 1.0
    supply = at.supply
    for count in state.supply:
        array[supply] = count / 30
        supply += 1
    array[at.deck] = len(state.deck) / 80
    array[at.phase + _PHASE_INDEX[state.phase]] = 1.0
    if state.final_round:
        array[at.final_round] = 1.0
    array[at.passes] = state.passes / lay.num_players
    if player in state.to_move:
        array[at.to_move] = 1.0


ENCODER = Encoder(observation_size, observe)
