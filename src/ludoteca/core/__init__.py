"""The engine contract shared by every game and every surface (see ARCHITECTURE.md)."""

from .errors import IllegalAction, LudotecaError, NotationError, OptionError
from .game import LANGUAGES, Game, GameInfo, register
from .options import Option
from .result import Result, rank
from .state import Action, State

__all__ = [
    "LANGUAGES",
    "Action",
    "Game",
    "GameInfo",
    "IllegalAction",
    "LudotecaError",
    "NotationError",
    "Option",
    "OptionError",
    "Result",
    "State",
    "rank",
    "register",
]
