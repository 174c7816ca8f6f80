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

Speed: the vector is built as bytes. A city's cards (with its tile) are a block remembered by
their values: a new block is the block of the same city one card smaller plus that card (a take
or pick appends to the city). Each seat's whole block (cards, people, footprints, sand) is also
kept as last written, with the values it was written from, and copied in whole while they stay
the same: most actions change the acting seat alone, so about half the seat blocks of a game are
copies. The display and the table's counters change at nearly every action, so they are written
slot by slot (through a memoryview, which costs less per slot than numpy's item assignment).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ludoteca.core.observation import Encoder, seats_from

from .components import Content, load_content

if TYPE_CHECKING:
    from .rules import SantaMonicaState

PHASES = ("auto", "choose_tile", "place_truck", "acquire", "pick", "swap", "move", "happy_day", "game_over")
_DISPLAY = 4
_KINDS = 3
# Blocks remembered (each a few kB): enough for every city of a search tree's recent positions.
_CITIES_KEPT = 1024


class _Layout:
    """Where the blocks lie for one player count and content, with the tables derived from it.

    Made once per configuration (`_layout`) and hashed by identity, so that it is a cheap key of
    the remembered city blocks (a tuple of its values would be hashed field by field each time).
    """

    def __init__(self, num_players: int, content: str, end_cards: int):
        c = load_content(content)
        self.content, self.end_cards, self.num_players = content, end_cards, num_players
        self.width = width = 2 * (end_cards + 2) + 1  # W columns per row of a city
        self.per_space = 1 + len(c.tags) + _KINDS + 1  # a card, its tags, three kinds of people, a footprint
        self.seat_size = 2 * width * self.per_space + len(c.tiles) + 2  # spaces, tile one-hot, sand, features
        self.places = num_players + 2 * _DISPLAY + 1  # per card: a seat's city, a display slot, the discard
        self.where_at = num_players * self.seat_size
        self.table_at = self.where_at + len(c.cards) * self.places
        table = len(c.objectives) + 2 * len(c.faces) + 1 + 2 * _DISPLAY + 4 + 1 + len(PHASES) + 3
        self.size = self.table_at + table
        half = width // 2
        # where each space's slots start in a seat's block: the beach row's W columns, then the
        # street row's (space = 2 × column + row)
        self.space_starts = {2 * column + row: (row * width + column + half) * self.per_space
                             for row in (0, 1) for column in range(-half, half + 1)}
        # per card, the slots it sets in its space: "a card here" (0), then one per tag it has
        self.card_slots = [(0, *(1 + tag for tag in range(len(c.tags)) if mask >> tag & 1))
                           for mask in c.card_tags]
        # card 0's where-table slot of each display slot, front row then back row, columns 1-4
        first = self.where_at + num_players
        self.display_slots = tuple(range(first, first + 2 * _DISPLAY))
        self.table_slots = _table_slots(c, self.table_at)
        self.face_index = c.face_index
        # each seat's last block and the values it was written from (`_write_seat`)
        self.last_seats: list[tuple[tuple, bytes] | None] = [None] * num_players


@cache
def _layout(num_players: int, content: str, end_cards: int) -> _Layout:
    return _Layout(num_players, content, end_cards)


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    return _layout(num_players, options["content"], options["end_cards"]).size


def observe(state: SantaMonicaState, player: int) -> np.ndarray:
    options = state.options
    lay = _layout(state.num_players, options["content"], options["end_cards"])
    vector = bytearray(4 * lay.size)  # float32 slots, all zero
    slots = memoryview(vector).cast("f")  # one slot written here costs less than through numpy
    for order, seat in enumerate(seats_from(player, lay.num_players)):
        _write_seat(vector, slots, lay, state, seat, order)
    _write_display(slots, lay, state)
    _write_table(slots, lay, state, player)
    return np.frombuffer(vector, dtype=np.float32)


def _write_seat(vector: bytearray, slots: memoryview[float], lay: _Layout, state: SantaMonicaState, seat: int,
                order: int) -> None:
    """A seat's block, and its cards in the where-table's column `order`.

    Most actions change one seat only, so each seat's last block is kept (`_Layout.last_seats`)
    with every value it was written from, and copied in whole while they stay the same."""
    city, people = state.cities[seat], state.people[seat]
    spaces, cards = tuple(city), tuple(city.values())
    key = (state.tiles[seat], spaces, cards, tuple(people), tuple(chain.from_iterable(people.values())),
           tuple(state.footprints[seat]), state.sand[seat])
    last = lay.last_seats[seat]
    if last is None or last[0] != key:
        last = lay.last_seats[seat] = key, _seat_block(lay, state, seat, spaces, cards)
    at = 4 * order * lay.seat_size
    vector[at:at + len(last[1])] = last[1]
    column = lay.where_at + order  # card 0's "in this seat's city"
    for card in cards:
        if card >= 0:
            slots[column + card * lay.places] = 1.0


def _seat_block(lay: _Layout, state: SantaMonicaState, seat: int, spaces: tuple[int, ...],
                cards: tuple[int, ...]) -> bytes:
    """A seat's block: its cards and tile copied in whole, then its people, footprints and sand."""
    block = bytearray(_city_cards(lay, state.tiles[seat], spaces, cards))
    slots = memoryview(block).cast("f")
    starts = lay.space_starts
    people_at = lay.per_space - 1 - _KINDS
    for space, (locals_, tourists, vips) in state.people[seat].items():
        here = people_at + starts[space]
        slots[here] = locals_ / 4
        slots[here + 1] = tourists / 4
        slots[here + 2] = vips / 4
    for card in state.footprints[seat]:
        slots[starts[spaces[cards.index(card)]] + lay.per_space - 1] = 1.0
    slots[lay.seat_size - 2] = state.sand[seat] / 10
    slots.release()
    return bytes(block)


@lru_cache(maxsize=_CITIES_KEPT)
def _city_cards(lay: _Layout, tile: int, spaces: tuple[int, ...], cards: tuple[int, ...]) -> bytes:
    """A seat's block with its tile and the cards on `spaces` (-1: a half of the starting tile):
    the block of the first cards but the last, plus the last.

    Any pair of tuples is a city's value, so a swap, which leaves no such smaller city behind,
    still gets the right block (built from its own prefixes)."""
    if spaces:
        block = bytearray(_city_cards(lay, tile, spaces[:-1], cards[:-1]))
        slots = memoryview(block).cast("f")
        if cards[-1] >= 0:
            start = lay.space_starts[spaces[-1]]
            for offset in lay.card_slots[cards[-1]]:
                slots[start + offset] = 1.0
    else:
        block = bytearray(4 * lay.seat_size)
        slots = memoryview(block).cast("f")
        if tile >= 0:
            slots[2 * lay.width * lay.per_space + tile] = 1.0
    slots[-1] = (len(spaces) - 2) / lay.end_cards
    slots.release()
    return bytes(block)


def _write_display(slots: memoryview[float], lay: _Layout, state: SantaMonicaState) -> None:
    """The where-table slots of the display's cards and of the discard pile (rarely any)."""
    places = lay.places
    for first, card in zip(lay.display_slots, state.front + state.back, strict=True):
        if card >= 0:
            slots[first + card * places] = 1.0
    discarded = lay.where_at + places - 1
    for card in state.discard:
        slots[discarded + card * places] = 1.0


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


def _table_slots(c: Content, table_at: int) -> _TableSlots:
    sizes = (len(c.objectives), len(c.faces), len(c.faces), 1, _DISPLAY, _DISPLAY, 4, 1, len(PHASES), 1, 1, 1)
    starts = [table_at]
    for size in sizes[:-1]:
        starts.append(starts[-1] + size)
    return _TableSlots(*starts)


_PHASE_INDEX = {phase: index for index, phase in enumerate(PHASES)}


def _write_table(slots: memoryview[float], lay: _Layout, state: SantaMonicaState, player: int) -> None:
    """What lies on the table besides the cards: nearly all of it changes from one action to the
    next, so it is written slot by slot, not remembered (zeros are left as they are)."""
    at = lay.table_slots
    face_index = lay.face_index
    slots[at.objective + state.objective] = 1.0
    for code in state.faces:
        slots[at.faces + face_index[code]] += 1.0
    if state.face:
        slots[at.face + face_index[state.face]] = 1.0
    slots[at.picks_left] = state.picks_left / _DISPLAY
    if 1 <= state.truck <= _DISPLAY:  # 0 before the truck is placed
        slots[at.truck + state.truck - 1] = 1.0
    if 1 <= state.foodie <= _DISPLAY:
        slots[at.foodie + state.foodie - 1] = 1.0
    supply = at.supply
    for count in state.supply:
        slots[supply] = count / 30
        supply += 1
    slots[at.deck] = len(state.deck) / 80
    slots[at.phase + _PHASE_INDEX[state.phase]] = 1.0
    if state.final_round:
        slots[at.final_round] = 1.0
    slots[at.passes] = state.passes / lay.num_players
    if player in state.to_move:
        slots[at.to_move] = 1.0


ENCODER = Encoder(observation_size, observe)
