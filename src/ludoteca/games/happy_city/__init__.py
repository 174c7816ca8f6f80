"""Happy City (Toshiki & Airu Sato, 2021): build a city of at most 10 cards; people x hearts."""

from __future__ import annotations

from ludoteca.core import Game, GameInfo, Option, register

from . import observation, render, words
from .messages import MESSAGES
from .notation import ALL_MOVES, Move, parse_action
from .rules import HappyCityState

__all__ = ["DEFAULT_ROUND_LIMIT", "GAME", "HappyCity"]

# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "people": MESSAGES.templates("label.people"),
    "hearts": MESSAGES.templates("label.hearts"),
    "effect_people": MESSAGES.templates("label.effect_people"),
    "effect_hearts": MESSAGES.templates("label.effect_hearts"),
    "modifier": MESSAGES.templates("label.modifier"),
    "points": MESSAGES.templates("label.points"),
    "score": MESSAGES.templates("label.score"),
    "coins": MESSAGES.templates("label.coins"),
    "income": MESSAGES.templates("label.income"),
}

# A printed game ends when a city fills, which takes about 10-15 rounds; a player who only takes
# coins could make it last for ever, so the engine stops it after this round (spec 10.4's value).
DEFAULT_ROUND_LIMIT = 40


class HappyCity(Game[HappyCityState, Move]):
    info = GameInfo(
        id="happy-city",
        labels=LABELS,
        names=MESSAGES.templates("name"),
        min_players=2,
        max_players=5,
        options=(
            Option("expert", "bool", False,
                   MESSAGES.message("option.expert"),
                   label=MESSAGES.message("form.expert")),
            Option("young_players", "bool", False,
                   MESSAGES.message("option.young_players"),
                   label=MESSAGES.message("form.young_players")),
            Option("round_limit", "int", DEFAULT_ROUND_LIMIT,
                   MESSAGES.message("option.round_limit"),
                   minimum=0,
                   label=MESSAGES.message("form.round_limit")),
        ),
        simultaneous=False,
        hidden_information=True,
        summary=MESSAGES.templates("summary"),
    )
    state_class = HappyCityState
    encoder = observation.ENCODER
    action_types = (Move,)
    package = __name__
    # search judges a new leaf at once by the projected final score (strategy.py): as strong as
    # random playouts to the end at the same budget, in less than half the time
    # (docs/games/happy-city.md, "Measured strength")
    playout_limit = 0
    all_actions = ALL_MOVES
    presets = {
        "default": {},
        "expert": {"expert": True},
        "young_players": {"young_players": True},
    }

    def _render(self, state: HappyCityState, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        return render.render(state, lang, player, markup, compact)

    def _components(self, state: HappyCityState, lang: str) -> dict[str, str]:
        return render.component_texts(state, lang)

    def _parse_action(self, text: str, state: HappyCityState | None) -> Move:
        return parse_action(text)

    def _reveals(self, before: HappyCityState, action: Move, player: int, after: HappyCityState) -> bool:
        """A draw turns up a card of a shuffled deck; nothing else shows anything hidden."""
        return action.verb == "draw"

    def _round_of(self, state: HappyCityState) -> int:
        """The game's own round count (0 during the expert draft, whose picks are simultaneous)."""
        return state.round

    def _describe(self, state: HappyCityState, action: Move, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(state, action, player, lang, you)


GAME = register(HappyCity())
