"""A write is valid only for the position it was made for: every undo bumps the table's epoch, and
a move (a bot's or a person's) made for an older epoch is never stored, even when the table is
back at the same move number. On SQLite, and on PostgreSQL when LUDOTECA_TEST_POSTGRES_URL is set.

Two `Tables` on one database stand for two server processes whose change notifications have not
arrived yet (none is listening), the moment the races happen in."""

from __future__ import annotations

import asyncio
import logging

import pytest

from ludoteca.core import IllegalAction
from ludoteca.server.bots import BotRunner
from ludoteca.server.settings import Settings
from ludoteca.server.store import Store, database_url
from ludoteca.server.tables import Conflict, Tables
from ludoteca.server.undo import take_back

from .helpers import older_database, table_columns

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOT = {"kind": "bot", "bot": "random", "level": "easy"}
SETTINGS = Settings(bot_delay=0.0)
WAIT = 120  # seconds, a bound only: the steps below are ordered by events, never by sleeping


def _history(state) -> list[list]:
    return [[player, text] for player, text in state.history]


def _stored(store: Store, table_id: str) -> list[list]:
    return store.load(table_id)[1]


def test_a_bot_move_chosen_before_an_undo_is_discarded_and_the_bot_thinks_again(db_file: str, caplog):
    """The bot thinks about the position after the person's move `a`; meanwhile the person takes
    `a` back and plays `b`: the table is at move 1 again, in another position. The bot's answer to
    `a` (still a legal move after `b`) must not be stored; the bot thinks again about `b`."""
    caplog.set_level(logging.INFO, logger="ludoteca.bots")
    asyncio.run(_stale_bot_move(database_url(db_file)))
    assert any("discarded" in record.getMessage() for record in caplog.records)


async def _stale_bot_move(url: str) -> None:
    store = Store(url)
    tables = Tables(store, SETTINGS)
    runner = BotRunner(tables, SETTINGS)
    table, tokens, _ = await tables.create("blue-lagoon", None, {}, [{"kind": "human"}, BOT], seed=4)
    person = table.access(tokens[0])
    a, b = (str(move) for move in table.state.legal_actions(0)[:2])
    after_a, after_b = table.state.clone(), table.state.clone()
    after_a.apply(a, 0)
    after_b.apply(b, 0)
    answer_to_b = str(after_b.legal_actions(1)[0])
    still_legal = {str(move) for move in after_b.legal_actions(1)} - {answer_to_b}
    answer_to_a = next(str(m) for m in after_a.legal_actions(1) if str(m) in still_legal)

    thought_about: list[list] = []
    asked: asyncio.Queue[int] = asyncio.Queue()
    gate = asyncio.Event()

    async def think(state, seat, bot, level, lane, table_id) -> str:  # the bot process, held by the test
        thought_about.append(_history(state))
        await asked.put(len(thought_about))
        if len(thought_about) == 1:
            await gate.wait()
            return answer_to_a
        return str(state.legal_actions(seat)[0])

    runner._think = think
    runner._warm_up = lambda: None  # no bot process is needed
    runner.start()
    try:
        await tables.act(table, person, a, None)
        await asyncio.wait_for(asked.get(), WAIT)  # the bot is thinking about `a`
        await take_back(tables, table, 0, None)
        await tables.act(table, person, b, None)  # move 1 again, another position
        gate.set()  # the bot answers `a` now
        await asyncio.wait_for(asked.get(), WAIT)  # ... and is asked again, about `b`
        for _ in range(WAIT * 10):
            # stored, and applied in memory: the table takes the move just after its transaction
            if len(_stored(store, table.id)) == 2 and len(table.state.history) == 2:
                break
            await asyncio.sleep(0.1)
    finally:
        await runner.stop()
    assert thought_about == [_history(after_a), _history(after_b)]
    after_b.apply(answer_to_b, 1)
    assert _stored(store, table.id) == _history(after_b) == _history(table.state)
    store.dispose()


def test_a_move_through_a_process_that_missed_an_undo_is_not_stored_beyond_the_game(db_file: str):
    asyncio.run(_move_after_missed_undo(database_url(db_file)))


async def _move_after_missed_undo(url: str) -> None:
    first, second = Tables(Store(url), SETTINGS), Tables(Store(url), SETTINGS)
    table, tokens, _ = await first.create("blue-lagoon", None, {}, HUMANS, seed=4)
    for seat in (0, 1):
        await first.act(table, table.access(tokens[seat]), str(table.state.legal_actions(seat)[0]), None)
    lagging = await second.get(table.id)  # the other process holds the 2-action game
    await take_back(first, table, 1, None)  # seat 1 takes its move back: 1 action, a new epoch
    move = str(lagging.state.legal_actions(0)[0])  # seat 0's move after seat 1's, now undone
    with pytest.raises(IllegalAction):  # reloaded: it is seat 1's turn again, not seat 0's
        await second.act(lagging, lagging.access(tokens[0]), move, None)
    assert _stored(first.store, table.id) == _history(table.state) == _history(lagging.state)
    assert len(lagging.state.history) == 1 and lagging.epoch == table.epoch == 1
    for tables in (first, second):
        tables.store.dispose()


def test_an_undo_through_a_process_that_missed_a_move_is_refused(db_file: str):
    asyncio.run(_undo_after_missed_move(database_url(db_file)))


async def _undo_after_missed_move(url: str) -> None:
    first, second = Tables(Store(url), SETTINGS), Tables(Store(url), SETTINGS)
    table, tokens, _ = await first.create("blue-lagoon", None, {}, HUMANS, seed=4)
    for seat in (0, 1):
        await first.act(table, table.access(tokens[seat]), str(table.state.legal_actions(seat)[0]), None)
    lagging = await second.get(table.id)
    await first.act(table, table.access(tokens[0]), str(table.state.legal_actions(0)[0]), None)
    with pytest.raises(Conflict):  # its 2-action game would let seat 1 take back; the table has 3
        await take_back(second, lagging, 1, None)
    assert len(_stored(first.store, table.id)) == 3 == len(lagging.state.history)
    assert lagging.epoch == 0
    for tables in (first, second):
        tables.store.dispose()


def test_an_older_database_gains_the_epoch_column(tmp_path):
    store = Store(older_database(tmp_path / "old.sqlite3", missing="epoch"))
    assert "epoch" in table_columns(store.engine)
    assert store.load("t")[0].epoch == 0
    store.dispose()
