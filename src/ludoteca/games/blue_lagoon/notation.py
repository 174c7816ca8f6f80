"""The action notation of spec section 5: `S r,c` (settler) and `T r,c` (village)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, NotationError

NAME = "Blue Lagoon"
PIECE_KINDS = {"S": "settler", "T": "village"}  # the structured form's names of the two pieces
_ACTION = re.compile(r"[ST] ([0-9]+),([0-9]+)")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one piece: `kind` is "S" (settler) or "T" (village), on tile (row, col)."""

    kind: str
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.kind} {self.row},{self.col}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": PIECE_KINDS[self.kind], "at": [self.row, self.col]}


def _refuse(en: str, es: str) -> NotationError:
    return NotationError(f"{NAME}: {en}", f"{NAME}: {es}")


def parse_action(text: str) -> Place:
    """Read an action strictly (only outer whitespace and leading zeros are tolerated)."""
    text = text.strip()
    if not text:
        raise _refuse('empty action; expected e.g. "S 3,4" or "T 3,4"',
                      'jugada vacía; se esperaba, p. ej., "S 3,4" o "T 3,4"')
    if text[0] not in "ST":
        raise _refuse("action must start with S (settler) or T (village)",
                      "la jugada debe empezar por S (colono) o T (aldea)")
    if len(text) < 3 or text[1] != " " or text[2] == " ":
        raise _refuse("expected exactly one space after the piece letter",
                      "se esperaba exactamente un espacio tras la letra de la pieza")
    match = _ACTION.fullmatch(text)
    if match is None:
        raise _refuse('expected coordinates as row,col with non-negative whole numbers, e.g. "S 3,4"',
                      'se esperaban coordenadas fila,columna con números enteros no negativos, '
                      'p. ej., "S 3,4"')
    return Place(text[0], int(match[1]), int(match[2]))
