"""Santa Monica (Josh Wood, 2020): build a two-row seafront city of beach and street cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, Game, GameInfo, Option, OptionError, register

from . import notation, observation, words
from .content import ContentError, load_content
from .rules import SantaMonicaState

__all__ = ["ContentError", "SantaMonica", "SantaMonicaState"]

_DEFAULT = load_content("")
_FACE_CODES = tuple(f["code"] for f in _DEFAULT.faces)


@dataclass(frozen=True)
class FacesOption(Option):
    """`"random"` or a list of two face codes from different sand dollar tiles."""

    def validate(self, value: Any) -> Any:
        if value == "random":
            return value
        pair = isinstance(value, (list, tuple)) and len(value) == 2
        if not pair or not all(isinstance(v, str) for v in value):
            raise OptionError(
                f"option {self.name} must be \"random\" or a list of 2 face codes, not {value!r}",
                f"la opción {self.name} debe ser \"random\" o una lista de 2 códigos de acción, no {value!r}",
            )
        return [v.upper() for v in value]

    def parse(self, text: str) -> Any:
        text = text.strip()
        if text.lower() == "random":
            return "random"
        return self.validate([t.strip() for t in text.split(",") if t.strip()])



# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "adjacency": {"en": "adjacency", "es": "adyacencia"},
    "chains": {"en": "chains", "es": "cadenas"},
    "sand_dollars": {"en": "sand dollars", "es": "dólares de arena"},
    "misc": {"en": "miscellaneous", "es": "varios"},
    "rings": {"en": "activity rings", "es": "anillos de actividad"},
    "footprints": {"en": "footprints", "es": "huellas"},
    "wave_bonus": {"en": "objective: wave bonus", "es": "objetivo: bonificación de ola"},
    "misc_bonus": {"en": "objective: misc bonus", "es": "objetivo: bonificación variada"},
    "penalty": {"en": "objective: unplaced penalty", "es": "objetivo: penalización por personas sin colocar"},
    "total": {"en": "total", "es": "total"},
    "unplaced": {"en": "unplaced people", "es": "personas sin colocar"},
    "sand_dollars_left": {"en": "sand dollars left", "es": "dólares de arena restantes"},
    "most sand dollars left": {"en": "most sand dollars left", "es": "más dólares de arena restantes"},
}

class SantaMonica(Game[SantaMonicaState, Action]):
    info = GameInfo(
        id="santa-monica",
        labels=LABELS,
        names={"en": "Santa Monica", "es": "Santa Mónica"},
        min_players=2,
        max_players=4,
        options=(
            Option("objective", "choice", "random", "Scoring objective tile", "Ficha de objetivo",
                   choices=("random", "blue", "green", "orange")),
            FacesOption("sand_dollar_faces", "list", "random",
                        "The two sand dollar actions in play: random, or two codes from different tiles",
                        "Las dos acciones de dólar de arena: random, o dos códigos de losetas distintas",
                        choices=_FACE_CODES),
            Option("starting_tiles", "choice", "draft",
                   "draft: choose in reverse turn order; random: seat k gets drawn tile k",
                   "draft: se eligen en orden inverso; random: reparto al azar",
                   choices=("draft", "random")),
            Option("limited_supply", "bool", True,
                   "Limit locals, tourists, VIPs and footprints to the component counts",
                   "Limitar locales, turistas, VIP y huellas a los componentes"),
            Option("end_cards", "int", 14, "Feature cards that trigger the final round",
                   "Cartas que activan la última ronda", minimum=1, maximum=30),
            Option("content", "str", "",
                   "Directory with replacement cards.json / starting-tiles.json / "
                   "sand-dollar-tiles.json / objectives.json (empty: the built-in stand-in content)",
                   "Carpeta con los ficheros de componentes de repuesto (vacío: contenido incluido)"),
        ),
        simultaneous=False,
        hidden_information=True,
        summary={
            "en": "Build a seafront city of beach and street cards, move locals, tourists and VIPs, "
                  "fill activity rings.",
            "es": "Construye una ciudad costera de cartas de playa y de calle, mueve locales, turistas "
                  "y VIP, y llena los anillos de actividad.",
        },
    )
    state_class = SantaMonicaState
    encoder = observation.ENCODER
    action_types = notation.ACTION_TYPES
    package = __name__
    presets = {
        "blue": {"objective": "blue"},
        "green": {"objective": "green", "sand_dollar_faces": ["TWO", "SWAP"]},
        "orange": {"objective": "orange", "sand_dollar_faces": ["COL", "MOVE"], "starting_tiles": "random"},
    }

    def check_options(self, options: dict[str, Any], num_players: int) -> None:
        content = load_content(options["content"])
        if options["objective"] != "random" and options["objective"] not in content.objective_index:
            raise OptionError(f"Santa Monica: objective {options['objective']!r} is not in the content",
                              f"Santa Mónica: el objetivo {options['objective']!r} no está en el contenido")
        if len(content.tiles) < num_players:
            raise OptionError(f"Santa Monica: {num_players} players need {num_players} starting tiles",
                              f"Santa Mónica: {num_players} jugadores necesitan {num_players} "
                              "fichas iniciales")
        faces = options["sand_dollar_faces"]
        if faces != "random":
            for code in faces:
                if code not in content.face_index:
                    raise OptionError(f"Santa Monica: unknown sand dollar face {code!r}; "
                                      f"faces are {', '.join(content.face_index)}",
                                      f"Santa Mónica: acción de dólar de arena {code!r} desconocida; "
                                      f"las acciones son {', '.join(content.face_index)}")
            tiles = [next(t for t, pair in enumerate(content.face_tiles) if content.face_index[code] in pair)
                     for code in faces]
            if tiles[0] == tiles[1]:
                raise OptionError(f"Santa Monica: {faces[0]} and {faces[1]} are the two faces of one tile; "
                                  "choose faces of different tiles",
                                  f"Santa Mónica: {faces[0]} y {faces[1]} son las dos caras de una misma "
                                  "loseta; elige caras de losetas distintas")

    def _parse_action(self, text: str, state: SantaMonicaState | None) -> Action:
        content = load_content(state.options["content"]) if state is not None else _DEFAULT
        return notation.parse(text, content.tile_index, content.face_index)

    def _reveals(self, before: SantaMonicaState, action: Action, player: int,
                 after: SantaMonicaState) -> bool:
        """The display refills from the shuffled deck (the only hidden thing) after a card is taken."""
        return len(after.deck) < len(before.deck)

    def _describe(self, state: SantaMonicaState, action: Action, player: int, lang: str, you: bool,
                  secret: bool) -> str:
        return words.describe(state, action, player, lang, you)

    @property
    def action_space_size(self) -> int:
        return notation.ACTION_SPACE_SIZE

    def _action_id(self, action: Action) -> int:
        return notation.action_id(action)

    def _action_from_id(self, action_id: int, state: SantaMonicaState | None) -> Action:
        content = load_content(state.options["content"]) if state is not None else _DEFAULT
        return notation.action_from_id(action_id, [t["id"] for t in content.tiles],
                                       [f["code"] for f in content.faces])


register(SantaMonica())
