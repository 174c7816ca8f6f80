"""Santa Monica (Josh Wood, 2020): build a two-row seafront city of beach and street cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.core import Action, Game, GameInfo, Option, OptionError, register

from . import notation, observation, render, words
from .components import ContentError, load_content
from .messages import MESSAGES, refusal
from .rules import SantaMonicaState

__all__ = ["ContentError", "SantaMonica", "SantaMonicaState"]

_DEFAULT = load_content("")
_FACE_CODES = tuple(f["code"] for f in _DEFAULT.faces)
_FACE_NAMES = {f["code"]: _DEFAULT.printed_fields("face", f)["names"] for f in _DEFAULT.faces}


@dataclass(frozen=True)
class FacesOption(Option):
    """`"random"` or a list of two face codes from different sand dollar tiles."""

    def validate(self, value: Any) -> Any:
        if value == "random":
            return value
        pair = isinstance(value, (list, tuple)) and len(value) == 2
        if not pair or not all(isinstance(v, str) for v in value):
            raise OptionError(MESSAGES.message("option.faces", name=self.name, value=repr(value)))
        return [v.upper() for v in value]

    def parse(self, text: str) -> Any:
        text = text.strip()
        if text.lower() == "random":
            return "random"
        return self.validate([t.strip() for t in text.split(",") if t.strip()])



# names of the score-breakdown categories and tie-breaks, for every surface
LABELS = {
    "adjacency": MESSAGES.templates("label.adjacency"),
    "chains": MESSAGES.templates("label.chains"),
    "sand_dollars": MESSAGES.templates("label.sand_dollars"),
    "misc": MESSAGES.templates("label.misc"),
    "rings": MESSAGES.templates("label.rings"),
    "footprints": MESSAGES.templates("label.footprints"),
    "wave_bonus": MESSAGES.templates("label.wave_bonus"),
    "misc_bonus": MESSAGES.templates("label.misc_bonus"),
    "penalty": MESSAGES.templates("label.penalty"),
    "total": MESSAGES.templates("label.total"),
    "unplaced": MESSAGES.templates("label.unplaced"),
    "sand_dollars_left": MESSAGES.templates("label.sand_dollars_left"),
    "most sand dollars left": MESSAGES.templates("label.most_sand_dollars_left"),
}

class SantaMonica(Game[SantaMonicaState, Action]):
    info = GameInfo(
        id="santa-monica",
        labels=LABELS,
        names=MESSAGES.templates("name"),
        min_players=2,
        max_players=4,
        options=(
            Option("objective", "choice", "random", MESSAGES.message("option.objective"),
                   choices=("random", "blue", "green", "orange"),
                   label=MESSAGES.message("form.objective"),
                   choice_labels=MESSAGES.group("form.objective")),
            FacesOption("sand_dollar_faces", "list", "random",
                        MESSAGES.message("option.sand_dollar_faces"),
                        choices=_FACE_CODES,
                        label=MESSAGES.message("form.sand_dollar_faces"),
                        choice_labels=_FACE_NAMES),
            Option("starting_tiles", "choice", "draft",
                   MESSAGES.message("option.starting_tiles"),
                   choices=("draft", "random"),
                   label=MESSAGES.message("form.starting_tiles"),
                   choice_labels=MESSAGES.group("form.starting_tiles")),
            Option("limited_supply", "bool", True,
                   MESSAGES.message("option.limited_supply"),
                   label=MESSAGES.message("form.limited_supply")),
            Option("end_cards", "int", 14, MESSAGES.message("option.end_cards"), minimum=1, maximum=30,
                   label=MESSAGES.message("form.end_cards")),
            Option("content", "str", "",
                   MESSAGES.message("option.content"),
                   label=MESSAGES.message("form.content")),
        ),
        simultaneous=False,
        hidden_information=True,
        summary=MESSAGES.templates("summary"),
    )
    state_class = SantaMonicaState
    encoder = observation.ENCODER
    action_types = notation.ACTION_TYPES
    package = __name__
    # the constant Bloom Town and Blue Lagoon declare; measured here with both on one machine
    # (four players against greedy 47% → 62%, two 78% → 83%; docs/BOTS.md, ladder ¹³)
    exploration = 0.1
    presets = {
        "default": {},  # a random objective and random faces, as the rules set up
        "blue": {"objective": "blue"},
        "green": {"objective": "green", "sand_dollar_faces": ["TWO", "SWAP"]},
        "orange": {"objective": "orange", "sand_dollar_faces": ["COL", "MOVE"], "starting_tiles": "random"},
    }

    def check_options(self, options: dict[str, Any], num_players: int) -> None:
        content = load_content(options["content"])
        if options["objective"] != "random" and options["objective"] not in content.objective_index:
            raise OptionError(refusal("game.objective_options_content", options=repr(options['objective'])))
        if len(content.tiles) < num_players:
            raise OptionError(refusal("game.num_players_players_need", num_players=num_players))
        faces = options["sand_dollar_faces"]
        if faces != "random":
            for code in faces:
                if code not in content.face_index:
                    raise OptionError(refusal("game.unknown_sand_dollar_face", code=repr(code),
                                              join=", ".join(content.face_index)))
            tiles = [next(t for t, pair in enumerate(content.face_tiles) if content.face_index[code] in pair)
                     for code in faces]
            if tiles[0] == tiles[1]:
                raise OptionError(refusal("game.faces_faces2_are_two", faces=faces[0], faces2=faces[1]))

    def _render(self, state: SantaMonicaState, lang: str, player: int | None, markup: bool,
                compact: bool = True) -> str:
        return render.render(state, lang, player, markup, compact)

    def _components(self, state: SantaMonicaState, lang: str) -> dict[str, str]:
        return render.component_texts(state, lang)

    def _parse_action(self, text: str, state: SantaMonicaState | None) -> Action:
        content = load_content(state.options["content"]) if state is not None else _DEFAULT
        return notation.parse_action(text, content.tile_index, content.face_index)

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
