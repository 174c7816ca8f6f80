"""ludoteca: five modern tabletop games played exactly, behind one engine contract.

    >>> import ludoteca
    >>> game = ludoteca.load("city-square-off")
    >>> state = game.new_state(seed=7)
    >>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

import importlib
import pkgutil

from .core import (
    Action,
    Game,
    GameInfo,
    IllegalAction,
    LudotecaError,
    NotationError,
    OptionError,
    State,
)
from .core.game import registered
from .core.messages import CORE

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Game",
    "GameInfo",
    "IllegalAction",
    "LudotecaError",
    "NotationError",
    "OptionError",
    "State",
    "list_games",
    "load",
]


def _discover() -> dict[str, Game]:
    """Import every package under `ludoteca.games`; each registers its game when imported.

    Done once, whatever was imported before: a program (or a test) that imported one game's
    package directly has registered that game only.
    """
    global _discovered
    if not _discovered:
        from . import games

        for module in pkgutil.iter_modules(games.__path__):
            if module.ispkg:
                importlib.import_module(f"{games.__name__}.{module.name}")
        _discovered = True
    return registered()


_discovered = False


def list_games() -> list[GameInfo]:
    """Info of every available game, sorted by id."""
    return [game.info for _, game in sorted(_discover().items())]


def load(game_id: str) -> Game:
    """The game with this id, e.g. `load("blue-lagoon")`."""
    games = _discover()
    if game_id not in games:
        raise OptionError(CORE.message("game.unknown", game=repr(game_id), games=", ".join(sorted(games))))
    return games[game_id]
