"""Blue Lagoon moves in words, for the logs of every surface (everything is public)."""

from __future__ import annotations

from ludoteca.core import Phrase, say, seat_name

from .messages import MESSAGES
from .notation import Place

PHRASES: dict[str, Phrase] = MESSAGES.phrases()
PIECES = {kind: MESSAGES.templates(f"piece.{kind}") for kind in "ST"}


def describe(action: Place, player: int, lang: str, you: bool) -> str:
    return say(PHRASES["placed"], lang, you, seat_name(player, lang), piece=PIECES[action.kind],
               at=f"{action.row},{action.col}")
