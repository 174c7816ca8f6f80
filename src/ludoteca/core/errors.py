"""The error hierarchy every game and surface shares.

Surfaces catch `LudotecaError` to show a readable message instead of a traceback; the server maps
it to a 4xx answer. Messages always say what was wrong *and* what is allowed.
"""

from __future__ import annotations

from .messages import FALLBACK, Message, Verbatim


class LudotecaError(Exception):
    """Base of every error ludoteca raises on purpose, with its message in every language.

    Raised with a catalogue `Message` (`IllegalAction(MESSAGES.message("occupied", square="c2"))`):
    `str(error)` is the English text (logs, tests), `error.text(lang)` what a surface shows a
    person who reads `lang`, and `error.message.code` says which message it is.
    """

    def __init__(self, message: Message | Verbatim | str, es: str | None = None) -> None:
        if isinstance(message, str):  # the older (English, Spanish) form, until every caller moves
            message = Verbatim({"en": message, "es": es or message})
        super().__init__(message.text(FALLBACK))
        self.message = message

    def text(self, lang: str = FALLBACK) -> str:
        return self.message.text(lang)

    @property
    def es(self) -> str:
        """The Spanish text (kept for callers written before the catalogue)."""
        return self.text("es")


class IllegalAction(LudotecaError):
    """A well-formed action that the rules do not allow now. The state is left untouched."""


class NotationError(LudotecaError):
    """Text that is not a well-formed action (or position) in the game's notation."""


class OptionError(LudotecaError):
    """An unknown game option, an invalid value, or an unsupported player count."""
