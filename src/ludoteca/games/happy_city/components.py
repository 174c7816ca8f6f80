"""Component tables for Happy City, built once from the JSON files in `data/`.

Every card of the game (buildings, residences, the Happy Market and both special sets) has a
unique key, so the rules and the scoring look cards up in flat dicts keyed by that string.
Colours are small ints (index into `COLOURS`); colourless cards have colour None. Card names
are catalogue texts (`component.card.<key>` in `data/messages.<lang>.json`), so a language is a
data change; the JSON files keep keys and numbers (the French names printed on the cards are
listed in the rules specification, not in the data). The expert specials' effect texts are
catalogue texts too (`text.card.<key>`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core.data import load_json
from ludoteca.core.messages import Message, languages

from .messages import MESSAGES

PACKAGE = "ludoteca.games.happy_city"

COLOURS = "YBGOP"
COLOUR_WORDS = ("yellow", "blue", "green", "orange", "purple")

MARKET = "happy_market"
RESIDENCES = ("house", "apartment", "luxury")
LIBERTY = "liberty_statue"
SPHINX = "sphinx"
ART_GALLERY = "art_gallery"


@dataclass(frozen=True, slots=True)
class Card:
    """One card kind. `kind` is building, residence, market, family (special) or expert (special)."""

    key: str
    kind: str
    index: int
    deck: int
    cost: int
    colour: int | None
    income: int
    people: int
    hearts: int
    condition: tuple[tuple[int, int], ...]
    timing: str
    effect: dict[str, Any]

    @property
    def is_special(self) -> bool:
        return self.kind in ("family", "expert")

    @property
    def names(self) -> Message:
        """The card's name, written in the reader's language (`component.card.<key>`)."""
        return MESSAGES.message(f"component.card.{self.key}")

    def name(self, lang: str) -> str:
        return self.names.text(lang)

    @property
    def effect_text(self) -> Message | None:
        """What an expert special does, in words (`text.card.<key>`); None for other cards."""
        code = f"text.card.{self.key}"
        return MESSAGES.message(code) if code in MESSAGES else None


def _colour(code: str | None) -> int | None:
    return None if code is None else COLOURS.index(code)


def _condition(raw: dict[str, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((COLOURS.index(c), n) for c, n in raw.items()))


def _load() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for raw in load_json(PACKAGE, "buildings.json")["buildings"]:
        cards[raw["key"]] = Card(
            raw["key"], "building", raw["index"],
            raw["deck"], raw["cost"], _colour(raw["type"]), raw["income"], raw["people"],
            raw["hearts"], (), "", {},
        )
    for raw in load_json(PACKAGE, "residences.json")["residences"]:
        cards[raw["key"]] = Card(
            raw["key"], "residence", 100 + raw["index"], 0, raw["cost"],
            _colour(raw["type"]), 0, raw["people"], raw["hearts"], (), "", {},
        )
    raw = load_json(PACKAGE, "start-card.json")["start_card"]
    cards[MARKET] = Card(MARKET, "market", 0, 0,
                         raw["cost"], None, raw["income"], raw["people"], raw["hearts"], (), "", {})
    for raw in load_json(PACKAGE, "specials-family.json")["specials"]:
        cards[raw["key"]] = Card(
            raw["key"], "family", 200 + raw["index"],
            0, 0, None, raw["income"], raw["people"], raw["hearts"], _condition(raw["condition"]),
            "", {},
        )
    for raw in load_json(PACKAGE, "specials-expert.json")["specials"]:
        printed = raw["printed"]
        cards[raw["key"]] = Card(
            raw["key"], "expert", 300 + raw["index"], 0, 0,
            None, printed["income"], printed["people"], printed["hearts"],
            _condition(raw["condition"]), raw["timing"], raw["effect"],
        )
    return cards


CARDS: dict[str, Card] = _load()


def _keys(kind: str) -> tuple[str, ...]:
    return tuple(sorted((c.key for c in CARDS.values() if c.kind == kind), key=lambda k: CARDS[k].index))


BUILDINGS = _keys("building")
FAMILY_SPECIALS = _keys("family")
EXPERT_SPECIALS = _keys("expert")

# Hot-path lookups (plain dicts are faster than attribute access on Card).
INDEX = {k: c.index for k, c in CARDS.items()}
COST = {k: c.cost for k, c in CARDS.items()}
COLOUR = {k: c.colour for k, c in CARDS.items()}
INCOME = {k: c.income for k, c in CARDS.items()}
PEOPLE = {k: c.people for k, c in CARDS.items()}
HEARTS = {k: c.hearts for k, c in CARDS.items()}
DECK = {k: c.deck for k, c in CARDS.items()}
IS_SPECIAL = {k: c.is_special for k, c in CARDS.items()}
CONDITION = {k: c.condition for k, c in CARDS.items()}
EFFECT = {k: c.effect for k, c in CARDS.items()}

_COPIES = {b["key"]: b["copies"] for b in load_json(PACKAGE, "buildings.json")["buildings"]}
# Each deck in catalogue (`index`) order with its copies adjacent (spec section 7).
DECK_CARDS = {d: tuple(k for k in BUILDINGS if DECK[k] == d for _ in range(_COPIES[k])) for d in (1, 2, 3)}
START_COINS = load_json(PACKAGE, "start-card.json")["starting_coins"]


def card_facts(key: str) -> dict[str, Any]:
    """What a face-up card shows, as JSON-safe data (for views; never on the hot path)."""
    card = CARDS[key]
    facts: dict[str, Any] = {
        "names": MESSAGES.by_language(f"component.card.{key}"), "kind": card.kind, "deck": card.deck,
        "cost": card.cost, "colour": None if card.colour is None else COLOURS[card.colour],
        "income": card.income, "people": card.people, "hearts": card.hearts,
    }
    if card.is_special:
        facts["condition"] = {COLOURS[c]: n for c, n in card.condition}
    effect = card.effect_text
    if effect is not None:
        facts["texts"] = {lang: effect.text(lang) for lang in languages()}
    return facts


def condition_text(key: str) -> str:
    """A special's condition as printed in the spec, e.g. 'B2 G1'."""
    return " ".join(f"{COLOURS[c]}{n}" for c, n in CONDITION[key])
