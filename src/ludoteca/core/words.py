"""Moves in words: the languages every text exists in, seat names, and move sentences.

A move sentence comes in two persons, because the mover reads "You bought the Museum" where the
others read "Player 1 bought the Museum" (and Spanish conjugates the verb differently), so a game
writes each sentence as a `Phrase`: per language, the mover's form and the others' form with
`{who}`. The texts live in the message catalogue (`core.messages`): a phrase `build` is the
codes `build.you` and `build.they` of the game's `data/messages.<lang>.json`, read with
`catalogue.phrase("build")`. Arguments that differ by language are catalogue `Message`s or
`{lang: text}` dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import CORE, language, languages, written

LANGUAGES = languages()

Phrase = Mapping[str, tuple[str, str]]  # lang -> (mover's form, others' form with {who})

_PHRASES = CORE.phrases()
PLAYED: Phrase = _PHRASES["played"]
SECRET: Phrase = _PHRASES["secret"]

__all__ = ["LANGUAGES", "PLAYED", "SECRET", "Phrase", "language", "say", "seat_name"]


def seat_name(seat: int, lang: str = "en") -> str:
    """How every surface names a seat: "Player 1" / "Jugador 1" (the seat number itself)."""
    return CORE.text("seat", lang, seat=seat)


def say(phrase: Phrase, lang: str, you: bool, who: str, **args: Any) -> str:
    """The sentence `phrase` in `lang`, for the mover (`you`) or for the others (naming `who`)."""
    lang = language(lang)
    template = phrase.get(lang, phrase["en"])[0 if you else 1]
    return template.format(who=who, **{k: written(v, lang) for k, v in args.items()})
