"""How a change made by one server process reaches the others: PostgreSQL LISTEN/NOTIFY.

Every stored action (and every undo or resign) sends `NOTIFY ludoteca, '<table> <count> <epoch>'`
inside its own transaction (see `Store.append_action`), so a notification exists exactly when the
action does. A change of a table's people (a name, a lobby join, a seat coming online or going
away: `people.py`) sends `'people <table>'`. Each process keeps one connection that LISTENs and
hands every notification to `on_change` or `on_people`; the process then reads what changed from
the database (a notification carries no action and no name, so nothing secret travels through
it; the epoch tells an undo or a resign from a move). On SQLite there is only one process and
nothing to listen to.

If the listening connection breaks, notifications sent meanwhile are lost; `on_reconnect` lets the
tables cache drop or refresh what it holds, so nothing stays stale.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg
from sqlalchemy import make_url

from .store import CHANNEL
from .tasks import stopped

log = logging.getLogger("ludoteca.server")

OnChange = Callable[[str, int, int], Awaitable[None]]  # table id, number of actions, epoch
OnPeople = Callable[[str], Awaitable[None]]  # table id
OnReconnect = Callable[[], Awaitable[None]]
PEOPLE = "people"  # first word of a people notification (a table id is hexadecimal: never this)


def people_notice(table_id: str) -> str:
    """The payload telling every process that a table's people changed."""
    return f"{PEOPLE} {table_id}"


def psycopg_dsn(url: str) -> str:
    """A libpq connection string from a SQLAlchemy URL (postgresql+psycopg://...)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """LISTENs on the change channel for as long as the process runs, reconnecting after errors."""

    def __init__(self, url: str, on_change: OnChange, on_reconnect: OnReconnect, retry: float = 1.0,
                 on_people: OnPeople | None = None):
        self.dsn = psycopg_dsn(url)
        self.on_change = on_change
        self.on_people = on_people  # None: people notifications are ignored (a bot worker)
        self.on_reconnect = on_reconnect
        self.retry = retry
        self.ready = asyncio.Event()
        self.task: asyncio.Task | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name="ludoteca-listen")

    async def stop(self) -> None:
        if self.task is not None:  # bounded: a connection stuck closing must not hold up shutdown
            await stopped([self.task])

    async def _run(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if not first:
                        await self.on_reconnect()
                    first = False
                    self.ready.set()
                    async for notice in connection.notifies():
                        await self._deliver(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database restarted or the network broke: listen again
                self.ready.clear()
                log.warning("change listener lost its connection (%s); reconnecting", type(error).__name__)
                await asyncio.sleep(self.retry)

    async def _deliver(self, payload: str) -> None:
        try:
            words = payload.split()
            if words[0] == PEOPLE:
                if self.on_people is not None:
                    await self.on_people(words[1])
                return
            table_id, count, epoch = words
            await self.on_change(table_id, int(count), int(epoch))
        except Exception:
            log.exception("a table change notification could not be applied")
