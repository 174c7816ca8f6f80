"""City Square Off moves in words. A round's placement is secret until both seats have placed."""

from __future__ import annotations

from ludoteca.core import Phrase, say, seat_name

from .components import catalogue
from .messages import MESSAGES
from .notation import STARTER_IDS, Place

PHRASES: dict[str, Phrase] = MESSAGES.phrases()


def describe(action: Place, player: int, lang: str, you: bool, secret: bool) -> str:
    who = seat_name(player, lang)
    if secret:
        return say(PHRASES["in_secret"], lang, you, who)
    square = catalogue().geometry.square_name(action.row, action.col)
    if action.piece in STARTER_IDS:
        name = catalogue().pieces[action.piece].names
        return say(PHRASES["starter"], lang, you, who, name=name, square=square, orient=action.orient)
    return say(PHRASES["tile"], lang, you, who, piece=action.piece, square=square, orient=action.orient)


def is_secret(to_move: tuple[int, ...], action: Place, player: int) -> bool:
    """A tile placement is secret while the other seat still owes its placement of the round."""
    return action.piece not in STARTER_IDS and (1 - player) in to_move
