"""Santa Monica moves in words. The display and the cities are public; only the deck is hidden,
and a sentence is made before the move, so it never names a card that the refill will draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, Phrase, say, seat_name
from ludoteca.core.messages import Message

from .messages import MESSAGES
from .notation import ChooseTile, Happy, Move, Pick, Step, Swap, Take, Truck, UseFace, Word

if TYPE_CHECKING:
    from .rules import SantaMonicaState


PHRASES: dict[str, Phrase] = MESSAGES.phrases()
ROWS = (MESSAGES.templates("words.rows.0"), MESSAGES.templates("words.rows.1"))
PEOPLE = (MESSAGES.templates("words.local"), MESSAGES.templates("words.tourist"),
          MESSAGES.templates("words.vip"))
HAPPY = {"sd": MESSAGES.templates("words.happy.sd"),
         "mix": MESSAGES.templates("words.happy.mix"),
         "move": MESSAGES.templates("words.happy.move")}


def _space(space: int) -> Message:
    return MESSAGES.message("words.space", row=ROWS[space & 1], column=space >> 1)


def _slot(back: bool, column: int) -> Message:
    return MESSAGES.message("words.back_slot" if back else "words.front_slot", column=column)


def describe(state: SantaMonicaState, action: Action, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)
    content = state.content

    def phrase(code: str, **args: Any) -> str:
        return say(PHRASES[code], lang, you, who, **args)

    if isinstance(action, ChooseTile):
        return phrase("tile", name=content.names("tile", content.tiles[content.tile_index[action.tile]]))
    if isinstance(action, Truck):
        return phrase("truck", column=action.col)
    if isinstance(action, (Take, Pick)):
        back = isinstance(action, Pick) and action.back
        card = (state.back if back else state.front)[action.col - 1]
        return phrase("take", card=content.names("card", content.cards[card]), slot=_slot(back, action.col),
                      space=_space(action.space))
    if isinstance(action, UseFace):
        return phrase("sd", face=content.names("face", content.faces[content.face_index[action.code]]))
    if isinstance(action, Swap):
        return phrase("swap", a=_space(action.a), b=_space(action.b))
    if isinstance(action, Move):
        return phrase("move", person=PEOPLE[action.kind], src=_space(action.src), dst=_space(action.dst))
    if isinstance(action, Step):
        return phrase("step", dst=_space(action.dst))
    if isinstance(action, Happy):
        return phrase("happy", choice=HAPPY[action.choice])
    assert isinstance(action, Word)
    return phrase(action.word)
