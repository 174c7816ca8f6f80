"""Happy City action notation (spec section 5): one short command per decision.

Every possible action exists once, as a shared immutable `Move`; legal-action lists hand out these
same objects, and their position in `ALL_MOVES` is the fixed action id used by the RL layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, NotationError

from .cards import BUILDINGS, CARDS, COLOUR_WORDS, EXPERT_SPECIALS, FAMILY_SPECIALS, RESIDENCES

VERBS = ("pass", "coin", "discard", "draw", "buy", "special", "market", "sphinx")
DECKS = ("1", "2", "3")
BOX = "box"
# what each verb's argument is, in English and Spanish (the commands themselves stay in English)
EXAMPLES = {
    "discard": ("a card key, e.g. 'discard factory'",
                "el identificador de una carta, p. ej. 'discard factory'"),
    "draw": ("a deck, e.g. 'draw 1'", "un mazo, p. ej. 'draw 1'"),
    "buy": ("a card key, e.g. 'buy museum'", "el identificador de una carta, p. ej. 'buy museum'"),
    "special": ("a card key, e.g. 'special film_studios'",
                "el identificador de una carta, p. ej. 'special film_studios'"),
    "market": ("a colour, e.g. 'market blue'", "un color, p. ej. 'market blue'"),
    "sphinx": ("a special building key or 'box', e.g. 'sphinx box'",
               "el identificador de un edificio especial o 'box', p. ej. 'sphinx box'"),
}


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One decision: a verb and at most one argument (card key, deck number or colour word)."""

    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb

    def to_data(self) -> dict[str, Any]:
        if not self.arg:
            return {"kind": self.verb}
        if self.verb == "draw":
            return {"kind": "draw", "deck": int(self.arg)}
        if self.verb == "market":
            return {"kind": "market", "colour": self.arg}
        if self.arg == BOX:  # the Sphinx takes the box instead of copying a building
            return {"kind": "sphinx", "card": None, "box": True}
        return {"kind": self.verb, "card": self.arg}


PASS = Move("pass")
COIN = Move("coin")
DRAW = {int(d): Move("draw", d) for d in DECKS}
DISCARD = {k: Move("discard", k) for k in BUILDINGS}
BUY = {k: Move("buy", k) for k in (*BUILDINGS, *RESIDENCES)}
SPECIAL = {k: Move("special", k) for k in (*FAMILY_SPECIALS, *EXPERT_SPECIALS)}
MARKET = {c: Move("market", word) for c, word in enumerate(COLOUR_WORDS)}
SPHINX = {k: Move("sphinx", k) for k in (*EXPERT_SPECIALS, BOX)}

ALL_MOVES: tuple[Move, ...] = (
    PASS, COIN, *DRAW.values(), *DISCARD.values(), *BUY.values(), *SPECIAL.values(),
    *MARKET.values(), *SPHINX.values(),
)
_BY_TEXT = {str(move): move for move in ALL_MOVES}


def _error(message: str, es: str) -> NotationError:
    return NotationError(f"Happy City: {message}", f"Happy City: {es}")


def parse(text: str) -> Move:
    """Read a command (any case, any spacing) or raise `NotationError` saying what is allowed."""
    words = text.lower().split()
    if not words:
        raise _error("empty command", "orden vacía")
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        raise _error(f"unknown command '{verb}' (expected {', '.join(VERBS)})",
                     f"orden desconocida '{verb}' (se esperaba {', '.join(VERBS[:-1])} o {VERBS[-1]})")
    if verb in ("pass", "coin"):
        if args:
            raise _error(f"'{verb}' takes no argument", f"'{verb}' no lleva argumento")
        return PASS if verb == "pass" else COIN
    if not args:
        en, es = EXAMPLES[verb]
        raise _error(f"'{verb}' needs {en}", f"'{verb}' necesita {es}")
    if len(args) > 1:
        raise _error(f"'{verb}' takes one argument, not {len(args)}",
                     f"'{verb}' lleva un solo argumento, no {len(args)}")
    move = _BY_TEXT.get(f"{verb} {args[0]}")
    if move is None:
        raise _error(*_argument_problem(verb, args[0]))
    return move


def _argument_problem(verb: str, arg: str) -> tuple[str, str]:
    """Why `verb arg` is not a well-formed command (it is known not to be one), in English and Spanish."""
    if verb == "draw":
        return "deck must be 1, 2 or 3", "el mazo debe ser 1, 2 o 3"
    if verb == "market":
        return ("colour must be yellow, blue, green, orange or purple",
                "el color debe ser yellow (amarillo), blue (azul), green (verde), orange (naranja) "
                "o purple (morado)")
    card = CARDS.get(arg)
    if card is None:
        return f"unknown card key '{arg}'", f"identificador de carta desconocido '{arg}'"
    if verb == "discard":
        if card.kind == "residence":
            return (f"'{arg}' is a residence and cannot be discarded",
                    f"'{arg}' es una vivienda y no se puede descartar")
        return (f"'{arg}' is not a building, so it cannot be discarded",
                f"'{arg}' no es un edificio, así que no se puede descartar")
    if verb == "buy":
        return (f"'{arg}' is not a building or a residence, so it cannot be bought",
                f"'{arg}' no es un edificio ni una vivienda, así que no se puede comprar")
    if verb == "special":
        return f"'{arg}' is not a special building", f"'{arg}' no es un edificio especial"
    return (f"'{arg}' is not an expert special building (sphinx copies one, or takes 'box')",
            f"'{arg}' no es un edificio especial del modo experto (la Esfinge copia uno, o se elige 'box')")
