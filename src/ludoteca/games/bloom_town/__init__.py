"""Bloom Town: build a 5x5 town tile by tile; flowers decide which market tile you take next."""

from __future__ import annotations

from typing import Any

from ludoteca.core import Action, Game, GameInfo, Option, OptionError, register

from . import observation, render, words
from .components import SIDES
from .messages import MESSAGES, refusal
from .notation import ALL_ACTIONS, Bonus, Build, Keep, Take, parse_action
from .rules import BloomTownState

# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "placement": MESSAGES.templates("label.placement"),
    "double": MESSAGES.templates("label.double"),
    "community": MESSAGES.templates("label.community"),
    "final": MESSAGES.templates("label.final"),
    "later in turn order": MESSAGES.templates("label.later_in_turn_order"),
}

class BloomTown(Game[BloomTownState, Action]):
    info = GameInfo(
        id="bloom-town",
        labels=LABELS,
        names=MESSAGES.templates("name"),
        min_players=2,
        max_players=4,
        options=(
            Option("board_side", "choice", "A", MESSAGES.message("option.board_side"), choices=SIDES,
                   label=MESSAGES.message("form.board_side"),
                   choice_labels=MESSAGES.group("form.board_side")),
            Option("start_player", "choice", "random", MESSAGES.message("option.start_player"),
                   choices=("random", 0, 1, 2, 3),
                   label=MESSAGES.message("form.start_player"),
                   choice_labels=MESSAGES.group("form.start_player")),
            Option("open_hands", "bool", False, MESSAGES.message("option.open_hands"),
                   label=MESSAGES.message("form.open_hands")),
        ),
        hidden_information=True,
        summary=MESSAGES.templates("summary"),
    )
    state_class = BloomTownState
    encoder = observation.ENCODER
    action_types = (Build, Bonus, Take, Keep)
    package = __name__
    # sibling moves differ by hundredths of a squashed evaluation here; with the default 0.7 the
    # visits spread evenly and the search lost to its own one-ply prior (docs/BOTS.md, "Exploration")
    exploration = 0.1
    all_actions = ALL_ACTIONS
    presets = {"default": {}, "side-b": {"board_side": "B"}}

    def check_options(self, options: dict[str, Any], num_players: int) -> None:
        start = options["start_player"]
        if start != "random" and start >= num_players:
            raise OptionError(refusal("start seat", start=start, players=num_players, last=num_players - 1))

    def _render(self, state: BloomTownState, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        return render.render(state, lang, player, markup, compact)

    def _components(self, state: BloomTownState, lang: str) -> dict[str, str]:
        return render.component_texts(state, lang)

    def _parse_action(self, text: str, state: BloomTownState | None) -> Action:
        return parse_action(text)

    def _reveals(self, before: BloomTownState, action: Action, player: int,
                 after: BloomTownState) -> bool:
        """A tile leaves a face-down stack (into the market or a hand), a tile others had not
        seen is built or kept from a hand, or the hands are shown at the end."""
        if after.is_over or sum(map(len, after.stacks)) < sum(map(len, before.stacks)):
            return True
        hidden = len(before.hands[player]) > len(before.known[player])
        return hidden and (isinstance(action, Keep) or
                           isinstance(action, Build) and action.tile not in before.known[player])

    def _describe(self, state: BloomTownState, action: Action, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(state, action, player, lang, you)


register(BloomTown())
