"""One bot decision, in a bot process. Kept apart from the web server's modules so that bot processes
import only the engine, the games and the bots."""

from __future__ import annotations

import hashlib

import ludoteca
from ludoteca.bots import make_bot
from ludoteca.core import State

for _info in ludoteca.list_games():  # imported once in the fork server, shared by every bot process
    ludoteca.load(_info.id)


def think(state: State, seat: int, bot: str, level: str, table_id: str) -> str:
    """The move of bot `bot` at `level` for `seat`, seeded by table, seat and move number so that a
    runner taking over a turn plays the same move."""
    digest = hashlib.sha256(f"{table_id}:{state.seed}:{seat}:{len(state.history)}".encode()).digest()
    return str(make_bot(bot, level, seed=int.from_bytes(digest[:8], "big")).choose(state, seat))
