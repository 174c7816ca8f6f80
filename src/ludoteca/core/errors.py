"""The error hierarchy every game and surface shares.

Surfaces catch `LudotecaError` to show a readable message instead of a traceback; the server maps
it to a 4xx answer. Messages always say what was wrong *and* what is allowed.
"""


class LudotecaError(Exception):
    """Base of every error ludoteca raises on purpose, with its message in English and Spanish.

    `str(error)` is the English message (logs, tests); `error.text(lang)` is what a surface shows
    a person who reads `lang`.
    """

    def __init__(self, message: str, es: str | None = None) -> None:
        super().__init__(message)
        self.es = es

    def text(self, lang: str = "en") -> str:
        return self.es if lang == "es" and self.es else str(self)


class IllegalAction(LudotecaError):
    """A well-formed action that the rules do not allow now. The state is left untouched."""


class NotationError(LudotecaError):
    """Text that is not a well-formed action (or position) in the game's notation."""


class OptionError(LudotecaError):
    """An unknown game option, an invalid value, or an unsupported player count."""
