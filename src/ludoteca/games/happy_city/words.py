"""Happy City moves in words. Every card is public once shown; a draw names only the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Phrase, say, seat_name

from .cards import CARDS, COLOUR_WORDS
from .notation import BOX, Move

if TYPE_CHECKING:
    from .rules import HappyCityState

COLOUR_ES = dict(zip(COLOUR_WORDS, ("amarillo", "azul", "verde", "naranja", "morado"), strict=True))

PHRASES: dict[str, Phrase] = {
    "pass": {"en": ("You passed", "{who} passed"), "es": ("Pasaste", "{who} pasó")},
    "coin": {"en": ("You took a coin", "{who} took a coin"),
             "es": ("Tomaste una moneda", "{who} tomó una moneda")},
    "discard": {"en": ("You discarded the {card} from the display",
                       "{who} discarded the {card} from the display"),
                "es": ("Descartaste {card} de la exposición", "{who} descartó {card} de la exposición")},
    "draw": {"en": ("You drew a card from deck {deck}", "{who} drew a card from deck {deck}"),
             "es": ("Robaste una carta del mazo {deck}", "{who} robó una carta del mazo {deck}")},
    "buy": {"en": ("You bought the {card} for {price}", "{who} bought the {card} for {price}"),
            "es": ("Compraste {card} por {price}", "{who} compró {card} por {price}")},
    "special": {"en": ("You took the special building {card}", "{who} took the special building {card}"),
                "es": ("Tomaste el edificio especial {card}", "{who} tomó el edificio especial {card}")},
    "market": {"en": ("You chose the {colour} Happy Market", "{who} chose the {colour} Happy Market"),
               "es": ("Elegiste el Mercado Feliz {colour}", "{who} eligió el Mercado Feliz {colour}")},
    "sphinx": {"en": ("You had the Sphinx copy {card}", "{who} had the Sphinx copy {card}"),
               "es": ("Hiciste que la Esfinge copiara {card}",
                              "{who} hizo que la Esfinge copiara {card}")},
    "sphinx box": {"en": ("You chose the box for the Sphinx", "{who} chose the box for the Sphinx"),
                   "es": ("Elegiste la caja para la Esfinge", "{who} eligió la caja para la Esfinge")},
}


def _coins(n: int) -> dict[str, str]:
    return {"en": f"{n} coin" + "s" * (n != 1), "es": f"{n} moneda" + "s" * (n != 1)}


def describe(state: HappyCityState, action: Move, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)
    verb, arg = action.verb, action.arg
    if verb in ("pass", "coin"):
        return say(PHRASES[verb], lang, you, who)
    if verb == "draw":
        return say(PHRASES[verb], lang, you, who, deck=arg)
    if verb == "market":
        return say(PHRASES[verb], lang, you, who, colour={"en": arg, "es": COLOUR_ES[arg]})
    if verb == "sphinx" and arg == BOX:
        return say(PHRASES["sphinx box"], lang, you, who)
    card = CARDS[arg]
    names = {"en": card.name_en, "es": card.name_es}
    if verb == "buy":
        return say(PHRASES[verb], lang, you, who, card=names, price=_coins(state.cost(player, arg)))
    return say(PHRASES[verb], lang, you, who, card=names)
