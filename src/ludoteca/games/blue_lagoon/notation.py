"""The action notation of spec section 5: `S r,c` (settler) and `T r,c` (village)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, NotationError

from .messages import notation_error

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


def _refuse(code: str) -> NotationError:
    return notation_error(code)


def parse_action(text: str) -> Place:
    """Read an action strictly (only outer whitespace and leading zeros are tolerated)."""
    text = text.strip()
    if not text:
        raise _refuse("notation.empty")
    if text[0] not in "ST":
        raise _refuse("notation.first_letter")
    if len(text) < 3 or text[1] != " " or text[2] == " ":
        raise _refuse("notation.one_space")
    match = _ACTION.fullmatch(text)
    if match is None:
        raise _refuse("notation.coordinates")
    return Place(text[0], int(match[1]), int(match[2]))
