"""Bloom Town: build a 5x5 town tile by tile; flowers decide which market tile you take next."""

from __future__ import annotations

from typing import Any

from ludoteca.core import Action, Game, GameInfo, Option, OptionError, register

from . import observation, words
from .components import SIDES
from .messages import both
from .notation import ALL_ACTIONS, Bonus, Build, Keep, Take, parse
from .rules import BloomTownState

# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "placement": {"en": "placement points", "es": "puntos de colocación"},
    "double": {"en": "bonus doubles", "es": "dobles de bonificación"},
    "community": {"en": "community scoring", "es": "puntuación de la comunidad"},
    "final": {"en": "final hand", "es": "mano final"},
    "later in turn order": {"en": "later in turn order", "es": "más tarde en el orden de turno"},
}

class BloomTown(Game[BloomTownState, Action]):
    info = GameInfo(
        id="bloom-town",
        labels=LABELS,
        names={"en": "Bloom Town", "es": "Bloom Town"},
        min_players=2,
        max_players=4,
        options=(
            Option("board_side", "choice", "A", "town-board side used by every player",
                   "lado de los tableros de pueblo (el mismo para todos)", choices=SIDES),
            Option("start_player", "choice", "random", "seat of the start player, or random",
                   "asiento del jugador inicial, o al azar", choices=("random", 0, 1, 2, 3)),
            Option("open_hands", "bool", False, "all hands are public (teaching, experiments)",
                   "todas las manos son públicas (aprendizaje, experimentos)"),
        ),
        hidden_information=True,
        summary={
            "en": "Build a 5x5 town of offices, subways, parks, homes and shops; the flower under "
                  "each new building decides which market tile you take next.",
            "es": "Construye un pueblo de 5x5 con oficinas, metros, parques, casas y tiendas; la flor "
                  "bajo cada edificio decide qué ficha del mercado tomas después.",
        },
    )
    state_class = BloomTownState
    encoder = observation.ENCODER
    action_types = (Build, Bonus, Take, Keep)
    package = __name__
    all_actions = ALL_ACTIONS
    presets = {"default": {}, "side-b": {"board_side": "B"}}

    def check_options(self, options: dict[str, Any], num_players: int) -> None:
        start = options["start_player"]
        if start != "random" and start >= num_players:
            raise OptionError(
                **both("start seat", "Bloom Town: ", start=start, players=num_players, last=num_players - 1)
            )

    def _parse_action(self, text: str, state: BloomTownState | None) -> Action:
        return parse(text)

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
