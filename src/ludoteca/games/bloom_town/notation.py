"""Bloom Town actions (spec §5): build, bonus-step actions, take and keep, with their parser.

Every possible action exists once, premade in the tables below, so legal-action lists are built
from shared objects and the fixed RL ids are plain table positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.core import Action, NotationError

from .components import (
    CELLS,
    NUM_BUILDING_TILES,
    SHOP_KINDS,
    SPACES,
    SQUARE_NAMES,
    TILE_CODE,
    TILE_NAMES,
    TYPES,
)

GAME = "Bloom Town"
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
        return f"build {TILE_NAMES[self.tile]} {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """A bonus-step action, or `pass`; `index` is its position in `BONUS_NAMES`."""

    index: int

    def __str__(self) -> str:
        return BONUS_NAMES[self.index]


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the face-up tile of market space `space` (0-based), when any tile may be taken."""

    space: int

    def __str__(self) -> str:
        return f"take {self.space + 1}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Final hand scoring: keep building type `kind` (type index) and rescore it."""

    kind: int

    def __str__(self) -> str:
        return f"keep {TYPES[self.kind]}"


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


def parse(text: str) -> Action:
    """Read an action in canonical notation (case and extra spaces ignored)."""
    if not isinstance(text, str):
        raise NotationError(f"{GAME}: an action is text, not {text!r}")
    words = text.lower().split()
    action = _BY_TEXT.get(" ".join(words))
    if action is not None:
        return action
    raise NotationError(f"{GAME}: {text.strip()!r} — {_problem(words)}")


def _problem(words: list[str]) -> str:
    """Why a malformed action text is not an action (the most specific reason we can name)."""
    if not words or words[0] not in FIRST_WORDS:
        return f"expected one of: {', '.join(FIRST_WORDS)}"
    head, rest = words[0], words[1:]
    if head == "build":
        if len(rest) != 2:
            return "write build TILE SQUARE, e.g. build office c2"
        return _tile_problem(rest[0]) or f"square {rest[1]!r} is outside a1-e5"
    if head == "bloom":
        return "write bloom double or bloom extra"
    if head == "token":
        if rest[:1] == ["rescore"]:
            return f"token rescore needs one type: {', '.join(TYPES)}"
        return "write token double, token extra or token rescore TYPE"
    if head == "pass":
        return "pass takes no other words"
    if head == "take":
        return f"write take SPACE with a space from 1 to {SPACES}"
    return f"write keep TYPE with a type from: {', '.join(TYPES)}"


def _tile_problem(word: str) -> str | None:
    if word in TILE_CODE:
        return None
    if word == "shop":
        return f"'shop' needs a kind, e.g. shop:{SHOP_KINDS[0]}"
    if word.startswith("shop:"):
        return f"unknown shop kind {word[5:]!r}; kinds are: {', '.join(SHOP_KINDS)}"
    return f"unknown tile {word!r}; tiles are: {', '.join(TILE_NAMES)}"

