"""Terminal play: `ludoteca play GAME --players human,random` against bots or friends (hot-seat).

`Session` holds the game and its seats (logic only, no I/O); `app.run` is the Rich loop that
draws each seat's view and reads what the players type; `text` reads every UI string from the
message catalogue (`data/messages.<lang>.json`).
"""

from .app import TerminalGame, run
from .session import HUMAN, Seat, Session, UndoRefused

__all__ = ["HUMAN", "Seat", "Session", "TerminalGame", "UndoRefused", "run"]
