"""Bloom Town moves in words. Hands are hidden, but every move shows only what it makes public:
the tile built, the market tile taken, the type kept (face-down draws are not moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core import Action, Phrase, say, seat_name
from ludoteca.core.words import phrase

from .components import SQUARE_NAMES, TYPES
from .messages import tile_name, type_plural
from .notation import BONUS_NAMES, PASS, Bonus, Build, Keep, Take

if TYPE_CHECKING:
    from .rules import BloomTownState


PHRASES: dict[str, Phrase] = {
    "build": phrase("You built {tile} on {square}", "{who} built {tile} on {square}",
                     "Construiste {tile} en {square}", "{who} construyó {tile} en {square}"),
    "take": phrase("You took {tile} from market space {space}",
                    "{who} took {tile} from market space {space}",
                    "Tomaste {tile} del espacio {space} del mercado",
                    "{who} tomó {tile} del espacio {space} del mercado"),
    "keep": phrase("You kept your {types} for the final scoring",
                    "{who} kept their {types} for the final scoring",
                    "Te quedaste con {types} para la puntuación final",
                    "{who} se quedó con {types} para la puntuación final"),
    "pass": phrase("You passed the bonus step", "{who} passed the bonus step",
                    "Pasaste el paso de bonificación", "{who} pasó el paso de bonificación"),
    "double": phrase("You doubled the tile's points with {source}",
                      "{who} doubled the tile's points with {source}",
                      "Duplicaste los puntos de la ficha con {source}",
                      "{who} duplicó los puntos de la ficha con {source}"),
    "extra": phrase("You took an extra build with {source}", "{who} took an extra build with {source}",
                     "Conseguiste una construcción extra con {source}",
                     "{who} consiguió una construcción extra con {source}"),
    "rescore": phrase("You spent the bonus token to rescore {types}",
                       "{who} spent the bonus token to rescore {types}",
                       "Gastaste la ficha de bonificación para volver a puntuar {types}",
                       "{who} gastó la ficha de bonificación para volver a puntuar {types}"),
}
SOURCES = {"bloom": {"en": "the blooming square", "es": "la casilla florecida"},
           "token": {"en": "the bonus token", "es": "la ficha de bonificación"}}


def _a_tile(code: int) -> dict[str, str]:
    name = tile_name(code)
    article = "an" if name["en"][:1] in "aeiou" else "a"
    return {"en": f"{article} {name['en']}", "es": f"una ficha de {name['es']}"}


def describe(state: BloomTownState, action: Action, player: int, lang: str, you: bool) -> str:
    who = seat_name(player, lang)

    def phrase(code: str, **args: Any) -> str:
        return say(PHRASES[code], lang, you, who, **args)

    if isinstance(action, Build):
        return phrase("build", tile=_a_tile(action.tile), square=SQUARE_NAMES[action.square])
    if isinstance(action, Take):
        return phrase("take", tile=_a_tile(state.market[action.space]), space=action.space + 1)
    if isinstance(action, Keep):
        return phrase("keep", types=type_plural(action.kind))
    assert isinstance(action, Bonus)
    if action.index == PASS:
        return phrase("pass")
    source, bonus, *kind = BONUS_NAMES[action.index].split()
    if bonus == "rescore":
        return phrase("rescore", types=type_plural(TYPES.index(kind[0])))
    return phrase(bonus, source=SOURCES[source])



