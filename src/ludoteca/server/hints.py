"""Derived data that a dedicated web renderer needs and the view does not spell out.

Everything here is computed through the engine contract only (clone, apply, view), never from a
game's internals, and cached because it does not depend on the position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.core import LudotecaError, State

_SHAPES: dict[tuple[str, str, str], list[list[int]]] = {}


def city_square_off(state: State, seat: int, legal: list[str]) -> dict[str, Any]:
    """The cells of every (piece, orientation) among `legal`, relative to the anchor square.

    The anchor of a City Square Off placement is the piece's top-left-most square (first in
    row-major order), so a renderer draws the piece at anchor + offset for every offset. A shape
    is learnt once by placing it on a clone and reading its squares from the view once revealed.
    """
    shapes: dict[str, list[list[int]]] = {}
    for text in legal:
        words = text.split()
        key = " ".join(words[:-1])  # "start modern r0" or "X5 r0"
        if key in shapes:
            continue
        cache_key = (state.game.version, words[-3], words[-2])
        if cache_key not in _SHAPES:
            cells = _learn_shape(state, seat, text, words[-3])
            if cells is None:
                continue
            _SHAPES[cache_key] = cells
        shapes[key] = _SHAPES[cache_key]
    pending = state.view(seat)["players"][seat]["pending"]
    if pending:  # learnt while it was legal, unless the server restarted since
        words = pending.split()
        cached = _SHAPES.get((state.game.version, words[-3], words[-2]))
        if cached:
            shapes[" ".join(words[:-1])] = cached
    return {"shapes": shapes}


def _learn_shape(state: State, seat: int, text: str, piece: str) -> list[list[int]] | None:
    trial = state.clone()
    before = len(trial.view(seat)["players"][seat]["pieces"])
    try:
        trial.apply(text, seat)
        # The placement stays secret until every owed placement of the round has arrived.
        while len(trial.view(seat)["players"][seat]["pieces"]) == before and trial.to_move:
            other = trial.to_move[0]
            trial.apply(trial.legal_actions(other)[0], other)
    except LudotecaError:
        return None
    pieces = trial.view(seat)["players"][seat]["pieces"]
    if len(pieces) == before or pieces[-1]["piece"] != piece:
        return None
    squares = sorted(pieces[-1]["squares"])
    top, left = squares[0]
    return [[r - top, c - left] for r, c in squares]


HINTS: dict[str, Callable[[State, int, list[str]], dict[str, Any]]] = {
    "city-square-off": city_square_off,
}


def hints(state: State, seat: int, legal: list[str]) -> dict[str, Any]:
    """Extra data for `seat`'s renderer, {} for games whose renderer needs none."""
    compute = HINTS.get(state.game.info.id)
    return compute(state, seat, legal) if compute else {}
