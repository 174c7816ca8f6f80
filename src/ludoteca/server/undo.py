"""Undo at a table, by the core's rule (`ludoteca.core.undo`): ask whether a seat may take its last
move back, and do it.

The rule decides from the table's record which actions would go (the seat's last action and the
bots' after it) and refuses, with a reason in both languages, when one of them drew at random,
revealed something or was another person's move. Doing it removes those actions from the database
in one transaction that also bumps the table's epoch (`Store.shorten`), so every process rebuilds
the same shorter game, and a bot still thinking about the longer one can never store its move; the
bots' due turn follows the new position.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ludoteca.core import LANGUAGES, IllegalAction, State

from .messages import MESSAGES
from .store import Stale
from .tables import LiveTable, SeatWords, Tables, check_seen, moved_on


def humans(table: LiveTable) -> list[int]:
    return [i for i, seat in enumerate(table.seats) if seat.kind == "human"]


# How the undo routes refuse a link that plays no seat, or several without saying which (`chosen_seat`).
UNDO_WORDS = SeatWords(spectator="undo.spectator", which_seat="undo.which_seat")


def answer(table: LiveTable, seat: int) -> dict[str, Any]:
    """Whether `seat` may undo now: how many actions would go, or why not in both languages."""
    state = table.state
    if state.is_over or table.resigned:
        return {"allowed": False, "steps": 0, "reason": MESSAGES.by_language("undo.game_over")}
    check = state.undo_check(seat, humans(table))
    return {"allowed": check.allowed, "steps": check.steps,
            "reason": {lang: check.why(lang) for lang in LANGUAGES} if not check.allowed else None}


async def take_back(tables: Tables, table: LiveTable, seat: int, seen: int | None) -> None:
    """Undo `seat`'s last move by the rule, store the shorter game and wake every socket. A
    `Conflict` (after reloading) if another process changed the table meanwhile."""
    async with table.lock:
        check_seen(table, seen)
        if table.state.is_over or table.resigned:
            raise IllegalAction(MESSAGES.message("undo.game_over"))
        state: State = table.state.undone(seat, humans(table))  # IllegalAction says why not
        clock = table.clock.restarted(state, table.seats, time.time()) if table.clock else None  # clocks.py
        bots = table.next_bots(state, tables.settings.bot_delay, clock)
        try:
            epoch = await asyncio.to_thread(tables.store.shorten, table.id, table.epoch,
                                            len(table.state.history), len(state.history), bots,
                                            clock.stored() if clock is not None else None)
        except Stale:
            await tables.reload_locked(table)
            raise moved_on() from None
        table.clock = clock
        table.become(state, epoch)
        tables.announce_bots(bots)
