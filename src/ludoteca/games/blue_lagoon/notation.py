"""The action notation of spec section 5: `S r,c` (settler) and `T r,c` (village)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludoteca.core import Action, NotationError

NAME = "Blue Lagoon"
_ACTION = re.compile(r"[ST] ([0-9]+),([0-9]+)")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one piece: `kind` is "S" (settler) or "T" (village), on tile (row, col)."""

    kind: str
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.kind} {self.row},{self.col}"


def parse_action(text: str) -> Place:
    """Read an action strictly (only outer whitespace and leading zeros are tolerated)."""
    if not isinstance(text, str):
        raise NotationError(f"{NAME}: an action is text such as \"S 3,4\", not {text!r}")
    text = text.strip()
    if not text:
        raise NotationError(f'{NAME}: empty action; expected e.g. "S 3,4" or "T 3,4"')
    if text[0] not in "ST":
        raise NotationError(f"{NAME}: action must start with S (settler) or T (village)")
    if len(text) < 3 or text[1] != " " or text[2] == " ":
        raise NotationError(f"{NAME}: expected exactly one space after the piece letter")
    match = _ACTION.fullmatch(text)
    if match is None:
        raise NotationError(
            f'{NAME}: expected coordinates as row,col with non-negative whole numbers, e.g. "S 3,4"'
        )
    return Place(text[0], int(match[1]), int(match[2]))
