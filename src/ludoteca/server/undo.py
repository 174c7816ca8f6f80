"""Undo at a table, by the core's rule (`ludoteca.core.undo`): ask whether a seat may take its last
move back, and do it.

The rule decides from the table's record which actions would go (the seat's last action and the
bots' after it) and refuses, with a reason in both languages, when one of them drew at random,
revealed something or was another person's move. Doing it removes those actions from the database
in one transaction, so every process rebuilds the same shorter game; the bots' due turn follows
the new position.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import delete, text, update

from ludoteca.core import IllegalAction, State

from .store import CHANNEL, ActionRow, BotTurnRow, NextBotTurn, Store, TableRow
from .tables import Access, Conflict, Forbidden, LiveTable, Tables


def humans(table: LiveTable) -> list[int]:
    return [i for i, seat in enumerate(table.seats) if seat.kind == "human"]


def undo_seat(table: LiveTable, access: Access, seat: int | None) -> int:
    """The seat that asks: the one named (it must be this link's), or the link's only seat."""
    if seat is None:
        if len(access.seats) != 1:
            raise Forbidden("say which of your seats takes its move back" if access.seats
                            else "spectators cannot undo; open a seat's join link",
                            "di qué asiento deshace su jugada" if access.seats
                            else "los espectadores no deshacen; abre el enlace de un asiento")
        return access.seats[0]
    if seat not in access.seats:
        raise Forbidden(f"this link plays seat(s) {list(access.seats)}, not seat {seat}",
                        f"este enlace juega los asientos {list(access.seats)}, no el {seat}")
    return seat


def answer(table: LiveTable, seat: int) -> dict[str, Any]:
    """Whether `seat` may undo now: how many actions would go, or why not in both languages."""
    state = table.state
    if state.is_over or table.resigned:
        return {"allowed": False, "steps": 0, "reason": dict(GAME_OVER)}
    check = state.undo_check(seat, humans(table))
    return {"allowed": check.allowed, "steps": check.steps,
            "reason": {lang: check.why(lang) for lang in ("en", "es")} if not check.allowed else None}


GAME_OVER = {"en": "the game is over; a finished game is never taken back",
             "es": "la partida ha terminado; una partida terminada no se deshace"}


async def take_back(tables: Tables, table: LiveTable, seat: int, seen: int | None) -> None:
    """Undo `seat`'s last move by the rule, store the shorter game and wake every socket."""
    async with table.lock:
        if seen is not None and seen != len(table.state.history):
            raise Conflict(
                f"the table moved on: {len(table.state.history)} actions, you saw {seen}; reload",
                f"la mesa ha cambiado: {len(table.state.history)} acciones, viste {seen}; recarga",
            )
        if table.state.is_over or table.resigned:
            raise IllegalAction(GAME_OVER["en"], GAME_OVER["es"])
        state: State = table.state.undone(seat, humans(table))  # IllegalAction says why not
        bots = table.next_bots(state, tables.settings.bot_delay)
        await asyncio.to_thread(shorten, tables.store, table.id, len(state.history), bots)
        table.become(state)
        if bots is not None:
            for wake in tables.on_bot_turn:
                wake(bots.lane, bots.delay)


def shorten(store: Store, table_id: str, keep: int, bots: NextBotTurn | None) -> None:
    """Keep the first `keep` actions of a table, in one transaction with its due bot turn."""
    with store.engine.begin() as connection:
        connection.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= keep))
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(finished=False))
        if bots is None:
            connection.execute(delete(BotTurnRow).where(BotTurnRow.table_id == table_id))
        else:
            store._upsert_bot_turn(connection, table_id, keep, bots)
        if store.postgres:
            connection.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{table_id} {keep}"})
