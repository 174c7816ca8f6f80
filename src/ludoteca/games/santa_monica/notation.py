"""Santa Monica action notation (spec section 5): the Action classes, the parser and fixed RL ids.

A space is stored as one int, `2 * column + row` with row 0 = beach (`B`) and 1 = street (`S`),
so `s ^ 1` is the space across, `s - 2` / `s + 2` its left and right, `s & 1` its row and `s >> 1`
its column (this holds for negative columns too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ludoteca.core import Action, NotationError

from .messages import MESSAGES, notation_error

KIND_LETTERS = "LTV"
HAPPY = ("sd", "mix", "move")
COL_LIMIT = 32  # |column| of any reachable space (at most end_cards + 1 <= 31 cards per city)
N_COLS = 2 * COL_LIMIT + 1
N_SPACES = 2 * N_COLS
MAX_IDS = 32  # starting tiles, and sand dollar faces


def _space_text(space: int) -> str:
    return f"{'BS'[space & 1]}{space >> 1}"


_SPACE_TEXT = {s: _space_text(s) for s in range(-2 * COL_LIMIT - 2, 2 * COL_LIMIT + 4)}


def space_text(space: int) -> str:
    text = _SPACE_TEXT.get(space)
    return text if text is not None else _space_text(space)


def make_space(row: int, col: int) -> int:
    return 2 * col + row


ROW_NAMES = ("beach", "street")
PERSON_NAMES = ("local", "tourist", "vip")


def space_data(space: int) -> dict[str, Any]:
    """A space as structured data: `{"row": "beach" | "street", "column": c}`."""
    return {"row": ROW_NAMES[space & 1], "column": space >> 1}


def _slot_data(back: bool, col: int) -> dict[str, Any]:
    return {"row": "back" if back else "front", "column": col}


@dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    tile: str
    index: int = field(default=0, compare=False)  # position in the content file, for RL ids

    def __str__(self) -> str:
        return f"tile {self.tile}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "tile", "tile": self.tile}


@dataclass(frozen=True, slots=True)
class Truck(Action):
    col: int

    def __str__(self) -> str:
        return f"truck {self.col}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "truck", "column": self.col}


@dataclass(frozen=True, slots=True)
class Take(Action):
    col: int
    space: int

    def __str__(self) -> str:
        return f"take F{self.col} {space_text(self.space)}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "take", "slot": _slot_data(False, self.col), "to": space_data(self.space)}


@dataclass(frozen=True, slots=True)
class UseFace(Action):
    code: str
    index: int = field(default=0, compare=False)  # position of the face in the content file

    def __str__(self) -> str:
        return f"sd {self.code}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "sand_dollar", "face": self.code}


@dataclass(frozen=True, slots=True)
class Pick(Action):
    back: bool
    col: int
    space: int

    def __str__(self) -> str:
        return f"pick {'RF'[not self.back]}{self.col} {space_text(self.space)}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "pick", "slot": _slot_data(self.back, self.col), "to": space_data(self.space)}


@dataclass(frozen=True, slots=True)
class Swap(Action):
    a: int  # the left space (smaller column)
    b: int

    def __str__(self) -> str:
        return f"swap {space_text(self.a)} {space_text(self.b)}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "swap", "spaces": [space_data(self.a), space_data(self.b)]}


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: int  # 0 local, 1 tourist, 2 VIP
    src: int
    dst: int

    def __str__(self) -> str:
        return f"mv {KIND_LETTERS[self.kind]} {space_text(self.src)} {space_text(self.dst)}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "move", "person": PERSON_NAMES[self.kind], "from": space_data(self.src),
                "to": space_data(self.dst)}


@dataclass(frozen=True, slots=True)
class Step(Action):
    dst: int

    def __str__(self) -> str:
        return f"step {space_text(self.dst)}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "step", "to": space_data(self.dst)}


@dataclass(frozen=True, slots=True)
class Happy(Action):
    choice: str

    def __str__(self) -> str:
        return f"happy {self.choice}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "happy", "choice": self.choice}


@dataclass(frozen=True, slots=True)
class Word(Action):
    """The argument-less actions: keep, done, pass."""

    word: str

    def __str__(self) -> str:
        return self.word

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.word}


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseTile, Truck, Take, UseFace, Pick, Swap, Move, Step, Happy, Word,
)


@cache
def pair(cls: type, *fields: Any) -> tuple[str, Action]:
    """(canonical text, action), built once per distinct action: legal lists sort on the text.

    `functools.cache` looks the arguments up in C, which matters here: legal-action lists call
    this about ten times per move. The actions are finitely many, so the cache stays small.
    """
    action = cls(*fields)
    return str(action), action


KEEP, DONE, PASS = (pair(Word, word)[1] for word in ("keep", "done", "pass"))  # the listed ones

# ---- parsing ------------------------------------------------------------------------------------

_SPACE = re.compile(r"([BS])(0|-?[1-9][0-9]*)")
_ARITY = {"tile": 1, "truck": 1, "take": 2, "sd": 1, "pick": 2, "swap": 2, "keep": 0, "mv": 3,
          "step": 1, "done": 0, "happy": 1, "pass": 0}


# the verbs whose arguments `arguments.<verb>` explains
_HELPED = ("tile", "truck", "take", "sd", "pick", "swap", "mv", "step", "happy")


def _error(code: str, /, **args: Any) -> NotationError:
    return notation_error(f"notation.{code}", **args)


def parse_space(text: str) -> int:
    text = text.upper()
    match = _SPACE.fullmatch(text)
    if match is None:
        if text[:1] not in ("B", "S"):
            raise _error("bad_space_text_row", text=text)
        if text[1:] == "-0":
            raise _error("bad_space_text", text=text)
        raise _error("bad_space_text_use", text=text)
    col = int(match.group(2))
    if abs(col) > COL_LIMIT:
        raise _error("bad_space_text_columns", text=text, col_limit=COL_LIMIT)
    return make_space("BS".index(match.group(1)), col)


def _column(text: str) -> int:
    if text not in ("1", "2", "3", "4"):
        raise _error("display_column_1_4")
    return int(text)


def _slot(text: str) -> tuple[bool, int]:
    text = text.upper()
    if len(text) != 2 or text[0] not in "FR":
        raise _error("bad_slot_text_use", text=text)
    return text[0] == "R", _column(text[1])


def _code(text: str, known: dict[str, int], what: str) -> tuple[str, int]:
    code = text.upper()
    if code not in known:
        raise _error("unknown_code", what=MESSAGES.message(f"notation.what.{what}"), code=code,
                     known=", ".join(known))
    return code, known[code]


def parse_action(text: str, tiles: dict[str, int], faces: dict[str, int]) -> Action:
    """Read one action (any case, any spacing); `tiles`/`faces` map the content's codes to indices."""
    words = text.split()
    if not words:
        raise _error("empty", verbs=", ".join(_ARITY))
    verb, args = words[0].lower(), words[1:]
    if verb not in _ARITY:
        raise _error("unknown_verb", verb=words[0], verbs=", ".join(_ARITY))
    if len(args) != _ARITY[verb]:
        need = _ARITY[verb]
        what = MESSAGES.message(f"notation.arguments.{verb}") if verb in _HELPED else ""
        raise _error("arguments.one" if need == 1 else "arguments.many", verb=verb, need=need, what=what)
    if verb in ("keep", "done", "pass"):
        return Word(verb)
    if verb == "tile":
        return ChooseTile(*_code(args[0], tiles, "starting tile"))
    if verb == "truck":
        return Truck(_column(args[0]))
    if verb == "sd":
        return UseFace(*_code(args[0], faces, "sand dollar face"))
    if verb == "happy":
        if args[0].lower() not in HAPPY:
            raise _error("happy_day_choice_sd")
        return Happy(args[0].lower())
    if verb == "take":
        back, col = _slot(args[0])
        if back:
            raise _error("take_only_uses_front")
        return Take(col, parse_space(args[1]))
    if verb == "pick":
        return Pick(*_slot(args[0]), parse_space(args[1]))
    if verb == "swap":
        a, b = parse_space(args[0]), parse_space(args[1])
        if (a ^ b) & 1:
            raise _error("swap_needs_two_spaces")
        if a == b:
            raise _error("swap_needs_two_different")
        return Swap(min(a, b), max(a, b))
    if verb == "mv":
        kind = args[0].upper()
        if kind not in ("L", "T", "V"):
            raise _error("kind_l_t_v")
        return Move(KIND_LETTERS.index(kind), parse_space(args[1]), parse_space(args[2]))
    return Step(parse_space(args[0]))


# ---- fixed action ids ---------------------------------------------------------------------------

_SID = 2 * COL_LIMIT  # added to a space to give 0..N_SPACES-1
_DIRS = (-2, 2)  # left, right; the third direction is across
_BASE_SD = MAX_IDS
_BASE_TRUCK = 2 * MAX_IDS
_BASE_HAPPY = _BASE_TRUCK + 4
_BASE_WORD = _BASE_HAPPY + 3
_BASE_TAKE = _BASE_WORD + 3
_BASE_PICK = _BASE_TAKE + 4 * N_SPACES
_BASE_STEP = _BASE_PICK + 8 * N_SPACES
_BASE_MOVE = _BASE_STEP + N_SPACES
_BASE_SWAP = _BASE_MOVE + 3 * N_SPACES * 3
ACTION_SPACE_SIZE = _BASE_SWAP + 2 * N_COLS * N_COLS
_WORDS = ("keep", "done", "pass")


def _direction(src: int, dst: int) -> int:
    return 2 if dst == src ^ 1 else _DIRS.index(dst - src)


def action_id(action: Action) -> int:
    if isinstance(action, ChooseTile):
        return action.index
    if isinstance(action, UseFace):
        return _BASE_SD + action.index
    if isinstance(action, Truck):
        return _BASE_TRUCK + action.col - 1
    if isinstance(action, Happy):
        return _BASE_HAPPY + HAPPY.index(action.choice)
    if isinstance(action, Word):
        return _BASE_WORD + _WORDS.index(action.word)
    if isinstance(action, Take):
        return _BASE_TAKE + (action.col - 1) * N_SPACES + action.space + _SID
    if isinstance(action, Pick):
        return _BASE_PICK + (action.back * 4 + action.col - 1) * N_SPACES + action.space + _SID
    if isinstance(action, Step):
        return _BASE_STEP + action.dst + _SID
    if isinstance(action, Move):
        return _BASE_MOVE + ((action.kind * N_SPACES + action.src + _SID) * 3
                             + _direction(action.src, action.dst))
    if isinstance(action, Swap):
        row = action.a & 1
        first = row * N_COLS + (action.a >> 1) + COL_LIMIT
        return _BASE_SWAP + first * N_COLS + (action.b >> 1) + COL_LIMIT
    raise _error("santa_monica_action_action", action=repr(action))


def action_from_id(i: int, tile_codes: list[str], face_codes: list[str]) -> Action:
    if not 0 <= i < ACTION_SPACE_SIZE:
        raise _error("action_id_i_out", i=i, action_space_size=ACTION_SPACE_SIZE - 1)
    if i < _BASE_SD:
        return ChooseTile(tile_codes[i], i) if i < len(tile_codes) else _unused(i)
    if i < _BASE_TRUCK:
        j = i - _BASE_SD
        return UseFace(face_codes[j], j) if j < len(face_codes) else _unused(i)
    if i < _BASE_HAPPY:
        return Truck(i - _BASE_TRUCK + 1)
    if i < _BASE_WORD:
        return Happy(HAPPY[i - _BASE_HAPPY])
    if i < _BASE_TAKE:
        return Word(_WORDS[i - _BASE_WORD])
    if i < _BASE_PICK:
        slot, sid = divmod(i - _BASE_TAKE, N_SPACES)
        return Take(slot + 1, sid - _SID)
    if i < _BASE_STEP:
        slot, sid = divmod(i - _BASE_PICK, N_SPACES)
        return Pick(slot >= 4, slot % 4 + 1, sid - _SID)
    if i < _BASE_MOVE:
        return Step(i - _BASE_STEP - _SID)
    if i < _BASE_SWAP:
        rest, direction = divmod(i - _BASE_MOVE, 3)
        kind, sid = divmod(rest, N_SPACES)
        src = sid - _SID
        dst = src ^ 1 if direction == 2 else src + _DIRS[direction]
        return Move(kind, src, dst)
    rest, c2 = divmod(i - _BASE_SWAP, N_COLS)
    row, c1 = divmod(rest, N_COLS)
    return Swap(make_space(row, c1 - COL_LIMIT), make_space(row, c2 - COL_LIMIT))


def _unused(i: int) -> Action:
    raise _error("action_id_i_names", i=i)
