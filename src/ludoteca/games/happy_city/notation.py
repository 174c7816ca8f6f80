"""Happy City action notation (spec section 5): one short command per decision.

Every possible action exists once, as a shared immutable `Move`; legal-action lists hand out these
same objects, and their position in `ALL_MOVES` is the fixed action id used by the RL layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, NotationError
from ludoteca.core.messages import CORE

from .components import BUILDINGS, CARDS, COLOUR_WORDS, EXPERT_SPECIALS, FAMILY_SPECIALS, RESIDENCES
from .messages import MESSAGES, notation_error

VERBS = ("pass", "coin", "discard", "draw", "buy", "special", "market", "sphinx")
DECKS = ("1", "2", "3")
BOX = "box"
# what each verb's argument is, in English and Spanish (the commands themselves stay in English)


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


def _error(code: str, /, **args: Any) -> NotationError:
    return notation_error(f"notation.{code}", **args)


def parse_action(text: str) -> Move:
    """Read a command (any case, any spacing) or raise `NotationError` saying what is allowed."""
    words = text.lower().split()
    if not words:
        raise _error("empty")
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        raise _error("unknown_command", verb=verb,
                     verbs=CORE.message("list.alternatives", items=", ".join(VERBS[:-1]), last=VERBS[-1]))
    if verb in ("pass", "coin"):
        if args:
            raise _error("no_argument", verb=verb)
        return PASS if verb == "pass" else COIN
    if not args:
        raise _error("needs", verb=verb, needs=MESSAGES.message(f"notation.needs.{verb}"))
    if len(args) > 1:
        raise _error("one_argument", verb=verb, count=len(args))
    move = _BY_TEXT.get(f"{verb} {args[0]}")
    if move is None:
        code, problem = _argument_problem(verb, args[0])
        raise _error(code, **problem)
    return move


def _argument_problem(verb: str, arg: str) -> tuple[str, dict[str, str]]:
    """Why `verb arg` is not a well-formed command (it is known not to be one): a message code
    (`notation.<code>`) and its arguments."""
    if verb in ("draw", "market"):
        return f"bad_{verb}", {}
    card = CARDS.get(arg)
    if card is None:
        return "unknown_card", {"arg": arg}
    if verb == "discard":
        return ("residence_discard" if card.kind == "residence" else "not_building_discard"), {"arg": arg}
    if verb in ("buy", "special"):
        return f"not_{verb}", {"arg": arg}
    return "not_expert_special", {"arg": arg}
