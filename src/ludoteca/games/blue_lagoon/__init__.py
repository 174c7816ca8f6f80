"""Blue Lagoon (Reiner Knizia): place settlers and villages on a map of islands, in two phases.

Public helpers besides the engine contract: `from_notation` / `to_notation` (position notation,
spec 12), `score_breakdown` and `phase_over`.
"""

from __future__ import annotations

import random
from typing import Any

from ludoteca.core import Game, GameInfo, NotationError, Option, register

from . import observation, render, words
from .components import maps
from .messages import MESSAGES
from .notation import Place, parse_action
from .position import parse_position, to_notation
from .rules import BlueLagoonState

__all__ = ["GAME", "NotationError", "Place", "from_notation", "phase_over", "score_breakdown",
           "to_notation"]

_MAX_SIDE = 50  # the notation allows heights up to 50, so no row is longer than 50 tiles
_KINDS = ("S", "T")



# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "islands": MESSAGES.templates("label.islands"),
    "links": MESSAGES.templates("label.links"),
    "majorities": MESSAGES.templates("label.majorities"),
    "resources": MESSAGES.templates("label.resources"),
    "statuettes": MESSAGES.templates("label.statuettes"),
    "phase": MESSAGES.templates("label.phase"),
    "earlier": MESSAGES.templates("label.earlier"),
    "total": MESSAGES.templates("label.total"),
    "most tokens": MESSAGES.templates("label.most_tokens"),
}

class BlueLagoon(Game[BlueLagoonState, Place]):
    info = GameInfo(
        id="blue-lagoon",
        labels=LABELS,
        names=MESSAGES.templates("name"),  # the Spanish rulebook keeps the title
        min_players=2,
        max_players=4,
        options=(
            Option("map", "choice", "standard", MESSAGES.message("option.map"),
                   choices=tuple(m["id"] for m in maps()),
                   label=MESSAGES.message("form.map"),
                   choice_labels=MESSAGES.group("component.map")),
            Option("exploration_only", "bool", False, MESSAGES.message("option.exploration_only"),
                   label=MESSAGES.message("form.exploration_only")),
        ),
        summary=MESSAGES.templates("summary"),
    )
    state_class = BlueLagoonState
    encoder = observation.ENCODER
    action_types = (Place,)
    package = __name__
    # as in Bloom Town, sibling placements differ by hundredths of a squashed evaluation; with the
    # default 0.7 the search only drew with greedy with 3 and 4 players (docs/BOTS.md, ladder ¹²)
    exploration = 0.1
    presets = {"default": {}, **{m["id"]: {"map": m["id"]} for m in maps() if m["id"] != "standard"}}

    def _render(self, state: BlueLagoonState, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        return render.render(state, lang, player, markup, compact)

    def _parse_action(self, text: str, state: BlueLagoonState | None) -> Place:
        return parse_action(text)

    def _describe(self, state: BlueLagoonState, action: Place, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(action, player, lang, you)

    @property
    def action_space_size(self) -> int:
        return len(_KINDS) * _MAX_SIDE * _MAX_SIDE

    def _action_id(self, action: Place) -> int:
        return (_KINDS.index(action.kind) * _MAX_SIDE + action.row) * _MAX_SIDE + action.col

    def _action_from_id(self, action_id: int, state: BlueLagoonState | None) -> Place:
        rest, col = divmod(action_id, _MAX_SIDE)
        kind, row = divmod(rest, _MAX_SIDE)
        return Place(_KINDS[kind], row, col)


GAME = register(BlueLagoon())


def from_notation(text: str, seed: int | None = None, **options: Any) -> BlueLagoonState:
    """The state written in `text` (spec 12), exactly as written; `NotationError` if invalid.

    `seed` seeds the generator for the next deal; `options` (e.g. `exploration_only=True`) are the
    options of the game loading the position (the map comes from the position itself).
    """
    position = parse_position(text)
    resolved = {"map": "standard", "exploration_only": False}
    resolved.update(options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    return BlueLagoonState.from_position(GAME, position, seed, resolved)


def score_breakdown(state: BlueLagoonState) -> list[dict[str, int]]:
    """Per seat, the five category scores of the current phase as if it ended now."""
    return state.phase_breakdown()


def phase_over(state: BlueLagoonState) -> bool:
    """Whether the current phase's end condition (spec 4.6) holds in this position."""
    return state.phase_over()
