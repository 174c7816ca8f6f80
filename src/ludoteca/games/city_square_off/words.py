"""City Square Off moves in words. A round's placement is secret until both seats have placed."""

from __future__ import annotations

from ludoteca.core import Phrase, say, seat_name

from .notation import STARTER_IDS, Place
from .pieces import catalogue

STARTER: Phrase = {
    "en": ("You placed the {name} starter at {square} ({orient})",
           "{who} placed the {name} starter at {square} ({orient})"),
    "es": ("Colocaste la ficha de inicio {name} en {square} ({orient})",
           "{who} colocó la ficha de inicio {name} en {square} ({orient})"),
}
TILE: Phrase = {
    "en": ("You placed the {piece} tile at {square} ({orient})",
           "{who} placed the {piece} tile at {square} ({orient})"),
    "es": ("Colocaste la ficha {piece} en {square} ({orient})",
           "{who} colocó la ficha {piece} en {square} ({orient})"),
}
IN_SECRET: Phrase = {
    "en": ("You placed a tile in secret", "{who} placed a tile in secret"),
    "es": ("Colocaste una ficha en secreto", "{who} colocó una ficha en secreto"),
}


def describe(action: Place, player: int, lang: str, you: bool, secret: bool) -> str:
    who = seat_name(player, lang)
    if secret:
        return say(IN_SECRET, lang, you, who)
    square = catalogue().geometry.square_name(action.row, action.col)
    if action.piece in STARTER_IDS:
        name = catalogue().pieces[action.piece].names
        return say(STARTER, lang, you, who, name=name, square=square, orient=action.orient)
    return say(TILE, lang, you, who, piece=action.piece, square=square, orient=action.orient)


def is_secret(to_move: tuple[int, ...], action: Place, player: int) -> bool:
    """A tile placement is secret while the other seat still owes its placement of the round."""
    return action.piece not in STARTER_IDS and (1 - player) in to_move
