"""Blue Lagoon moves in words, for the logs of every surface (everything is public)."""

from __future__ import annotations

from ludoteca.core import Phrase, say, seat_name

from .notation import Place

PLACED: Phrase = {
    "en": ("You placed a {piece} on {at}", "{who} placed a {piece} on {at}"),
    "es": ("Colocaste {piece} en {at}", "{who} colocó {piece} en {at}"),
}
PIECES = {"S": {"en": "settler", "es": "un colono"}, "T": {"en": "village", "es": "una aldea"}}


def describe(action: Place, player: int, lang: str, you: bool) -> str:
    return say(PLACED, lang, you, seat_name(player, lang), piece=PIECES[action.kind],
               at=f"{action.row},{action.col}")
