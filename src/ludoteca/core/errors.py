"""The error hierarchy every game and surface shares.

Surfaces catch `LudotecaError` to show a readable message instead of a traceback; the server maps
it to a 4xx answer. Messages always say what was wrong *and* what is allowed.
"""


class LudotecaError(Exception):
    """Base of every error ludoteca raises on purpose."""


class IllegalAction(LudotecaError):
    """A well-formed action that the rules do not allow now. The state is left untouched."""


class NotationError(LudotecaError):
    """Text that is not a well-formed action (or position) in the game's notation."""


class OptionError(LudotecaError):
    """An unknown game option, an invalid value, or an unsupported player count."""
