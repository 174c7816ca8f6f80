"""City Square Off action notation (spec §5): `start modern r0 d4`, `X5 r0 d1`, `I4 r0 [1,-1]`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ludoteca.core import Action, NotationError

LETTERS = "abcdefghi"
TILE_IDS = (
    "I1",
    "I2",
    "I3",
    "V3",
    "I4",
    "O4",
    "T4",
    "L4",
    "Z4",
    "F5",
    "I5",
    "L5",
    "N5",
    "P5",
    "T5",
    "U5",
    "V5",
    "W5",
    "X5",
    "Y5",
    "Z5",
)
STARTER_IDS = ("egyptian", "medieval", "modern", "futuristic")
_ORIENT = re.compile(r"[rf][0-3]")
_SQUARE = re.compile(r"([a-z])([1-9][0-9]*)")
_BRACKET = re.compile(r"\[(0|-?[1-9][0-9]*),(0|-?[1-9][0-9]*)\]")


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a piece (a tile, or a starter at setup) with one orientation at an anchor square.

    `row` and `col` are 0-based grid coordinates of the anchor, negative or ≥ 9 off the grid.
    """

    piece: str
    orient: str
    row: int
    col: int

    def __str__(self) -> str:
        if 0 <= self.row < 9 and 0 <= self.col < 9:
            anchor = f"{LETTERS[self.col]}{self.row + 1}"
        else:
            anchor = f"[{self.row + 1},{self.col + 1}]"
        prefix = "start " if self.piece in STARTER_IDS else ""
        return f"{prefix}{self.piece} {self.orient} {anchor}"


def parse(text: str, aliases: dict[str, dict[str, str]], brackets_allowed: bool) -> Place:
    """Read an action; `aliases[piece][token]` is the canonical token equal to any of r0–f3."""
    raw = text.split()
    words = [word.lower() for word in raw]
    if words and words[0] == "start":
        if len(words) != 4:
            raise NotationError(
                _error(text, "write start STARTER ORIENTATION SQUARE, e.g. start modern r0 d4")
            )
        piece = words[1]
        if piece not in STARTER_IDS:
            raise NotationError(
                _error(text, f"{words[1]!r} is not a starter; starters are " + " ".join(STARTER_IDS))
            )
        words = words[1:]
    else:
        if len(words) != 3:
            raise NotationError(_error(text, "write SHAPE ORIENTATION SQUARE, e.g. X5 r0 d1"))
        piece = words[0].upper()
        if piece not in TILE_IDS:
            raise NotationError(f"{raw[0]!r} is not a shape; shapes are {' '.join(TILE_IDS)}")
    orient = words[1]
    if not _ORIENT.fullmatch(orient):
        raise NotationError(_error(text, f"orientation {orient!r} must be r0-r3 or f0-f3"))
    canonical = aliases[piece][orient]
    if canonical != orient:
        raise NotationError(_error(text, _noncanonical(piece, orient, canonical)))
    row, col = _anchor(words[2], brackets_allowed)
    return Place(piece, orient, row, col)


def _noncanonical(piece: str, orient: str, canonical: str) -> str:
    shown = piece if piece in TILE_IDS else f"start {piece}"
    return f"{shown} {orient} is the same orientation as {canonical}; write {shown} {canonical}"


def _anchor(word: str, brackets_allowed: bool) -> tuple[int, int]:
    square = _SQUARE.fullmatch(word)
    if square:
        letter, number = square.groups()
        if letter not in LETTERS or not 1 <= int(number) <= 9:
            raise NotationError(f"{word!r} is off the grid; columns a-i, rows 1-9")
        return int(number) - 1, LETTERS.index(letter)
    bracket = _BRACKET.fullmatch(word)
    if not bracket:
        raise NotationError(f"{word!r} is not a square; write a1-i9 (or [row,col] in City Expansion)")
    row, col = int(bracket.group(1)) - 1, int(bracket.group(2)) - 1
    if 0 <= row < 9 and 0 <= col < 9:
        raise NotationError(f"write {LETTERS[col]}{row + 1}, not {word}")
    if not brackets_allowed:
        raise NotationError(f"{word}: squares off the grid exist only in City Expansion")
    return row, col


def _error(text: str, message: str) -> str:
    return f"City Square Off: {text.strip()!r}: {message}"
