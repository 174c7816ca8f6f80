"""Bloom Town's error texts and illegal-action reasons, in English and Spanish, in one table.

A message is a code plus its arguments: the parser and the rules decide once *which* message
applies, and `say` writes it in the reader's language. An argument that reads differently in each
language (a tile, a building type, a list of notation words) is a {"en": …, "es": …} dict made by
the helpers below; any other argument is written the same in both. Notation words (`build`,
`office`, `shop:bakery`, …) are what players type, so they stay as they are in Spanish, glossed
with the Spanish name where a list of them is given.
"""

from __future__ import annotations

from typing import Any

from .components import (
    FIRST_SHOP,
    SHOP_KIND_NAMES,
    SHOP_KINDS,
    TILE_NAMES,
    TILE_TYPE,
    TYPE_NAMES,
    TYPES,
)

TEXT: dict[str, dict[str, str]] = {
    # ---- notation (the text is not an action) ----
    "not text": {"en": "an action is text, not {text}", "es": "una acción es un texto, no {text}"},
    "first word": {"en": "expected one of: {words}", "es": "se esperaba una de estas palabras: {words}"},
    "build words": {
        "en": "write build TILE SQUARE, e.g. build office c2",
        "es": "escribe build FICHA CASILLA, p. ej. build office c2",
    },
    "bad square": {"en": "square {square} is outside a1-e5", "es": "la casilla {square} está fuera de a1-e5"},
    "shop kind missing": {
        "en": "'shop' needs a kind, e.g. shop:{kind}",
        "es": "'shop' necesita una clase de tienda, p. ej. shop:{kind}",
    },
    "bad shop kind": {
        "en": "unknown shop kind {word}; kinds are: {kinds}",
        "es": "clase de tienda desconocida {word}; las clases son: {kinds}",
    },
    "bad tile": {
        "en": "unknown tile {word}; tiles are: {tiles}",
        "es": "ficha desconocida {word}; las fichas son: {tiles}",
    },
    "bloom words": {"en": "write bloom double or bloom extra", "es": "escribe bloom double o bloom extra"},
    "rescore type": {
        "en": "token rescore needs one type: {types}",
        "es": "token rescore necesita un tipo: {types}",
    },
    "token words": {
        "en": "write token double, token extra or token rescore TYPE",
        "es": "escribe token double, token extra o token rescore TIPO",
    },
    "pass words": {"en": "pass takes no other words", "es": "pass no lleva más palabras"},
    "take words": {
        "en": "write take SPACE with a space from 1 to {spaces}",
        "es": "escribe take ESPACIO con un espacio del 1 al {spaces}",
    },
    "keep words": {
        "en": "write keep TYPE with a type from: {types}",
        "es": "escribe keep TIPO con uno de estos tipos: {types}",
    },
    # ---- options ----
    "start seat": {
        "en": "start_player {start} is not a seat of a {players}-player game; choose random or 0 to {last}",
        "es": "start_player {start} no es un asiento de una partida de {players} jugadores; "
              "elige random o un asiento del 0 al {last}",
    },
    # ---- why a well-formed action is illegal now ----
    "foreign action": {"en": "not a Bloom Town action", "es": "no es una acción de Bloom Town"},
    "phase": {"en": "it is {phase}", "es": "ahora toca {phase}"},
    "tile not in hand": {
        "en": "no {tile} in your hand",
        "es": "no tienes ninguna ficha de {tile} en la mano",
    },
    "occupied": {"en": "square {square} is occupied", "es": "la casilla {square} ya está ocupada"},
    "space empty": {
        "en": "market space {space} is empty",
        "es": "el espacio {space} del mercado está vacío",
    },
    "type not in hand": {
        "en": "no {type} in your hand",
        "es": "no tienes ninguna ficha de {type} en la mano",
    },
    "no bloom": {
        "en": "no unused blooming bonus: the square just built on is not blooming or its bonus is used",
        "es": "no te queda bonificación floreciente: la casilla donde acabas de construir no es "
              "floreciente o ya usaste su bonificación",
    },
    "token used": {
        "en": "your bonus token has already been used",
        "es": "ya has usado tu ficha de bonificación",
    },
    "double used": {
        "en": "double already used this turn",
        "es": "ya has doblado puntos en este turno",
    },
    "extra used": {
        "en": "extra build already used this turn",
        "es": "ya has usado la construcción adicional en este turno",
    },
    "already scored": {
        "en": "{types} have already been community-scored",
        "es": "{types} ya han tenido su puntuación de la comunidad",
    },
    "rescore needs one": {
        "en": "token rescore needs exactly one {type} community tile in the community area",
        "es": "token rescore necesita exactamente una ficha de comunidad de {type} en el área de comunidad",
    },
}

# The step a player is in, for the "phase" reason.
PHASES: dict[str, dict[str, str]] = {
    "build": {"en": "the build step", "es": "construir"},
    "take": {
        "en": "the take step (choose a market space)",
        "es": "tomar una ficha (elige un espacio del mercado)",
    },
    "bonus": {"en": "the bonus step", "es": "el paso de bonificación"},
    "keep": {"en": "the final hand scoring", "es": "la puntuación final de la mano"},
}

# A building type as a plural with its article, in Spanish ("las casas have been scored").
_ES_PLURALS = {
    "office": "las oficinas", "subway": "los metros", "park": "los parques",
    "home": "las casas", "shop": "las tiendas",
}


def _lower(name: str) -> str:
    return name[:1].lower() + name[1:]


_TILE_ES = tuple(
    _lower(TYPE_NAMES["es"][TILE_TYPE[t]] if t < FIRST_SHOP else SHOP_KIND_NAMES["es"][t - FIRST_SHOP])
    for t in range(len(TILE_NAMES))
)
_TYPE_ES = tuple(_lower(name) for name in TYPE_NAMES["es"])


def tile_name(code: int) -> dict[str, str]:
    """A building tile: its notation word in English, its Spanish name (a shop by its kind)."""
    return {"en": TILE_NAMES[code], "es": _TILE_ES[code]}


def type_name(index: int) -> dict[str, str]:
    """A building type (type index): its notation word in English, its Spanish name."""
    return {"en": TYPES[index], "es": _TYPE_ES[index]}


def type_plural(index: int) -> dict[str, str]:
    """A building type in the plural, with the Spanish article."""
    name = TYPES[index]
    return {"en": f"{name}s", "es": _ES_PLURALS.get(name, f"las fichas de {_TYPE_ES[index]}")}


def words(names: tuple[str, ...], glosses: tuple[str, ...] | None = None) -> dict[str, str]:
    """A list of notation words; in Spanish each one glossed with its Spanish name."""
    es = names if glosses is None else tuple(f"{w} ({g})" for w, g in zip(names, glosses, strict=True))
    return {"en": ", ".join(names), "es": ", ".join(es)}


TYPE_WORDS = words(TYPES, _TYPE_ES)
TILE_WORDS = words(TILE_NAMES, _TILE_ES)
KIND_WORDS = words(SHOP_KINDS, tuple(_lower(n) for n in SHOP_KIND_NAMES["es"]))


def say(code: str, lang: str = "en", **args: Any) -> str:
    """Message `code` in `lang` ("en" or "es"; anything else reads English)."""
    lang = "es" if lang == "es" else "en"
    return TEXT[code][lang].format(**{k: v[lang] if isinstance(v, dict) else v for k, v in args.items()})


def both(code: str, prefix: str = "", **args: Any) -> dict[str, str]:
    """The keyword arguments of an error carrying message `code`: `message` (English) and `es`."""
    return {"message": prefix + say(code, "en", **args), "es": prefix + say(code, "es", **args)}
