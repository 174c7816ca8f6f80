"""Happy City (Toshiki & Airu Sato, 2021): build a city of at most 10 cards; people x hearts."""

from __future__ import annotations

from ludoteca.core import Game, GameInfo, Option, register

from . import observation, words
from .notation import ALL_MOVES, Move, parse
from .rules import HappyCityState

__all__ = ["DEFAULT_ROUND_LIMIT", "GAME", "HappyCity"]

# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "people": {"en": "people", "es": "personas"},
    "hearts": {"en": "hearts", "es": "corazones"},
    "effect_people": {"en": "people from effects", "es": "personas por efectos"},
    "effect_hearts": {"en": "hearts from effects", "es": "corazones por efectos"},
    "modifier": {"en": "modifier", "es": "modificador"},
    "points": {"en": "points", "es": "puntos"},
    "score": {"en": "score", "es": "puntuación"},
    "coins": {"en": "coins", "es": "monedas"},
    "income": {"en": "income", "es": "ingresos"},
}

# A printed game ends when a city fills, which takes about 10-15 rounds; a player who only takes
# coins could make it last for ever, so the engine stops it after this round (spec 10.4's value).
DEFAULT_ROUND_LIMIT = 40


class HappyCity(Game[HappyCityState, Move]):
    info = GameInfo(
        id="happy-city",
        labels=LABELS,
        names={"en": "Happy City", "es": "Happy City"},
        min_players=2,
        max_players=5,
        options=(
            Option("expert", "bool", False,
                   "expert mode: red specials with effects, coloured Happy Markets drafted",
                   "modo experto: edificios especiales rojos con efectos y Mercados Felices de colores"),
            Option("young_players", "bool", False,
                   "young players variant: points are people + hearts instead of people x hearts",
                   "variante para jugadores jóvenes: se suman personas y corazones en vez de multiplicar"),
            Option("round_limit", "int", DEFAULT_ROUND_LIMIT,
                   "end the game after this round even if no city has 10 cards "
                   "(0 = no limit, as printed)",
                   "la partida acaba tras esta ronda aunque ninguna ciudad tenga 10 cartas "
                   "(0 = sin límite, como en el juego impreso)",
                   minimum=0),
        ),
        simultaneous=False,
        hidden_information=True,
        summary={
            "en": "Buy buildings with your income and fill a city of 10 cards; "
                  "your happiness is people times hearts.",
            "es": "Compra edificios con tus ingresos y llena una ciudad de 10 cartas; "
                  "tu felicidad es personas por corazones.",
        },
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

    def _parse_action(self, text: str, state: HappyCityState | None) -> Move:
        return parse(text)

    def _reveals(self, before: HappyCityState, action: Move, player: int, after: HappyCityState) -> bool:
        """A draw turns up a card of a shuffled deck; nothing else shows anything hidden."""
        return action.verb == "draw"

    def _describe(self, state: HappyCityState, action: Move, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(state, action, player, lang, you)


GAME = register(HappyCity())
