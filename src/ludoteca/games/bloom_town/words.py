"""Bloom Town moves in words. Hands are hidden, but every move shows only what it makes public:
the tile built, the market tile taken, the type kept (face-down draws are not moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, Phrase, say, seat_name
from ludoteca.core.messages import Message

from .components import SQUARE_NAMES, TYPES
from .messages import MESSAGES, tile_name, type_plural
from .notation import BONUS_NAMES, PASS, Bonus, Build, Keep, Take

if TYPE_CHECKING:
    from .rules import BloomTownState


PHRASES: dict[str, Phrase] = MESSAGES.phrases()
SOURCES = {"bloom": MESSAGES.templates("move.sources.bloom"),
           "token": MESSAGES.templates("move.sources.token")}


def _a_tile(code: int) -> Message:
    """"an office", "una ficha de oficina": English chooses its article by the notation word."""
    name = tile_name(code)
    return MESSAGES.message("a_tile.vowel" if name["en"][:1] in "aeiou" else "a_tile.consonant", name=name)


def describe(state: BloomTownState, action: Action, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)

    def phrase(code: str, **args: Any) -> str:
        return say(PHRASES[code], lang, you, who, **args)

    if isinstance(action, Build):
        return phrase("build", tile=_a_tile(action.tile), square=SQUARE_NAMES[action.square])
    if isinstance(action, Take):
        return phrase("take", tile=_a_tile(state.market[action.space]), space=action.space + 1)
    if isinstance(action, Keep):
        return phrase("keep", types=type_plural(action.kind))
    assert isinstance(action, Bonus)
    if action.index == PASS:
        return phrase("pass")
    source, bonus, *kind = BONUS_NAMES[action.index].split()
    if bonus == "rescore":
        return phrase("rescore", types=type_plural(TYPES.index(kind[0])))
    return phrase(bonus, source=SOURCES[source])



