"""Santa Monica moves in words. The display and the cities are public; only the deck is hidden,
and a sentence is made before the move, so it never names a card that the refill will draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, Phrase, say, seat_name
from ludoteca.core.words import phrase

from .notation import ChooseTile, Happy, Move, Pick, Step, Swap, Take, Truck, UseFace, Word

if TYPE_CHECKING:
    from .rules import SantaMonicaState


PHRASES: dict[str, Phrase] = {
    "tile": phrase("You chose the starting tile {name}", "{who} chose the starting tile {name}",
                    "Elegiste la ficha inicial {name}", "{who} eligió la ficha inicial {name}"),
    "truck": phrase("You put the food truck on column {column}",
                     "{who} put the food truck on column {column}",
                     "Pusiste el camión de comida en la columna {column}",
                     "{who} puso el camión de comida en la columna {column}"),
    "take": phrase("You took {card} from the {slot} and placed it on {space}",
                    "{who} took {card} from the {slot} and placed it on {space}",
                    "Tomaste {card} de la {slot} y la pusiste en {space}",
                    "{who} tomó {card} de la {slot} y la puso en {space}"),
    "sd": phrase("You used the sand dollar action {face}", "{who} used the sand dollar action {face}",
                  "Usaste la acción de dólar de arena {face}",
                  "{who} usó la acción de dólar de arena {face}"),
    "swap": phrase("You swapped the cards on {a} and {b}", "{who} swapped the cards on {a} and {b}",
                    "Intercambiaste las cartas de {a} y {b}", "{who} intercambió las cartas de {a} y {b}"),
    "move": phrase("You moved a {person} from {src} to {dst}", "{who} moved a {person} from {src} to {dst}",
                    "Moviste un {person} de {src} a {dst}", "{who} movió un {person} de {src} a {dst}"),
    "step": phrase("You moved a person one step to {dst}", "{who} moved a person one step to {dst}",
                    "Moviste una persona un paso hasta {dst}", "{who} movió una persona un paso hasta {dst}"),
    "happy": phrase("You chose {choice} for the happy day", "{who} chose {choice} for the happy day",
                     "Elegiste {choice} para el día feliz", "{who} eligió {choice} para el día feliz"),
    "keep": phrase("You kept your city as it is", "{who} kept their city as it is",
                    "Dejaste tu ciudad como estaba", "{who} dejó su ciudad como estaba"),
    "done": phrase("You finished moving", "{who} finished moving",
                    "Terminaste de mover", "{who} terminó de mover"),
    "pass": phrase("You passed", "{who} passed", "Pasaste", "{who} pasó"),
}
ROWS = {0: {"en": "beach", "es": "la playa"}, 1: {"en": "street", "es": "la calle"}}
PEOPLE = ({"en": "local", "es": "local"}, {"en": "tourist", "es": "turista"}, {"en": "VIP", "es": "VIP"})
HAPPY = {"sd": {"en": "2 sand dollars", "es": "2 dólares de arena"},
         "mix": {"en": "a sand dollar and a step", "es": "un dólar de arena y un paso"},
         "move": {"en": "two steps", "es": "dos pasos"}}


def _space(space: int) -> dict[str, str]:
    row, column = ROWS[space & 1], space >> 1
    return {"en": f"the {row['en']}, column {column}", "es": f"{row['es']}, columna {column}"}


def _slot(back: bool, column: int) -> dict[str, str]:
    return ({"en": f"back row, column {column}", "es": f"fila trasera, columna {column}"} if back
            else {"en": f"front row, column {column}", "es": f"fila delantera, columna {column}"})


def _names(entry: dict[str, Any]) -> dict[str, str]:
    return {"en": entry["name"], "es": entry.get("name_es") or entry["name"]}


def describe(state: SantaMonicaState, action: Action, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)
    content = state.content

    def phrase(code: str, **args: Any) -> str:
        return say(PHRASES[code], lang, you, who, **args)

    if isinstance(action, ChooseTile):
        return phrase("tile", name=_names(content.tiles[content.tile_index[action.tile]]))
    if isinstance(action, Truck):
        return phrase("truck", column=action.col)
    if isinstance(action, (Take, Pick)):
        back = isinstance(action, Pick) and action.back
        card = (state.back if back else state.front)[action.col - 1]
        return phrase("take", card=_names(content.cards[card]), slot=_slot(back, action.col),
                      space=_space(action.space))
    if isinstance(action, UseFace):
        return phrase("sd", face=_names(content.faces[content.face_index[action.code]]))
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
