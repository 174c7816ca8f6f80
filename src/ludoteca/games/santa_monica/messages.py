"""Santa Monica's texts: its entries in the message catalogue (`data/messages.<lang>.json`)."""

from __future__ import annotations

from typing import Any

from ludoteca.core import NotationError
from ludoteca.core.messages import GameCatalogue

MESSAGES = GameCatalogue(__package__)
refusal = MESSAGES.refusal


def notation_error(code: str, /, **args: Any) -> NotationError:
    return NotationError(refusal(code, **args))
