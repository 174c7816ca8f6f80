"""Bloom Town actions (spec §5): build, bonus-step actions, take and keep, with their parser.

Every possible action exists once, premade in the tables below, so legal-action lists are built
from shared objects and the fixed RL ids are plain table positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, NotationError

from .components import (
    CELLS,
    COLS,
    NUM_BUILDING_TILES,
    SHOP_KINDS,
    SPACES,
    SQUARE_NAMES,
    TILE_CODE,
    TILE_NAMES,
    TYPES,
)
from .messages import KIND_WORDS, MESSAGES, TILE_WORDS, TYPE_WORDS, refusal

FIRST_WORDS = ("build", "bloom", "token", "pass", "take", "keep")
# Bonus-step actions in canonical order (spec §5); `pass` last.
BONUS_NAMES: tuple[str, ...] = (
    "bloom double", "bloom extra", "token double", "token extra",
    *(f"token rescore {t}" for t in TYPES), "pass",
)
BLOOM_DOUBLE, BLOOM_EXTRA, TOKEN_DOUBLE, TOKEN_EXTRA = range(4)
RESCORE_BASE = 4  # bonus index of `token rescore <type t>` is RESCORE_BASE + t
PASS = len(BONUS_NAMES) - 1


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Place a hand tile (tile code) on an empty square (0..24) of one's own town."""

    tile: int
    square: int

    def __str__(self) -> str:
        # Premade text: the core logs the text of every applied action.
        return BUILD_TEXT[self.tile][self.square]

    def to_data(self) -> dict[str, Any]:
        row, col = divmod(self.square, COLS)
        return {"kind": "build", "tile": TILE_NAMES[self.tile], "square": SQUARE_NAMES[self.square],
                "at": [row, col]}


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """A bonus-step action, or `pass`; `index` is its position in `BONUS_NAMES`."""

    index: int

    def __str__(self) -> str:
        return BONUS_NAMES[self.index]

    def to_data(self) -> dict[str, Any]:
        if self.index == PASS:
            return {"kind": "pass"}
        words = BONUS_NAMES[self.index].split()  # "bloom double", "token rescore office"
        data: dict[str, Any] = {"kind": "bonus", "source": words[0], "bonus": words[1]}
        if len(words) == 3:
            data["type"] = words[2]
        return data


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the face-up tile of market space `space` (0-based), when any tile may be taken."""

    space: int

    def __str__(self) -> str:
        return f"take {self.space + 1}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "take", "space": self.space + 1}


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Final hand scoring: keep building type `kind` (type index) and rescore it."""

    kind: int

    def __str__(self) -> str:
        return f"keep {TYPES[self.kind]}"

    def to_data(self) -> dict[str, Any]:
        return {"kind": "keep", "type": TYPES[self.kind]}


BUILD_TEXT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"build {TILE_NAMES[t]} {SQUARE_NAMES[c]}" for c in range(CELLS))
    for t in range(NUM_BUILDING_TILES)
)
BUILDS: tuple[tuple[Build, ...], ...] = tuple(
    tuple(Build(t, c) for c in range(CELLS)) for t in range(NUM_BUILDING_TILES)
)
BONUSES: tuple[Bonus, ...] = tuple(Bonus(i) for i in range(len(BONUS_NAMES)))
TAKES: tuple[Take, ...] = tuple(Take(j) for j in range(SPACES))
KEEPS: tuple[Keep, ...] = tuple(Keep(t) for t in range(len(TYPES)))

# Fixed action ids: builds (tile-major), then bonus actions, takes and keeps.
ALL_ACTIONS: tuple[Action, ...] = (
    tuple(a for row in BUILDS for a in row) + BONUSES + TAKES + KEEPS
)
_BY_TEXT = {str(a): a for a in ALL_ACTIONS}


def parse_action(text: str) -> Action:
    """Read an action in canonical notation (case and extra spaces ignored)."""
    if not isinstance(text, str):
        raise NotationError(refusal("not text", text=repr(text)))
    words = text.lower().split()
    action = _BY_TEXT.get(" ".join(words))
    if action is not None:
        return action
    code, args = _problem(words)
    problem = MESSAGES.message(f"text.{code}", **args)
    raise NotationError(MESSAGES.refusal("quoted", text=repr(text.strip()), problem=problem))


Problem = tuple[str, dict[str, Any]]


def _problem(words: list[str]) -> Problem:
    """Why a malformed action text is not an action (the most specific reason we can name),
    as a message code of `messages.TEXT` and its arguments."""
    if not words or words[0] not in FIRST_WORDS:
        return "first word", {"words": ", ".join(FIRST_WORDS)}
    head, rest = words[0], words[1:]
    if head == "build":
        if len(rest) != 2:
            return "build words", {}
        return _tile_problem(rest[0]) or ("bad square", {"square": repr(rest[1])})
    if head == "bloom":
        return "bloom words", {}
    if head == "token":
        if rest[:1] == ["rescore"]:
            return "rescore type", {"types": TYPE_WORDS}
        return "token words", {}
    if head == "pass":
        return "pass words", {}
    if head == "take":
        return "take words", {"spaces": SPACES}
    return "keep words", {"types": TYPE_WORDS}


def _tile_problem(word: str) -> Problem | None:
    if word in TILE_CODE:
        return None
    if word == "shop":
        return "shop kind missing", {"kind": SHOP_KINDS[0]}
    if word.startswith("shop:"):
        return "bad shop kind", {"word": repr(word[5:]), "kinds": KIND_WORDS}
    return "bad tile", {"word": repr(word), "tiles": TILE_WORDS}
