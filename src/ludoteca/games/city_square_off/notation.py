"""City Square Off action notation (spec §5): `start modern r0 d4`, `X5 r0 d1`, `I4 r0 [1,-1]`."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

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


class _PlaceFields(NamedTuple):
    piece: str
    orient: str
    row: int
    col: int


class Place(_PlaceFields, Action):
    """Put a piece (a tile, or a starter at setup) with one orientation at an anchor square.

    `row` and `col` are 0-based grid coordinates of the anchor, negative or ≥ 9 off the grid.
    A named tuple rather than a dataclass: search hashes and compares actions millions of times,
    and a tuple does both in C; it equals the plain tuple a city stores in `placed`.
    """

    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(self)
        if text is None:
            text = _TEXT[self] = _canonical(self)
        return text

    def to_data(self) -> dict[str, Any]:
        """The placement; `square` names the anchor (None off the grid), `at` is 0-based."""
        on_grid = 0 <= self.row < 9 and 0 <= self.col < 9
        return {
            "kind": "starter" if self.piece in STARTER_IDS else "tile",
            "piece": self.piece,
            "orientation": self.orient,
            "at": [self.row, self.col],
            "square": f"{LETTERS[self.col]}{self.row + 1}" if on_grid else None,
        }


_TEXT: dict[Place, str] = {}  # canonical text of every action written so far (a few thousand)


def _canonical(place: Place) -> str:
    piece, orient, row, col = place
    on_grid = 0 <= row < 9 and 0 <= col < 9
    anchor = f"{LETTERS[col]}{row + 1}" if on_grid else f"[{row + 1},{col + 1}]"
    prefix = "start " if piece in STARTER_IDS else ""
    return f"{prefix}{piece} {orient} {anchor}"


def parse(text: str, aliases: dict[str, dict[str, str]], brackets_allowed: bool) -> Place:
    """Read an action; `aliases[piece][token]` is the canonical token equal to any of r0–f3."""
    raw = text.split()
    words = [word.lower() for word in raw]
    if words and words[0] == "start":
        if len(words) != 4:
            raise _error(text, "write start STARTER ORIENTATION SQUARE, e.g. start modern r0 d4",
                         "escribe start FICHA ORIENTACIÓN CASILLA, p. ej. start modern r0 d4")
        piece = words[1]
        if piece not in STARTER_IDS:
            starters = " ".join(STARTER_IDS)
            raise _error(text, f"{raw[1]!r} is not a starter; starters are {starters}",
                         f"{raw[1]!r} no es una ficha de inicio; las fichas de inicio son {starters}")
        words = words[1:]
    else:
        if len(words) != 3:
            raise _error(text, "write SHAPE ORIENTATION SQUARE, e.g. X5 r0 d1",
                         "escribe FORMA ORIENTACIÓN CASILLA, p. ej. X5 r0 d1")
        piece = words[0].upper()
        if piece not in TILE_IDS:
            shapes = " ".join(TILE_IDS)
            raise _error(text, f"{raw[0]!r} is not a shape; shapes are {shapes}",
                         f"{raw[0]!r} no es una forma; las formas son {shapes}")
    orient = words[1]
    if not _ORIENT.fullmatch(orient):
        raise _error(text, f"orientation {orient!r} must be r0-r3 or f0-f3",
                     f"la orientación {orient!r} debe ser r0-r3 o f0-f3")
    canonical = aliases[piece][orient]
    if canonical != orient:
        shown = piece if piece in TILE_IDS else f"start {piece}"
        raise _error(
            text,
            f"{shown} {orient} is the same orientation as {canonical}; write {shown} {canonical}",
            f"{shown} {orient} es la misma orientación que {canonical}; escribe {shown} {canonical}",
        )
    row, col = _anchor(text, words[2], brackets_allowed)
    return Place(piece, orient, row, col)


def _anchor(text: str, word: str, brackets_allowed: bool) -> tuple[int, int]:
    square = _SQUARE.fullmatch(word)
    if square:
        letter, number = square.groups()
        if letter not in LETTERS or not 1 <= int(number) <= 9:
            raise _error(text, f"{word!r} is off the grid; columns a-i, rows 1-9",
                         f"{word!r} está fuera de la cuadrícula; columnas a-i, filas 1-9")
        return int(number) - 1, LETTERS.index(letter)
    bracket = _BRACKET.fullmatch(word)
    if not bracket:
        raise _error(text, f"{word!r} is not a square; write a1-i9 (or [row,col] in City Expansion)",
                     f"{word!r} no es una casilla; escribe a1-i9 (o [fila,columna] en City Expansion)")
    row, col = int(bracket.group(1)) - 1, int(bracket.group(2)) - 1
    if 0 <= row < 9 and 0 <= col < 9:
        name = f"{LETTERS[col]}{row + 1}"
        raise _error(text, f"write {name}, not {word}", f"escribe {name}, no {word}")
    if not brackets_allowed:
        raise _error(text, f"{word}: squares off the grid exist only in City Expansion",
                     f"{word}: las casillas fuera de la cuadrícula solo existen en City Expansion")
    return row, col


def _error(text: str, english: str, spanish: str) -> NotationError:
    prefix = f"City Square Off: {text.strip()!r}: "
    return NotationError(prefix + english, prefix + spanish)
