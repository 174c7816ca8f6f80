"""City Square Off action notation (spec §5): `start modern r0 d4`, `X5 r0 d1`, `I4 r0 [1,-1]`."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ludoteca.core import Action, NotationError

from .messages import MESSAGES, notation_error

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


Placement = tuple[str, str, int, int]  # (piece, orientation, row, col): a `Place`, or one as a city stores it


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


def parse_action(text: str, aliases: dict[str, dict[str, str]], brackets_allowed: bool) -> Place:
    """Read an action; `aliases[piece][token]` is the canonical token equal to any of r0–f3."""
    raw = text.split()
    words = [word.lower() for word in raw]
    if words and words[0] == "start":
        if len(words) != 4:
            raise _error(text, "notation.write_start_starter_orientation")
        piece = words[1]
        if piece not in STARTER_IDS:
            starters = " ".join(STARTER_IDS)
            raise _error(text, "notation.raw_starter_starters_are", raw=repr(raw[1]), starters=starters)
        words = words[1:]
    else:
        if len(words) != 3:
            raise _error(text, "notation.write_shape_orientation_square")
        piece = words[0].upper()
        if piece not in TILE_IDS:
            shapes = " ".join(TILE_IDS)
            raise _error(text, "notation.raw_shape_shapes_are", raw=repr(raw[0]), shapes=shapes)
    orient = words[1]
    if not _ORIENT.fullmatch(orient):
        raise _error(text, "notation.orientation_orient_r0_r3", orient=repr(orient))
    canonical = aliases[piece][orient]
    if canonical != orient:
        shown = piece if piece in TILE_IDS else f"start {piece}"
        raise _error(
            text,
            "notation.shown_orient_same_orientation", shown=shown, orient=orient, canonical=canonical,
        )
    row, col = _anchor(text, words[2], brackets_allowed)
    return Place(piece, orient, row, col)


def _anchor(text: str, word: str, brackets_allowed: bool) -> tuple[int, int]:
    square = _SQUARE.fullmatch(word)
    if square:
        letter, number = square.groups()
        if letter not in LETTERS or not 1 <= int(number) <= 9:
            raise _error(text, "notation.word_off_grid_columns", word=repr(word))
        return int(number) - 1, LETTERS.index(letter)
    bracket = _BRACKET.fullmatch(word)
    if not bracket:
        raise _error(text, "notation.word_square_write_a1", word=repr(word))
    row, col = int(bracket.group(1)) - 1, int(bracket.group(2)) - 1
    if 0 <= row < 9 and 0 <= col < 9:
        name = f"{LETTERS[col]}{row + 1}"
        raise _error(text, "notation.write_name_word", name=name, word=word)
    if not brackets_allowed:
        raise _error(text, "notation.word_squares_off_grid", word=word)
    return row, col


def _error(text: str, code: str, /, **args: Any) -> NotationError:
    """The refusal `code` of the action written as `text`, which it quotes."""
    return notation_error("notation.in_text", text=repr(text.strip()), problem=MESSAGES.message(code, **args))
