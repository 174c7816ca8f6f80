"""Bloom Town's texts: its entries in the message catalogue (`data/messages.<lang>.json`).

A message is a code plus its arguments: the parser and the rules decide once *which* message
applies (error texts and illegal-action reasons are the codes `text.<code>`), and the catalogue
writes it in the reader's language. An argument that reads differently in each language (a
tile, a building type, a list of notation words) is a {lang: …} dict made by the helpers below,
from the component data's names; any other argument is written the same in every language.
Notation words (`build`, `office`, `shop:bakery`, …) are what players type, so they stay as they
are in Spanish, glossed with the Spanish name where a list of them is given.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.messages import GameCatalogue, Message

from .components import FIRST_SHOP, FLOWERS, SHOP_KINDS, SIDES, TILE_NAMES, TILE_TYPE, TYPES

MESSAGES = GameCatalogue(__package__)


def _names(group: str, ids: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """`{lang: names}` of components `ids`, in that order: the codes `component.<group>.<id>`."""
    table = MESSAGES.table(f"component.{group}")
    return {lang: tuple(words[i] for i in ids) for lang, words in table.items()}


# Component names by language, in the order of their ids (building types, shop kinds, flowers).
TYPE_NAMES = _names("type", TYPES)
SHOP_KIND_NAMES = _names("shop", SHOP_KINDS)
FLOWER_NAMES = _names("flower", FLOWERS)
SIDE_NAMES = {side: MESSAGES.templates(f"component.side.{side}") for side in SIDES}

# The error texts and illegal-action reasons, by code: the messages `text.<code>`.
TEXT: dict[str, dict[str, str]] = MESSAGES.group("text")
# The step a player is in, for the "phase" reason: the messages `phase.<step>`.
PHASES: dict[str, dict[str, str]] = MESSAGES.group("phase")


def _lower(name: str) -> str:
    return name[:1].lower() + name[1:]


_TILE_ES = tuple(
    _lower(TYPE_NAMES["es"][TILE_TYPE[t]] if t < FIRST_SHOP else SHOP_KIND_NAMES["es"][t - FIRST_SHOP])
    for t in range(len(TILE_NAMES))
)
_TYPE_ES = tuple(_lower(name) for name in TYPE_NAMES["es"])


def tile_name(code: int) -> dict[str, str]:
    """A building tile: its notation word in English, its Spanish name (a shop by its kind)."""
    return {"en": TILE_NAMES[code], "es": _TILE_ES[code]}


def type_name(index: int) -> dict[str, str]:
    """A building type (type index): its notation word in English, its Spanish name."""
    return {"en": TYPES[index], "es": _TYPE_ES[index]}


def type_plural(index: int) -> Message:
    """A building type in the plural (with the Spanish article): the messages `plural.<type>`."""
    return MESSAGES.message(f"plural.{TYPES[index]}")


def words(names: tuple[str, ...], glosses: tuple[str, ...] | None = None) -> dict[str, str]:
    """A list of notation words; in Spanish each one glossed with its Spanish name."""
    es = names if glosses is None else tuple(f"{w} ({g})" for w, g in zip(names, glosses, strict=True))
    return {"en": ", ".join(names), "es": ", ".join(es)}


TYPE_WORDS = words(TYPES, _TYPE_ES)
TILE_WORDS = words(TILE_NAMES, _TILE_ES)
KIND_WORDS = words(SHOP_KINDS, tuple(_lower(n) for n in SHOP_KIND_NAMES["es"]))


def say(code: str, lang: str = "en", /, **args: Any) -> str:
    """Message `text.<code>` in `lang` (English for a language that lacks it)."""
    return MESSAGES.text(f"text.{code}", lang, **args)


def refusal(code: str, /, **args: Any) -> Message:
    """Message `text.<code>` as an error reads: after the game's name."""
    return MESSAGES.refusal(f"text.{code}", **args)
