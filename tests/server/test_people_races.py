"""A resign ends the game for every process at once: it bumps the table's epoch (as an undo does),
so a move chosen for the position before it is never stored, whether a bot in another process was
already thinking about it or a person plays through a process that has not heard of the resign.
On SQLite, and on PostgreSQL when LUDOTECA_TEST_POSTGRES_URL is set.

Two `Tables` on one database stand for two server processes whose change notifications have not
arrived yet (none is listening), the moment the races happen in."""

from __future__ import annotations

import asyncio
import logging

import pytest

from ludoteca.core import IllegalAction
from ludoteca.server.bots import BotRunner
from ludoteca.server.people import People, checked_people
from ludoteca.server.settings import Settings
from ludoteca.server.store import Store, database_url
from ludoteca.server.tables import Tables

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random", "level": "easy"}
SETTINGS = Settings(bot_delay=0.0)
WAIT = 120  # seconds, a bound only: the steps below are ordered by events, never by sleeping


def _process(url: str) -> tuple[Tables, People]:
    tables = Tables(Store(url), SETTINGS)
    return tables, People(tables)


async def _new_table(tables: Tables, people: People, seats: list[dict]):
    table, tokens, _ = await tables.create("blue-lagoon", None, {}, seats, seed=4)
    await people.setup(table, checked_people(None))
    return table, tokens


def _stored(tables: Tables, table_id: str) -> list[list]:
    return tables.store.load(table_id)[1]


def test_a_bot_thinking_in_another_process_when_a_seat_resigns_stores_nothing(db_file: str, caplog):
    caplog.set_level(logging.INFO, logger="ludoteca.bots")
    asyncio.run(_resign_while_a_bot_thinks(database_url(db_file)))
    assert any("discarded" in record.getMessage() for record in caplog.records)


async def _resign_while_a_bot_thinks(url: str) -> None:
    (first, first_people), (second, _) = _process(url), _process(url)
    runner = BotRunner(second, SETTINGS)  # only the second process plays bots
    table, tokens = await _new_table(first, first_people, [HUMAN, BOT])
    thinking, gate = asyncio.Event(), asyncio.Event()
    answered: list[str] = []

    async def think(state, seat, bot, level, lane, table_id) -> str:  # the bot process, held by the test
        thinking.set()
        await gate.wait()
        answered.append(str(state.legal_actions(seat)[0]))
        return answered[-1]

    runner._think = think
    runner._warm_up = lambda: None  # no bot process is needed
    runner.start()
    try:
        person = table.access(tokens[0])
        await first.act(table, person, str(table.state.legal_actions(0)[0]), None)
        await asyncio.wait_for(thinking.wait(), WAIT)  # the second process's bot thinks about move 1
        await first_people.resign(table, person, None)
        gate.set()  # the bot answers now, for the position before the resign
        for _ in range(WAIT * 10):
            if answered and not runner.turns:
                break
            await asyncio.sleep(0.1)
    finally:
        await runner.stop()
    assert answered and not runner.turns
    assert _stored(first, table.id) == [list(table.state.history[0])]  # the person's move alone
    assert first.store.bot_turn(table.id) is None  # and the bots stay stopped
    held = second.live[table.id]  # the second process reloaded the table: resigned, at the new epoch
    assert held.resigned and held.people["result"] == table.people["result"]
    assert held.epoch == table.epoch == 1 and len(held.state.history) == 1
    for tables in (first, second):
        tables.store.dispose()


def test_a_move_through_a_process_that_missed_a_resign_is_refused(db_file: str):
    asyncio.run(_move_after_missed_resign(database_url(db_file)))


async def _move_after_missed_resign(url: str) -> None:
    (first, first_people), (second, _) = _process(url), _process(url)
    table, tokens = await _new_table(first, first_people, [HUMAN, HUMAN])
    lagging = await second.get(table.id)  # the other process holds the game before the resign
    await first_people.resign(table, table.access(tokens[1]), None)
    move = str(lagging.state.legal_actions(0)[0])
    with pytest.raises(IllegalAction):  # its move fails the epoch guard; reloaded, the game is resigned
        await second.act(lagging, lagging.access(tokens[0]), move, None)
    assert _stored(first, table.id) == []
    assert lagging.resigned and lagging.epoch == table.epoch == 1
    for tables in (first, second):
        tables.store.dispose()


def test_a_resign_through_a_process_that_missed_a_move_ranks_the_position_after_it(db_file: str):
    asyncio.run(_resign_after_missed_move(database_url(db_file)))


async def _resign_after_missed_move(url: str) -> None:
    (first, first_people), (second, second_people) = _process(url), _process(url)
    table, tokens = await _new_table(first, first_people, [HUMAN, HUMAN])
    lagging = await second.get(table.id)
    await first.act(table, table.access(tokens[0]), str(table.state.legal_actions(0)[0]), None)
    await second_people.resign(lagging, lagging.access(tokens[1]), None)  # reloads, then resigns
    assert len(lagging.state.history) == 1 and lagging.epoch == 1
    assert lagging.people["resigned"] == 1
    assert second_people.read(table.id)["result"] == lagging.people["result"]  # as stored
    for tables in (first, second):
        tables.store.dispose()
