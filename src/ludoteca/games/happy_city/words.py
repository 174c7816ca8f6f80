"""Happy City moves in words. Every card is public once shown; a draw names only the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Phrase, say, seat_name
from ludoteca.core.messages import Message

from .components import CARDS
from .messages import MESSAGES
from .notation import BOX, Move

if TYPE_CHECKING:
    from .rules import HappyCityState


PHRASES: dict[str, Phrase] = MESSAGES.phrases()


def _coins(n: int) -> Message:
    return MESSAGES.message("coins.one" if n == 1 else "coins.many", n=n)


def describe(state: HappyCityState, action: Move, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)
    verb, arg = action.verb, action.arg
    if verb in ("pass", "coin"):
        return say(PHRASES[verb], lang, you, who)
    if verb == "draw":
        return say(PHRASES[verb], lang, you, who, deck=arg)
    if verb == "market":
        return say(PHRASES[verb], lang, you, who, colour=MESSAGES.message(f"market_colour.{arg}"))
    if verb == "sphinx" and arg == BOX:
        return say(PHRASES["sphinx_box"], lang, you, who)
    card = CARDS[arg]
    names = card.names
    if verb == "buy":
        return say(PHRASES[verb], lang, you, who, card=names, price=_coins(state.cost(player, arg)))
    return say(PHRASES[verb], lang, you, who, card=names)
