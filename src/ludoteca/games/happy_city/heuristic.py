"""Happy City's rule-of-thumb reference player (the `heuristic` bot): no search, no evaluation.

It plays the way published strategy advice tells a new player to, one rule per decision:
- income first: while the city is small, shops and offices pay for the big cards later;
- balance people and hearts: the score is a product, so the side that is behind counts double
  and a side far ahead counts nothing;
- plan a special: aim at the special of the row that needs the fewest cards, buy its colours,
  and take a special whenever one is legal (it is free);
- draw from the most expensive deck you can afford, and throw away a useless display card;
- buy only what is worth a slot, take a coin otherwise, and fill the tenth slot when ahead.

It is the fixed yardstick of the bot ladder, so it deliberately shares nothing with
`strategy.py` (the searching bots' evaluation): no features, no weights.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import scoring
from .components import COLOUR, CONDITION, COST, HEARTS, INCOME, PEOPLE
from .notation import BOX, COIN, PASS, SPHINX, Move

if TYPE_CHECKING:
    from .rules import HappyCityState

# A city with fewer cards than this (Happy Market included) still builds its income.
EARLY_CITY = 5
# What one coin of income is worth then, in people or hearts.
EARLY_INCOME = 3
# A city with fewer cards than this still values income a little.
MIDDLE_CITY = 8
# The cheapest card of decks 1, 2, 3: draw from the highest deck whose cards you can pay.
DECK_FLOOR = {3: 6, 2: 4, 1: 1}
# A card worth less than this is not worth a slot: take a coin instead.
WORTH_A_SLOT = 1.0
# A display card worth less than this to you may be discarded to see a new one.
WORTH_KEEPING = 2.0
# A side (people or hearts) this far ahead of the other gains nothing from more of it.
LOPSIDED = 3
# Bonus for a card of a colour your planned special still needs.
PLAN_BONUS = 1.5


def choose(state: HappyCityState, player: int, rng: random.Random) -> Move:
    """The reference player's move in any step of the turn."""
    phase = state.phase
    legal = state.legal_actions(player)
    if phase == "main":
        return _main(state, player, legal, rng)
    if phase == "special":
        return _special(state, player, legal, rng)
    if phase == "refill":
        return _draw(state, player, legal)
    if phase == "discard":
        return _discard(state, player, legal, rng)
    if phase == "draft":
        return _draft(state, legal)
    return _sphinx(state, player, legal)


def card_worth(state: HappyCityState, player: int, key: str) -> float:
    """How much a sensible player likes adding card `key` to its city now."""
    city = state.cities[player]
    people = sum(PEOPLE[k] for k in city)
    hearts = sum(HEARTS[k] for k in city)
    worth: float = PEOPLE[key] * _side_weight(people, hearts) + HEARTS[key] * _side_weight(hearts, people)
    if len(city) < EARLY_CITY:
        worth += EARLY_INCOME * INCOME[key]
    elif len(city) < MIDDLE_CITY:
        worth += INCOME[key]
    if COLOUR[key] is not None and COLOUR[key] in _planned_colours(state, player):
        worth += PLAN_BONUS
    return worth


def _side_weight(side: int, other: int) -> int:
    """Balance: the side behind counts double, a side far ahead counts nothing."""
    if side <= other:
        return 2
    return 0 if side - other >= LOPSIDED else 1


def _planned_colours(state: HappyCityState, player: int) -> set[int]:
    """Colours still missing for the special of the row that needs the fewest cards."""
    if state.specials[player] is not None or not state.row:
        return set()
    counts = scoring.colour_counts(state.cities[player], state.markets[player])

    def missing(key: str) -> int:
        return sum(max(0, need - counts[c]) for c, need in CONDITION[key])

    target = min(state.row, key=missing)
    return {c for c, need in CONDITION[target] if counts[c] < need}


def _best(moves: list[Move], worth: Mapping[Move, tuple[float, ...]], rng: random.Random) -> Move:
    top = max(worth[m] for m in moves)
    return rng.choice([m for m in moves if worth[m] == top])


def _main(state: HappyCityState, player: int, legal: list[Move], rng: random.Random) -> Move:
    buys = [m for m in legal if m.verb == "buy"]
    if not buys:
        return COIN
    # the same worth, the cheaper card: coins left over buy the next one
    worth = {m: (card_worth(state, player, m.arg), -COST[m.arg]) for m in buys}
    best = _best(buys, worth, rng)
    threshold = WORTH_A_SLOT
    if len(state.cities[player]) == 9 and _leading(state, player):
        threshold = 0.0  # ahead with nine cards: end the game now
    return best if worth[best][0] >= threshold else COIN


def _leading(state: HappyCityState, player: int) -> bool:
    scores = state.scores()
    return all(scores[player] >= s for p, s in enumerate(scores) if p != player)


def _special(state: HappyCityState, player: int, legal: list[Move], rng: random.Random) -> Move:
    specials = [m for m in legal if m.verb == "special"]
    if not specials:
        return PASS
    worth = {m: (card_worth(state, player, m.arg) + INCOME[m.arg],) for m in specials}
    return _best(specials, worth, rng)


def _draw(state: HappyCityState, player: int, legal: list[Move]) -> Move:
    coins = state.coins[player]
    for deck in (3, 2, 1):
        move = next((m for m in legal if m.arg == str(deck)), None)
        if move is not None and coins >= DECK_FLOOR[deck]:
            return move
    return legal[0]  # nothing affordable anywhere: the cheapest deck that can be drawn


def _discard(state: HappyCityState, player: int, legal: list[Move], rng: random.Random) -> Move:
    """Keep the display if it holds a card worth buying; else throw away its worst card."""
    coins = state.coins[player]
    city = state.cities[player]
    worth = {m: card_worth(state, player, m.arg) for m in legal if m.verb == "discard"}
    if any(w >= WORTH_KEEPING and COST[m.arg] <= coins and m.arg not in city for m, w in worth.items()):
        return PASS
    lowest = min(worth.values())
    return rng.choice([m for m, w in worth.items() if w == lowest])


def _draft(state: HappyCityState, legal: list[Move]) -> Move:
    """The Happy Market colour the row's specials ask for most (the first such colour on a tie)."""
    demand = [0] * 5
    for key in state.row:
        for colour, need in CONDITION[key]:
            demand[colour] += need
    words = ("yellow", "blue", "green", "orange", "purple")
    return max(legal, key=lambda m: demand[words.index(m.arg)])


def _sphinx(state: HappyCityState, player: int, legal: list[Move]) -> Move:
    """Copy the opponent's special that scores most; refuse (a random one) if none adds anything."""
    def score(copy: str | None) -> int:
        return scoring.score_city(state.cities, state.markets, player, state.young, copy)["score"]

    plain = score(None)
    known = [m for m in legal if m.arg != BOX]
    best = max(known, key=lambda m: score(m.arg), default=None)
    if best is not None and score(best.arg) > plain:
        return best
    return SPHINX[BOX]
