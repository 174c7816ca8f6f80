"""City Square Off: two 9×9 cities, 21 polyomino tiles, one shape card a round, placed at once.

Spec: docs/specs/city-square-off.md. Rules live in `rules.py`, geometry in `components.py`, notation in
`notation.py`, the end-of-game comparisons in `scoring.py` and the terminal picture in `render.py`.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core import Game, GameInfo, Option, OptionError, register

from . import observation, render, words
from .components import MARGIN, catalogue
from .messages import MESSAGES, refusal
from .notation import STARTER_IDS, Place, parse_action
from .rules import EXPANSION, SPRINT, CitySquareOffState

ORIENT_SLOTS = ("r0", "r1", "r2", "r3", "f0", "f1", "f2", "f3")

OPTIONS = (
    Option(
        "variant",
        "choice",
        "standard",
        MESSAGES.message("option.variant"),
        choices=("standard", "city_sprint", "city_expansion"),
        label=MESSAGES.message("form.variant"),
        choice_labels=MESSAGES.group("form.variant"),
    ),
    Option(
        "starter_choice",
        "choice",
        "pick",
        MESSAGES.message("option.starter_choice"),
        choices=("pick", "random"),
        label=MESSAGES.message("form.starter_choice"),
        choice_labels=MESSAGES.group("form.starter_choice"),
    ),
    Option(
        "excluded_starters",
        "list",
        [],
        MESSAGES.message("option.excluded_starters"),
        choices=STARTER_IDS,
        label=MESSAGES.message("form.excluded_starters"),
        choice_labels=MESSAGES.group("form.excluded_starters"),
    ),
    Option(
        "starter_anywhere",
        "bool",
        False,
        MESSAGES.message("option.starter_anywhere"),
        label=MESSAGES.message("form.starter_anywhere"),
    ),
    Option(
        "first_chooser",
        "choice",
        "random",
        MESSAGES.message("option.first_chooser"),
        choices=("random", 0, 1),
        label=MESSAGES.message("form.first_chooser"),
        choice_labels=MESSAGES.group("form.first_chooser"),
    ),
)



# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "open_regions": MESSAGES.templates("label.open_regions"),
    "overhang": MESSAGES.templates("label.overhang"),
    "uncovered": MESSAGES.templates("label.uncovered"),
    "opponent blocked": MESSAGES.templates("label.opponent_blocked"),
    "both blocked: open regions": MESSAGES.templates("label.both_blocked_open_regions"),
    "deck exhausted: open regions": MESSAGES.templates("label.deck_exhausted_open_regions"),
    "full grid": MESSAGES.templates("label.full_grid"),
    "fewer uncovered squares": MESSAGES.templates("label.fewer_uncovered_squares"),
    "fewer overhanging squares": MESSAGES.templates("label.fewer_overhanging_squares"),
}

class CitySquareOff(Game[CitySquareOffState, Place]):
    info = GameInfo(
        id="city-square-off",
        labels=LABELS,
        names=MESSAGES.templates("name"),
        min_players=2,
        max_players=2,
        options=OPTIONS,
        simultaneous=True,
        hidden_information=True,
        summary=MESSAGES.templates("summary"),
    )
    state_class = CitySquareOffState
    encoder = observation.ENCODER
    action_types = (Place,)
    package = __name__
    presets = {
        "default": {},  # the standard game
        "city-sprint": {"variant": "city_sprint"},
        "city-expansion": {"variant": "city_expansion"},
        "random-starters-anywhere": {
            "starter_choice": "random",
            "starter_anywhere": True,
            "excluded_starters": ["modern"],
        },
    }

    def check_options(self, options: dict, num_players: int) -> None:
        remaining = [s for s in STARTER_IDS if s not in options["excluded_starters"]]
        if len(remaining) < 2:
            raise OptionError(refusal("option.starters_remain",
                                      remaining=remaining or MESSAGES.message("option.none")))

    def _render(self, state: CitySquareOffState, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        return render.render(state, lang, player, markup)  # two grids: one picture at every size

    def _components(self, state: CitySquareOffState, lang: str) -> dict[str, str]:
        return render.component_texts(state, lang)

    def _parse_action(self, text: str, state: CitySquareOffState | None) -> Place:
        aliases = {piece.id: piece.aliases for piece in catalogue().pieces.values()}
        brackets = state is not None and state.options["variant"] == EXPANSION
        return parse_action(text, aliases, brackets)

    def _describe(self, state: CitySquareOffState, action: Place, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(action, player, lang, you, secret)

    def _reveals(self, before: CitySquareOffState, action: Place, player: int,
                 after: CitySquareOffState) -> bool:
        """Resolving a round shows the secret placements, and a new shape card is turned up."""
        return len(after.revealed) > len(before.revealed) or after.pending != before.pending and (
            any(p is not None for p in before.pending))

    def _round_of(self, state: CitySquareOffState) -> int:
        """0 while the starters are placed; then the shape card's number (City Sprint has no cards:
        the placements made so far, starter included, since every seat not stuck places one a
        round). Within a round the two placements come in either order, so turns cannot count it."""
        if None in state.starters:
            return 0
        if state.options["variant"] == SPRINT:
            return max(len(placed) for placed in state.placed)
        return len(state.revealed)

    def _is_secret(self, state: CitySquareOffState, action: Place, player: int) -> bool:
        return words.is_secret(state.to_move, action, player)

    def _action_data(self, action: Place) -> dict[str, Any]:
        """Adds `squares`, the squares the piece would cover (so renderers need no geometry)."""
        return {**action.to_data(), "squares": [list(s) for s in catalogue().squares_of(action)]}

    @property
    def action_space_size(self) -> int:
        plane = catalogue().geometry.plane
        return len(catalogue().pieces) * len(ORIENT_SLOTS) * plane * plane

    def _action_id(self, action: Place) -> int:
        plane = catalogue().geometry.plane
        piece = catalogue().piece_order[action.piece]
        slot = ORIENT_SLOTS.index(action.orient)
        return (
            ((piece * len(ORIENT_SLOTS) + slot) * plane + action.row + MARGIN) * plane + action.col + MARGIN
        )

    def _action_from_id(self, action_id: int, state: CitySquareOffState | None) -> Place:
        plane = catalogue().geometry.plane
        rest, col = divmod(action_id, plane)
        rest, row = divmod(rest, plane)
        piece, slot = divmod(rest, len(ORIENT_SLOTS))
        pieces = catalogue().tiles + catalogue().starters
        return Place(pieces[piece].id, ORIENT_SLOTS[slot], row - MARGIN, col - MARGIN)


GAME = register(CitySquareOff())
