"""The engine contract shared by every game and every surface (see ARCHITECTURE.md)."""

from .errors import IllegalAction, LudotecaError, NotationError, OptionError
from .game import Game, GameInfo, register
from .messages import Catalogue, GameCatalogue, Message, languages
from .options import Option
from .result import Result, rank
from .state import Action, State
from .undo import Undo
from .words import LANGUAGES, Phrase, say, seat_name

__all__ = [
    "LANGUAGES",
    "Action",
    "Catalogue",
    "Game",
    "GameCatalogue",
    "GameInfo",
    "IllegalAction",
    "LudotecaError",
    "Message",
    "NotationError",
    "Option",
    "OptionError",
    "Phrase",
    "Result",
    "State",
    "Undo",
    "languages",
    "rank",
    "register",
    "say",
    "seat_name",
]
