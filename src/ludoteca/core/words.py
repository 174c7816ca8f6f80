"""Moves in words: the languages every text exists in, seat names, and move sentences.

A move sentence comes in two persons, because the mover reads "You bought the Museum" where the
others read "Player 1 bought the Museum" (and Spanish conjugates the verb differently), so a game
writes each sentence as a `Phrase`: per language, the mover's form and the others' form with
`{who}`. Arguments that differ by language are given as `{"en": ..., "es": ...}`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("en", "es")

Phrase = Mapping[str, tuple[str, str]]  # lang -> (mover's form, others' form with {who})

def phrase(en_you: str, en_they: str, es_you: str, es_they: str) -> Phrase:
    """A `Phrase` from its four forms: English mover, English others, Spanish mover, Spanish others."""
    return {"en": (en_you, en_they), "es": (es_you, es_they)}


PLAYED: Phrase = {"en": ("You played {text}", "{who} played {text}"),
                  "es": ("Jugaste {text}", "{who} jugó {text}")}
SECRET: Phrase = {"en": ("You made a secret move", "{who} made a secret move"),
                  "es": ("Hiciste una jugada secreta", "{who} hizo una jugada secreta")}


def language(lang: str) -> str:
    """`lang` if ludoteca speaks it, else English."""
    return lang if lang in LANGUAGES else "en"


def seat_name(seat: int, lang: str = "en") -> str:
    """How every surface names a seat: "Player 1" / "Jugador 1" (the seat number itself)."""
    return f"{'Jugador' if language(lang) == 'es' else 'Player'} {seat}"


def say(phrase: Phrase, lang: str, you: bool, who: str, **args: Any) -> str:
    """The sentence `phrase` in `lang`, for the mover (`you`) or for the others (naming `who`)."""
    lang = language(lang)
    template = phrase[lang][0 if you else 1]
    values = {k: v[lang] if isinstance(v, Mapping) else v for k, v in args.items()}
    return template.format(who=who, **values)
