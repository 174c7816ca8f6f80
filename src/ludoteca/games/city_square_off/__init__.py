"""City Square Off: two 9×9 cities, 21 polyomino tiles, one shape card a round, placed at once.

Spec: docs/specs/city-square-off.md. Rules live in `rules.py`, geometry in `pieces.py`, notation in
`notation.py`, the end-of-game comparisons in `scoring.py` and the terminal picture in `render.py`.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core import Game, GameInfo, Option, OptionError, register

from . import observation, words
from .notation import STARTER_IDS, Place, parse
from .pieces import MARGIN, catalogue
from .rules import EXPANSION, CitySquareOffState

ORIENT_SLOTS = ("r0", "r1", "r2", "r3", "f0", "f1", "f2", "f3")

OPTIONS = (
    Option(
        "variant",
        "choice",
        "standard",
        "standard, city_sprint (race to fill the grid) or city_expansion (tiles may overhang)",
        "standard, city_sprint (carrera por llenar la cuadrícula) o city_expansion (fichas que sobresalen)",
        choices=("standard", "city_sprint", "city_expansion"),
    ),
    Option(
        "starter_choice",
        "choice",
        "pick",
        "pick: players choose their starters; random: two different starters are dealt",
        "pick: cada jugador elige su ficha de inicio; random: se reparten dos al azar",
        choices=("pick", "random"),
    ),
    Option(
        "excluded_starters",
        "list",
        [],
        "starters out of play (e.g. the two used in the previous game)",
        "fichas de inicio fuera de juego (p. ej. las dos de la partida anterior)",
        choices=STARTER_IDS,
    ),
    Option(
        "starter_anywhere",
        "bool",
        False,
        "the starter may go anywhere on the grid",
        "la ficha de inicio puede ir en cualquier lugar",
    ),
    Option(
        "first_chooser",
        "choice",
        "random",
        "seat that places its starter first",
        "asiento que coloca primero su ficha de inicio",
        choices=("random", 0, 1),
    ),
)



# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "open_regions": {"en": "open regions", "es": "zonas libres"},
    "overhang": {"en": "overhanging squares", "es": "casillas fuera"},
    "uncovered": {"en": "uncovered squares", "es": "casillas libres"},
    "opponent blocked": {"en": "opponent blocked", "es": "el rival no puede colocar"},
    "both blocked: open regions": {
        "en": "both blocked: open regions",
        "es": "ambos bloqueados: zonas libres",
    },
    "deck exhausted: open regions": {
        "en": "deck exhausted: open regions",
        "es": "mazo agotado: zonas libres",
    },
    "full grid": {"en": "full grid", "es": "cuadrícula completa"},
    "fewer uncovered squares": {"en": "fewer uncovered squares", "es": "menos casillas libres"},
    "fewer overhanging squares": {"en": "fewer overhanging squares", "es": "menos casillas fuera"},
}

class CitySquareOff(Game[CitySquareOffState, Place]):
    info = GameInfo(
        id="city-square-off",
        labels=LABELS,
        names={"en": "City Square Off", "es": "City Square Off"},
        min_players=2,
        max_players=2,
        options=OPTIONS,
        simultaneous=True,
        hidden_information=True,
        summary={
            "en": "Two rival cities, one shape at a time, placed at once: whoever cannot fit it loses.",
            "es": "Dos ciudades rivales, una forma cada vez, a la vez: pierde quien no pueda encajarla.",
        },
    )
    state_class = CitySquareOffState
    encoder = observation.ENCODER
    action_types = (Place,)
    package = __name__
    presets = {
        "standard": {},
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
            raise OptionError(
                f"City Square Off: at least 2 starters must remain; only {remaining or 'none'} would",
                f"City Square Off: deben quedar al menos 2 fichas de inicio; solo quedarían "
                f"{remaining or 'ninguna'}",
            )

    def _parse_action(self, text: str, state: CitySquareOffState | None) -> Place:
        aliases = {piece.id: piece.aliases for piece in catalogue().pieces.values()}
        brackets = state is not None and state.options["variant"] == EXPANSION
        return parse(text, aliases, brackets)

    def _describe(self, state: CitySquareOffState, action: Place, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(action, player, lang, you, secret)

    def _reveals(self, before: CitySquareOffState, action: Place, player: int,
                 after: CitySquareOffState) -> bool:
        """Resolving a round shows the secret placements, and a new shape card is turned up."""
        return len(after.revealed) > len(before.revealed) or after.pending != before.pending and (
            any(p is not None for p in before.pending))

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
