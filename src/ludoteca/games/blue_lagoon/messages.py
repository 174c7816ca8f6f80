"""Blue Lagoon's texts: its entries in the message catalogue (`data/messages.<lang>.json`)."""

from __future__ import annotations

from typing import Any

from ludoteca.core import NotationError
from ludoteca.core.messages import Catalogue, Message, in_game

MESSAGES = Catalogue(__package__)
NAMES = MESSAGES.templates("name")


def refusal(code: str, **args: Any) -> Message:
    """Message `code`, prefixed with the game's name as every Blue Lagoon error reads."""
    return in_game(NAMES, MESSAGES.message(code, **args))


def notation_error(code: str, **args: Any) -> NotationError:
    return NotationError(refusal(code, **args))
