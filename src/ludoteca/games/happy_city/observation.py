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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.observation import Encoder, Features, seats_from

from .components import COLOURS, INDEX, RESIDENCES

if TYPE_CHECKING:
    from .rules import HappyCityState

# every card kind at a fixed slot, in catalogue order (the catalogue's own numbers have gaps)
SLOT = {key: slot for slot, key in enumerate(sorted(INDEX, key=INDEX.__getitem__))}
PHASES = ("draft", "discard", "refill", "main", "special", "final_choice", "game_over")
_KINDS = len(INDEX)
_PER_SEAT = 5 + _KINDS + len(COLOURS) + 2


def observation_size(num_players: int, options: dict[str, Any]) -> int:
    return num_players * _PER_SEAT + 4 * _KINDS + 3 + 6 + 1 + len(PHASES) + 2


def observe(state: HappyCityState, player: int) -> np.ndarray:
    out = Features(observation_size(state.num_players, state.options))
    scored = _scored(state)
    array = out.array
    for seat in seats_from(player, state.num_players):
        array[out.at:out.at + _PER_SEAT] = _seat_block(state, seat, scored[seat])
        out.skip(_PER_SEAT)
    out.flags((SLOT[key] for key in state.display), _KINDS)
    for key in (*dict.fromkeys(state.display), *RESIDENCES):
        out.array[out.at + SLOT[key]] = state.cost(player, key) / 10
    out.skip(_KINDS)
    out.scalars([state.piles[key] for key in RESIDENCES], 10)
    out.flags((SLOT[key] for key in state.row), _KINDS)
    out.flags((SLOT[key] for key in state.box) if state.expert else (), _KINDS)
    out.scalars([len(deck) for deck in state.decks], 30)
    out.scalars([len(pile) for pile in state.discards], 30)
    out.scalar(state.round, 20)
    out.one_hot(PHASES.index(state.phase), len(PHASES))
    out.scalar(1.0 if state.triggered else 0.0)
    out.scalar(1.0 if player in state.to_move else 0.0)
    return out.done()


_BLOCKS: dict[tuple, np.ndarray] = {}
_BLOCKS_LIMIT = 4096


def _seat_block(state: HappyCityState, seat: int, scored: tuple[int, int, int, int]) -> np.ndarray:
    """One seat's slots, remembered by everything they are written from.

    A seat's city, coins and market change only on its own purchases and at income, so most
    observations find the block already written; the key holds every value the block reads,
    so a remembered block is the block that would be written now."""
    key = (state.coins[seat], scored, tuple(state.cities[seat]), state.markets[seat],
           bool(state.free_purchase[seat]), state.pyramid_left[seat])
    block = _BLOCKS.get(key)
    if block is None:
        if len(_BLOCKS) >= _BLOCKS_LIMIT:
            _BLOCKS.clear()
        income, people, hearts, score = scored
        out = Features(_PER_SEAT)
        out.scalar(state.coins[seat], 30)
        out.scalar(income, 10)
        out.scalar(people, 30)
        out.scalar(hearts, 30)
        out.scalar(score, 300)
        out.flags((SLOT[key] for key in state.cities[seat]), _KINDS)
        out.one_hot(state.markets[seat], len(COLOURS))
        out.scalar(1.0 if state.free_purchase[seat] else 0.0)
        out.scalar(state.pyramid_left[seat], 3)
        block = _BLOCKS[key] = out.done()
        block.flags.writeable = False
    return block


_SCORED: dict[tuple, list[tuple[int, int, int, int]]] = {}
_SCORED_LIMIT = 4096


def _scored(state: HappyCityState) -> list[tuple[int, int, int, int]]:
    """Each seat's income, people, hearts and score, remembered by what they are computed from.

    Scoring a city is the dearest part of an observation, and most actions (drafts, discards,
    draws, passes) change no city, so the answer for the same cities, markets and options is
    looked up instead of scored again (`breakdown` reads nothing else for these four numbers).
    """
    key = (tuple(map(tuple, state.cities)), tuple(state.markets), state.expert, state.young,
           state.sphinx_copy)
    known = _SCORED.get(key)
    if known is None:
        if len(_SCORED) >= _SCORED_LIMIT:
            _SCORED.clear()
        known = _SCORED[key] = [(part["income"], part["people"], part["hearts"], part["score"])
                                for part in state.breakdown()]
    return known


ENCODER = Encoder(observation_size, observe)
