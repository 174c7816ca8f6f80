"""Every text the terminal player reads, in the message catalogue (`data/messages.<lang>.json`).

Keeping the strings there (and only there) means a missing translation is a missing code, which
the conformance suite catches, instead of an English sentence hiding in the middle of a Spanish
game; a third language is a third file.
"""

from __future__ import annotations

from ludoteca.core.messages import Catalogue, Message, languages

MESSAGES = Catalogue(__package__)


def _commands() -> dict[str, str]:
    """The words a player may type for each command (`commands.<name>`: "help, ?"), in every
    language whatever the chosen one: a Spanish speaker playing an English game can still type
    "ayuda"."""
    words: dict[str, str] = {}
    for name, texts in MESSAGES.group("commands").items():
        for lang in languages():
            words.update((word.strip().lower(), name) for word in texts[lang].split(",") if word.strip())
    return words


COMMANDS: dict[str, str] = _commands()


def say(lang: str, key: str, **values: object) -> str:
    """The text `key` in `lang` (English if the language is unknown), filled with `values`."""
    return MESSAGES.text(key, lang, **values)


def message(key: str, **values: object) -> Message:
    """The text `key` as a catalogue message, for an error written in the reader's language later."""
    return MESSAGES.message(key, **values)
