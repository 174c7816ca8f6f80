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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Features, seats_from
from ludoteca.games.santa_monica.components import Content, load_content

if TYPE_CHECKING:
    from ludoteca.games.santa_monica.rules import SantaMonicaState

PHASES = ("auto", "choose_tile", "place_truck", "acquire", "pick", "swap", "move", "happy_day", "game_over")
_DISPLAY = 4
_KINDS = 3


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    c = load_content(options["content"])
    width = _width(options)
    per_space = 1 + len(c.tags) + _KINDS + 1
    per_seat = 2 * width * per_space + len(c.tiles) + 2
    where = len(c.cards) * (num_players + 2 * _DISPLAY + 1)
    table = len(c.objectives) + 2 * len(c.faces) + 1 + 2 * _DISPLAY + 4 + 1 + len(PHASES) + 3
    return num_players * per_seat + where + table


def observe(state: SantaMonicaState, player: int) -> np.ndarray:
    c = state.content
    n = state.num_players
    seats = seats_from(player, n)
    out = Features(observation_size(n, state.options))
    for seat in seats:
        _write_city(out, state, c, seat)
    _write_card_places(out, state, c, seats)
    out.one_hot(state.objective, len(c.objectives))
    out.flags((c.face_index[code] for code in state.faces), len(c.faces))
    out.one_hot(c.face_index[state.face] if state.face else None, len(c.faces))
    out.scalar(state.picks_left, _DISPLAY)
    out.one_hot(_column(state.truck), _DISPLAY)
    out.one_hot(_column(state.foodie), _DISPLAY)
    out.scalars(state.supply, 30)
    out.scalar(len(state.deck), 80)
    out.one_hot(PHASES.index(state.phase), len(PHASES))
    out.scalar(1.0 if state.final_round else 0.0)
    out.scalar(state.passes, n)
    out.scalar(1.0 if player in state.to_move else 0.0)
    return out.done()


def _column(col: int) -> int | None:
    """A display column 1-4 as an index 0-3 (None before the truck is placed)."""
    return col - 1 if 1 <= col <= _DISPLAY else None


def _width(options: dict[str, Any]) -> int:
    return 2 * (options["end_cards"] + 2) + 1


def _write_city(out: Features, state: SantaMonicaState, c: Content, seat: int) -> None:
    """The spaces of one city, then its tile, sand dollars and feature cards.

    Only the spaces that hold something are written (a city has a few dozen empty spaces)."""
    width = _width(state.options)
    per_space = 1 + len(c.tags) + _KINDS + 1
    array, base = out.array, out.at
    footprints = state.footprints[seat]

    def slot(space: int) -> int:
        row, col = space & 1, space >> 1
        return base + (row * width + col + width // 2) * per_space

    for space, card in state.cities[seat].items():
        if card >= 0:
            at = slot(space)
            array[at] = 1.0
            mask = c.card_tags[card]
            for tag in range(len(c.tags)):
                if mask >> tag & 1:
                    array[at + 1 + tag] = 1.0
            if card in footprints:
                array[at + per_space - 1] = 1.0
    for space, here in state.people[seat].items():
        at = slot(space) + 1 + len(c.tags)
        array[at:at + _KINDS] = here
        array[at:at + _KINDS] /= 4
    out.skip(2 * width * per_space)
    out.one_hot(state.tiles[seat] if state.tiles[seat] >= 0 else None, len(c.tiles))
    out.scalar(state.sand[seat], 10)
    out.scalar(len(state.cities[seat]) - 2, state.options["end_cards"])


def _write_card_places(out: Features, state: SantaMonicaState, c: Content, seats: list[int]) -> None:
    """For every card, where it lies: a seat's city, a display column, or the discard pile."""
    places = len(seats) + 2 * _DISPLAY + 1
    base = out.at
    for order, seat in enumerate(seats):
        for card in state.cities[seat].values():
            if card >= 0:
                out.array[base + card * places + order] = 1.0
    for row, cards in enumerate((state.front, state.back)):
        for col, card in enumerate(cards):
            if card >= 0:
                out.array[base + card * places + len(seats) + row * _DISPLAY + col] = 1.0
    for card in state.discard:
        out.array[base + card * places + places - 1] = 1.0
    out.skip(len(c.cards) * places)


