"""People at a table: a name per seat, who is online, resigning, and the lobby of public tables.

What is kept here is public by nature (a name, a flag, a place), so it travels in every payload as
`table.people`; nothing in it depends on a seat's hidden information. It is stored in two tables
of its own (`table_people`, `seat_names`, created beside the others at start-up), read when a
process loads a table (`Tables.on_load`), pushed to every socket of the table on a change, and
read again by every other process that holds the table when it is told of the change (`pubsub`).

- **Names**: one per human seat, chosen by whoever holds the seat's link (the creator names their
  own seat when creating the table). 1 to 24 letters, digits, spaces and . ' - _, beginning and
  ending with a letter or digit; anything else is a 400 with the rule in both languages.
- **Presence**: a seat is online while at least one WebSocket of a link that plays it is open in
  any process on the database. Each process counts its own sockets and shares the counts through
  the database, under the lease the socket caps use (see `People` and docs/SERVER.md).
- **Resign**: a seat may resign while the game runs. The game ends for the table (no more moves,
  bots stop, undo refused); the resigning seat is last. The other seats are ranked by the game's
  provisional score when the game has no hidden information (every score is on the board); in a
  game with hidden information a provisional score could depend on a hidden card or placement, so
  the others share first place and no score is shown. Nothing is computed from a hidden part.
- **Lobby**: a table whose creator made it public is listed while its game runs and one of its
  human seats has no name yet; anyone may take such a seat with a name, and receives a fresh
  link for it (the seat's earlier link stops working: the seat is now theirs).
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field
from sqlalchemy import JSON, Connection, ForeignKey, String, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.core import IllegalAction, OptionError

from .guard import RequestBody, presented_token
from .messages import MESSAGES
from .pubsub import people_notice
from .store import CHANNEL, ActionRow, Base, BotTurnRow, SocketRow, Stale, Store, TableRow, hash_token
from .tables import (
    MAX_PLAYERS,
    RETRIES,
    Access,
    Conflict,
    Forbidden,
    LiveTable,
    Seat,
    SeatWords,
    Tables,
    chosen_seat,
    moved_on,
)
from .tasks import woken

log = logging.getLogger("ludoteca.server")

NAME_LENGTH = 24
NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?")
LOBBY_SIZE = 50
# How naming and resigning refuse a link that plays no seat, or several without saying which.
PEOPLE_WORDS = SeatWords(spectator="people.spectator", which_seat="people.which_seat")


class PeopleRow(Base):
    """A table's people settings: listed in the lobby or not, and which seat resigned."""

    __tablename__ = "table_people"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    public: Mapped[bool] = mapped_column(default=False)
    resigned: Mapped[int | None] = mapped_column(default=None)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)  # fixed when a seat resigns


class SeatNameRow(Base):
    """The name of one human seat; its primary key makes taking a free seat a single winner's."""

    __tablename__ = "seat_names"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH * 4))
    joined: Mapped[bool] = mapped_column(default=False)  # taken from the lobby: not the hot-seat's any more


class PeopleSpec(RequestBody):
    """What the creator chooses about people when creating a table."""

    name: str | None = Field(None, max_length=100, description="the creator's name, for the first human seat")
    public: bool = Field(False, description="list the table in the lobby while it has free seats")


class NameRequest(RequestBody):
    name: str = Field(..., max_length=100, description=f"1 to {NAME_LENGTH} letters, digits, spaces, . ' - _")
    token: str | None = Field(None, max_length=100, description="your link's secret (or a header)")
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS, description="which of your seats (hot-seat)")


class ResignRequest(RequestBody):
    token: str | None = Field(None, max_length=100, description="your link's secret (or a header)")
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS, description="which of your seats resigns (hot-seat)")


class JoinRequest(RequestBody):
    seat: int = Field(..., ge=0, lt=MAX_PLAYERS, description="the free seat to take")
    name: str = Field(..., max_length=100, description="your name at the table")


def valid_name(raw: str) -> str:
    """The name as stored (NFC, trimmed), or an `OptionError` saying what a name may be."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name or len(name) > NAME_LENGTH or not NAME.fullmatch(name) or "  " in name:
        raise OptionError(MESSAGES.message("people.name", length=NAME_LENGTH))
    return name


def checked_people(spec: PeopleSpec | None) -> PeopleSpec:
    """A creation's people choices with the creator's name validated and normalised."""
    spec = spec or PeopleSpec(name=None, public=False)
    return spec.model_copy(update={"name": valid_name(spec.name) if spec.name is not None else None})


class People:
    """The people of this process's live tables: stored facts, and socket counts for presence.

    Presence is counted where the sockets are: each process keeps its own sockets per seat in
    memory and writes them as rows of `socket_counts` (key "seat <table> <seat>"), the rows the
    socket caps use, under the same owner and the same lease, renewed by `Tables.keep_socket_counts`.
    A seat is online while any process counts a socket for it; a process that dies stops counting
    when its lease runs out. Every change of the stored people is announced with a `people`
    notification (`pubsub`), and every process that holds the table reads them again."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.store: Store = tables.store
        self.sockets: dict[str, Counter[int]] = {}  # table id -> this process's open sockets per seat
        self.elsewhere: dict[str, Counter[int]] = {}  # table id -> other processes' sockets per seat
        self.unwritten: set[str] = set()  # tables whose counts here changed since they were written
        self.presence_changes = asyncio.Event()
        tables.on_load.append(self.read)

    # ---- what every payload carries ------------------------------------------------------------

    def read(self, table_id: str) -> dict[str, Any]:
        """A table's people as stored (in a worker thread, when a process loads or reloads the
        table); the other processes' presence is kept for the next changes here."""
        stored = self._stored(table_id)
        if stored is None:
            return {}
        facts, count, elsewhere, _ = stored
        self.elsewhere[table_id] = elsewhere  # one dictionary assignment: safe from a thread
        return shaped(facts, count, self._online(table_id))

    def _stored(self, table_id: str) -> tuple[dict[str, Any], int, Counter[int], list[Seat]] | None:
        """What is stored of a table's people: the facts, the seat count, other processes'
        sockets per seat, and the seats (a lobby join gives one a new token); None: no table."""
        with self.store.engine.connect() as connection:
            table = connection.execute(select(TableRow.num_players, TableRow.seats)
                                       .where(TableRow.id == table_id)).first()
            if table is None:
                return None
            settings = connection.execute(select(PeopleRow.public, PeopleRow.result)
                                          .where(PeopleRow.table_id == table_id)).first()
            names = connection.execute(select(SeatNameRow.seat, SeatNameRow.name, SeatNameRow.joined)
                                       .where(SeatNameRow.table_id == table_id)).all()
            elsewhere = self._presence_elsewhere(connection, table_id).get(table_id, Counter())
        facts = {"public": bool(settings and settings.public),
                 "result": settings.result if settings else None,
                 "names": {seat: name for seat, name, _ in names},
                 "joined": {seat for seat, _, joined in names if joined}}
        return facts, table.num_players, elsewhere, [Seat.from_stored(seat) for seat in table.seats]

    def _presence_elsewhere(self, connection: Connection, table_id: str | None) -> dict[str, Counter[int]]:
        """Sockets per seat that other live processes count, for one table (or every table)."""
        keys = presence_key(table_id, None) if table_id else "seat "
        rows = connection.execute(
            select(SocketRow.key, func.sum(SocketRow.count))
            .where(SocketRow.key.startswith(keys, autoescape=True), SocketRow.owner != self.tables.owner,
                   SocketRow.lease_until > time.time())
            .group_by(SocketRow.key)
        ).all()
        found: dict[str, Counter[int]] = {}
        for key, total in rows:
            _, table, seat = key.split()
            if total and total > 0:
                found.setdefault(table, Counter())[int(seat)] += total
        return found

    def _online(self, table_id: str) -> Counter[int]:
        return self.sockets.get(table_id, Counter()) + self.elsewhere.get(table_id, Counter())

    def publish(self, table: LiveTable, facts: dict[str, Any]) -> None:
        """Make `facts` (stored) the table's people and, if that changes them, send every socket
        its new payload."""
        people = shaped(facts, table.state.num_players, self._online(table.id))
        if people == table.people:
            return
        table.people = people
        table.messages = {}
        for changed in table.listeners:
            changed.set()

    @staticmethod
    def facts(table: LiveTable) -> dict[str, Any]:
        """What is stored of a table's people, read back from its payload form."""
        people = table.people
        names = {seat: name for seat, name in enumerate(people.get("names", [])) if name is not None}
        return {"public": people.get("public", False), "result": people.get("result"), "names": names,
                "joined": set(people.get("joined", ()))}

    async def refresh(self, table: LiveTable) -> None:
        """Read the table's people again and show them (a change stored here or elsewhere). Under
        the table's lock, as every read of the table is, so reads are applied in order."""
        async with table.lock:
            await self._refresh_locked(table)

    async def _refresh_locked(self, table: LiveTable) -> None:
        stored = await asyncio.to_thread(self._stored, table.id)
        if stored is None:
            return
        facts, _, elsewhere, seats = stored
        for seat, now_stored in zip(table.seats, seats, strict=True):
            seat.token_hash = now_stored.token_hash
        self.elsewhere[table.id] = elsewhere
        self.publish(table, facts)

    async def changed_elsewhere(self, table_id: str) -> None:
        """A `people` notification: read the table's people again if this process holds it."""
        table = self.tables.live.get(table_id)
        if table is not None:
            await self.refresh(table)

    async def lost_notifications(self) -> None:
        """The change listener reconnected: notifications may have been missed meanwhile."""
        for table in list(self.tables.live.values()):
            await self.refresh(table)

    def _notify(self, connection: Connection, table_id: str) -> None:
        """Tell every process (when the transaction commits) that the table's people changed."""
        if self.store.postgres:
            connection.execute(select(func.pg_notify(CHANNEL, people_notice(table_id))))

    # ---- creation, names -----------------------------------------------------------------------

    async def setup(self, table: LiveTable, spec: PeopleSpec) -> None:
        """A new table's people (`spec` from `checked_people`): public or not, and its creator's
        name on the first human seat."""
        humans = [i for i, seat in enumerate(table.seats) if seat.kind == "human"]
        names = {humans[0]: spec.name} if spec.name is not None and humans else {}
        await asyncio.to_thread(self._store_setup, table.id, spec.public, names)
        self.publish(table, {"public": spec.public, "result": None, "names": names, "joined": set()})

    def _store_setup(self, table_id: str, public: bool, names: dict[int, str]) -> None:
        with self.store.engine.begin() as connection:
            connection.execute(insert(PeopleRow).values(table_id=table_id, public=public))
            for seat, name in names.items():
                connection.execute(insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name))
            self._notify(connection, table_id)

    async def rename(self, table: LiveTable, access: Access, seat: int | None, raw: str) -> None:
        """Name (or rename) a seat this link plays."""
        chosen = chosen_seat(access, seat, PEOPLE_WORDS)
        name = valid_name(raw)
        await asyncio.to_thread(self._store_name, table.id, chosen, name)
        await self.refresh(table)

    def _store_name(self, table_id: str, seat: int, name: str) -> None:
        with self.store.engine.begin() as connection:
            renamed = update(SeatNameRow).where(SeatNameRow.table_id == table_id, SeatNameRow.seat == seat)
            if connection.execute(renamed.values(name=name)).rowcount == 0:
                connection.execute(insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name))
            self._notify(connection, table_id)

    # ---- presence -------------------------------------------------------------------------------

    @contextmanager
    def present(self, table: LiveTable, access: Access) -> Iterator[None]:
        """While a socket of `access` is open, its seats are online (for every process, once
        `keep_presence` has written the new count)."""
        if not access.seats:  # a spectator is nobody's presence
            yield
            return
        self.sockets.setdefault(table.id, Counter()).update(access.seats)
        self._presence_changed(table)
        try:
            yield
        finally:
            self.sockets.setdefault(table.id, Counter()).subtract(access.seats)
            self._presence_changed(table)

    def _presence_changed(self, table: LiveTable) -> None:
        self.publish(table, self.facts(table))  # this process's sockets see it at once
        self.unwritten.add(table.id)
        self.presence_changes.set()

    async def keep_presence(self) -> None:
        """Runs while the process serves: writes this process's presence counts soon after they
        change and tells the other processes; every third of `socket_lease_seconds` it also reads
        the other processes' counts, which change unannounced when a process dies (its rows stop
        counting once its lease runs out), so a dead process's seats read as away within about
        4/3 of the lease."""
        lease = self.tables.settings.socket_lease_seconds
        looked = time.monotonic()
        while True:
            await woken(self.presence_changes, lease / 3)
            self.presence_changes.clear()
            try:
                await self._write_presence(lease)
                if time.monotonic() - looked >= lease / 3:
                    looked = time.monotonic()
                    await self._look_elsewhere()
            except Exception as error:  # the database is away: the counts stay unwritten, try again
                log.warning("presence not written: %s", type(error).__name__)
            await asyncio.sleep(0.1)  # a burst of changes is written at once

    async def _write_presence(self, lease: float) -> None:
        """Write the counts of the tables whose presence changed here, as they are now (one
        writer: the last count written is always the latest), then announce them."""
        changed, self.unwritten = self.unwritten, set()
        counts = {presence_key(table_id, seat): count
                  for table_id in changed for seat, count in self.sockets.get(table_id, Counter()).items()}
        try:
            await asyncio.to_thread(self._store_presence, counts, sorted(changed), lease)
        except BaseException:
            self.unwritten |= changed
            raise
        for table_id in changed - self.unwritten:  # all written, none open: nothing left to keep
            if not +self.sockets.get(table_id, Counter()):
                self.sockets.pop(table_id, None)

    def _store_presence(self, counts: dict[str, int], tables: list[str], lease: float) -> None:
        """The counts (a 0 deletes its row), then one notification per table. Two transactions: if
        the process dies in between, the others see the change at their next look instead."""
        if counts:
            self.store.write_socket_counts(self.tables.owner, counts, lease, time.time())
        if self.store.postgres and tables:
            with self.store.engine.begin() as connection:
                for table_id in tables:
                    self._notify(connection, table_id)

    async def _look_elsewhere(self) -> None:
        """Read every other process's presence counts (one query) and refresh the tables held
        here whose counts changed without a notification (a process that died)."""
        found = await asyncio.to_thread(self._read_elsewhere)
        for table_id in list(self.elsewhere.keys() | found.keys()):
            table = self.tables.live.get(table_id)
            if table is None:
                self.elsewhere.pop(table_id, None)
            elif found.get(table_id, Counter()) != self.elsewhere.get(table_id, Counter()):
                await self.refresh(table)

    def _read_elsewhere(self) -> dict[str, Counter[int]]:
        with self.store.engine.connect() as connection:
            return self._presence_elsewhere(connection, None)

    # ---- resigning ------------------------------------------------------------------------------

    async def resign(self, table: LiveTable, access: Access, seat: int | None) -> None:
        """End the game with `seat` resigned: stored with the table, bots stopped, everyone told.

        The resign bumps the table's epoch, as an undo does, so a move chosen for the position
        before it (a bot thinking in any process, a person's move through a process that has not
        heard of the resign) is never stored after it."""
        chosen = chosen_seat(access, seat, PEOPLE_WORDS)
        for _ in range(RETRIES):
            async with table.lock:  # no move of anyone is stored meanwhile
                if table.state.is_over or table.resigned:
                    raise IllegalAction(MESSAGES.message("people.over"))
                if await self.end_locked(table, resign_result(table, chosen)):
                    return
                await self.tables.reload_locked(table)  # moved on elsewhere: rank the new position
        raise moved_on()

    async def end_locked(self, table: LiveTable, result: dict[str, Any]) -> bool:
        """Store `result` as the end of the table by a resign (or a clock's forfeit) and tell every
        socket; under the table's lock. False, with nothing stored, if another process moved or
        took back meanwhile."""
        try:
            epoch = await asyncio.to_thread(self._store_resign, table.id, table.epoch,
                                            len(table.state.history), result)
        except Stale:
            return False
        table.become(table.state, epoch)
        facts = self.facts(table)
        facts["result"] = result
        self.publish(table, facts)
        return True

    def _store_resign(self, table_id: str, epoch: int, count: int, result: dict[str, Any]) -> int:
        """Store the resign of a table at `epoch` with `count` actions, bumping its epoch; the new
        epoch. `Stale` (nothing stored) if the table is not at that position any more. The epoch
        is bumped first, which holds the table's row: a move being stored elsewhere either
        commits before (and the count tells) or fails its own epoch guard after."""
        with self.store.engine.begin() as connection:
            at_epoch = update(TableRow).where(TableRow.id == table_id, TableRow.epoch == epoch)
            bumped = connection.execute(at_epoch.values(epoch=epoch + 1, finished=True))
            stored = connection.execute(select(func.count()).select_from(ActionRow)
                                        .where(ActionRow.table_id == table_id)).scalar()
            if bumped.rowcount != 1 or stored != count:
                raise Stale(table_id)  # rolls the transaction back
            values = {"resigned": result["resigned"], "result": result}
            settings = update(PeopleRow).where(PeopleRow.table_id == table_id).values(**values)
            if connection.execute(settings).rowcount == 0:
                connection.execute(insert(PeopleRow).values(table_id=table_id, **values))
            connection.execute(delete(BotTurnRow).where(BotTurnRow.table_id == table_id))
            if self.store.postgres:  # a new epoch: every process reloads the table, people included
                connection.execute(select(func.pg_notify(CHANNEL, f"{table_id} {count} {epoch + 1}")))
        return epoch + 1
    # ---- the lobby -----------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        """Public tables still being played with a human seat nobody has named (public facts only)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.game, TableRow.num_players, TableRow.seats, TableRow.created)
                .join(PeopleRow, PeopleRow.table_id == TableRow.id)
                .where(PeopleRow.public.is_(True), PeopleRow.resigned.is_(None), TableRow.finished.is_(False))
                .order_by(TableRow.created.desc())
                .limit(LOBBY_SIZE * 4)
            ).all()
            names = connection.execute(
                select(SeatNameRow.table_id, SeatNameRow.seat, SeatNameRow.name)
                .where(SeatNameRow.table_id.in_([row.id for row in rows]))
            ).all()
        named: dict[str, dict[int, str]] = {}
        for table_id, seat, name in names:
            named.setdefault(table_id, {})[seat] = name
        listed = []
        for row in rows:
            seats = [_lobby_seat(i, spec, named.get(row.id, {}).get(i)) for i, spec in enumerate(row.seats)]
            if any(seat["free"] for seat in seats):
                listed.append({"id": row.id, "game": row.game, "num_players": row.num_players,
                               "seats": seats, "created": row.created.isoformat()})
        return listed[:LOBBY_SIZE]

    async def join(self, table: LiveTable, seat: int, raw: str) -> str:
        """Take free seat `seat` of a public table under a name; the answer is the seat's new token."""
        name = valid_name(raw)
        if not table.people.get("public"):
            raise Forbidden(MESSAGES.message("people.private"))
        if table.state.is_over or table.resigned:
            raise IllegalAction(MESSAGES.message("people.over"))
        if seat >= len(table.seats) or table.seats[seat].kind != "human":
            raise OptionError(MESSAGES.message("people.not_human", seat=seat))
        token = secrets.token_urlsafe(16)
        try:
            await asyncio.to_thread(self._store_join, table.id, seat, name, hash_token(token))
        except IntegrityError as error:
            raise Conflict(MESSAGES.message("people.taken", seat=seat)) from error
        await self.refresh(table)  # the seat's new token, its name, and the hot-seat link's seats
        return token

    def _store_join(self, table_id: str, seat: int, name: str, digest: str) -> None:
        """The name row first: its primary key lets only one person take the seat. The seats are
        then read for update (SQLite: the insert already holds the write lock), so two joins of
        different seats through two processes cannot each write back the other's old token."""
        with self.store.engine.begin() as connection:
            taken = insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name, joined=True)
            connection.execute(taken)
            seats = connection.execute(select(TableRow.seats).where(TableRow.id == table_id)
                                       .with_for_update()).scalar_one()
            seats = [dict(spec) for spec in seats]
            seats[seat]["token"] = digest
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(seats=seats))
            self._notify(connection, table_id)


def shaped(facts: dict[str, Any], count: int, online: Counter[int]) -> dict[str, Any]:
    """The people of a table as every payload carries them (JSON; public facts only)."""
    names, result = facts["names"], facts["result"]
    return {
        "names": [names.get(seat) for seat in range(count)],
        "online": [online[seat] > 0 for seat in range(count)],
        "public": bool(facts["public"]),
        "resigned": result["resigned"] if result else None,
        "result": result,
        "joined": sorted(facts["joined"]),
    }


def _lobby_seat(index: int, spec: dict[str, Any], name: str | None) -> dict[str, Any]:
    human = spec["kind"] == "human"
    return {"seat": index, "kind": spec["kind"], "bot": spec.get("bot"), "level": spec.get("level"),
            "name": name, "free": human and name is None}


def presence_key(table_id: str, seat: int | None) -> str:
    """A seat's row key in `socket_counts` ("seat <table> <seat>"); without a seat, the prefix
    of every seat of the table."""
    return f"seat {table_id} " + ("" if seat is None else str(seat))


def resign_result(table: LiveTable, resigned: int) -> dict[str, Any]:
    """The result of a game a seat resigned (see the module's docstring): the resigning seat last;
    the others by provisional score only when every score is public."""
    state = table.state
    count = state.num_players
    others = [p for p in range(count) if p != resigned]
    public_scores = not state.game.info.hidden_information
    provisional = list(state.scores()) if public_scores else [0.0] * count  # hidden: all equal
    ranking = [count] * count
    for seat in others:
        ranking[seat] = 1 + sum(1 for p in others if provisional[p] > provisional[seat])
    scores = provisional if public_scores else [None] * count
    breakdown = [dict(b) for b in state.breakdown()] if public_scores else [{} for _ in range(count)]
    return {"scores": scores, "ranking": ranking, "winners": [p for p in others if ranking[p] == 1],
            "tiebreak": None, "breakdown": breakdown, "resigned": resigned}


router = APIRouter(tags=["people"])


def people_of(request: Request) -> People:
    return request.app.state.people


@router.post("/api/tables/{table_id}/name")
async def name_seat(table_id: str, body: NameRequest, request: Request) -> dict[str, Any]:
    """Name your seat (the token in the body or an `Authorization: Bearer` header). 400: not a
    valid name (the rule is in the answer)."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    access = table.access(presented_token(request.headers, body.token))
    await people.rename(table, access, body.seat, body.name)
    return {"people": table.people}


@router.post("/api/tables/{table_id}/resign")
async def resign(table_id: str, body: ResignRequest, request: Request) -> dict[str, Any]:
    """Resign your seat: the game ends, you are last, the others are ranked (see docs/SERVER.md).
    409: the game is already over."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    access = table.access(presented_token(request.headers, body.token))
    await people.resign(table, access, body.seat)
    return {"people": table.people}


@router.get("/api/lobby")
async def lobby(request: Request) -> list[dict[str, Any]]:
    """Public tables waiting for players: game, seats (bots, names, free seats). Never a token."""
    return await asyncio.to_thread(people_of(request).lobby)


@router.post("/api/lobby/{table_id}/join")
async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
    """Take a free seat of a public table under a name. The answer carries the seat's new link and
    token (keep them: they are the seat). 409: the seat was taken; 403: the table is not public."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    token = await people.join(table, body.seat, body.name)
    return {"id": table.id, "seat": body.seat, "token": token, "link": f"/table/{table.id}#token={token}"}
