"""The engine contract shared by every game and every surface (see ARCHITECTURE.md)."""

from .errors import IllegalAction, LudotecaError, NotationError, OptionError
from .game import Game, GameInfo, register
from .options import Option
from .result import Result, rank
from .state import Action, State
from .undo import Undo
from .words import LANGUAGES, Phrase, say, seat_name

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
    "Phrase",
    "Result",
    "State",
    "Undo",
    "rank",
    "register",
    "say",
    "seat_name",
]
