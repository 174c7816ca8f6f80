"""Persistence of tables: what is needed to rebuild every table exactly, from any server process.

A table is stored as its game record (game, version, player count, seed, options) plus its seats,
and one row per applied action. The state itself is never stored: `game.replay` rebuilds it, so
the database stays small and independent of each game's internal fields.

Several processes may share one database. The primary key (table, seq) of an action is the guard
of optimistic appends: two processes that both try to store action number n of a table cannot both
succeed; the loser gets `SeqTaken` and reloads. A bot's turn is a row of `bot_turns`, written in
the same transaction as the action that made it due, and claimed by one bot runner at a time with
a lease (an owner and an expiry), so a crashed runner's turn is taken over once its lease expires.

Rate limits are kept here too (`rate_limits`), so that a client's budget is one budget however
many processes it spreads its requests over.

Secrets never reach the database in clear: tokens are stored as SHA-256 digests. Statement
parameters are hidden from SQLAlchemy's error messages, so a failed write cannot log an action
(which may be a secret placement).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Connection,
    CursorResult,
    Float,
    ForeignKey,
    String,
    and_,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    make_url,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Result
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from .migrations import migrate

ENV_URL = "LUDOTECA_DATABASE_URL"
DEFAULT_FILE = "ludoteca.sqlite3"
CHANNEL = "ludoteca"  # the PostgreSQL NOTIFY channel of table changes
HASH_PREFIX = "sha256:"


def database_url(given: str | None = None) -> str:
    """The URL to use: the one given, else `LUDOTECA_DATABASE_URL`, else a SQLite file here.

    A bare file path is accepted too and taken as a SQLite file.
    """
    url = given or os.environ.get(ENV_URL) or DEFAULT_FILE
    if "://" not in url:
        url = f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


def shown_url(url: str) -> str:
    """The URL as it may be printed or logged: the password replaced by ***."""
    return make_url(url).render_as_string(hide_password=True)


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def hash_token(token: str) -> str:
    """The stored form of a secret link token. Tokens carry 128 random bits, so one SHA-256 is
    enough: a leaked database gives no link (a slow password hash would add nothing)."""
    return HASH_PREFIX + hashlib.sha256(token.encode("ascii")).hexdigest()


def stored_hash(value: str) -> str:
    """A token column's digest; tables written before tokens were hashed hold the token itself."""
    return value if value.startswith(HASH_PREFIX) else hash_token(value)


class SeqTaken(Exception):
    """Another process stored this action number of the table first."""


class Stale(Exception):
    """The table was taken back (an undo, in any process) since the position this write was made
    for: its epoch is not the one the writer saw. The writer reloads; nothing was stored."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    num_players: Mapped[int]
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # kind, bot, level, token digest per seat
    hotseat_token: Mapped[str] = mapped_column(String(80))  # a digest
    created: Mapped[datetime]
    finished: Mapped[bool] = mapped_column(default=False)
    # Bumped by every undo: a write is valid only for the epoch of the position it was made for,
    # so a bot that thought about a branch since taken back can never store its move in a new one.
    epoch: Mapped[int] = mapped_column(default=0, server_default="0")
    # The table's clock, if it has one (see clocks.py): written with every action, so that every
    # process reads the same times; None for a table without a clock.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)  # 0-based position in the history
    player: Mapped[int]
    text: Mapped[str] = mapped_column(String(200))


class BotTurnRow(Base):
    """A table whose next move belongs to a bot: due at `seq` actions, for a runner of `lane`."""

    __tablename__ = "bot_turns"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int]  # the number of actions when the bot is to move
    lane: Mapped[str] = mapped_column(String(16))  # easy, normal or hard: runners serve each apart
    not_before: Mapped[datetime]  # a delay for people to see the move, or a retry's back-off
    owner: Mapped[str | None] = mapped_column(String(64), default=None)
    lease_until: Mapped[datetime | None] = mapped_column(default=None)
    failures: Mapped[int] = mapped_column(default=0)


class RateRow(Base):
    """One client's budget of one kind of request, as GCRA keeps it: a single instant, `until`,
    up to which the budget is spent (the bucket is full again at or before now)."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(96), primary_key=True)  # kind and client, e.g. "tables 192.0.2.7"
    until: Mapped[float] = mapped_column(Float)  # seconds since the epoch


class SocketRow(Base):
    """How many open WebSockets one server process (`owner`) holds under one capped key ("client
    <address>" or "table <id>"), while its lease lasts: the process renews it every few seconds,
    so the sockets of a process that died stop counting once `lease_until` has passed."""

    __tablename__ = "socket_counts"

    owner: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(String(96), primary_key=True)
    count: Mapped[int]
    lease_until: Mapped[float] = mapped_column(Float, index=True)  # seconds since the epoch


class CapReached(Exception):
    """A socket cap is reached across every process: `key` is the one that is full."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class BotTurn:
    table_id: str
    seq: int
    lane: str
    failures: int


@dataclass(frozen=True)
class Changes:
    """A stored table as another process left it: its epoch, the actions newer than ours, its clock."""

    epoch: int
    actions: list[list]
    clock: dict[str, Any] | None


@dataclass(frozen=True)
class NextBotTurn:
    """What an append leaves to the bots: None when no bot is to move."""

    lane: str
    delay: float


class Store:
    """Synchronous storage; the server calls it from worker threads, never on the event loop."""

    def __init__(self, url: str, pool_size: int = 10):
        self.url = url
        self.postgres = is_postgres(url)
        if self.postgres:
            self.engine = create_engine(url, hide_parameters=True, pool_size=pool_size, max_overflow=20,
                                        pool_pre_ping=True)
        else:
            self.engine = create_engine(
                url, hide_parameters=True, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        migrate(self.engine)

    # ---- tables and actions -------------------------------------------------------------------

    def create_table(self, row: TableRow, bots: NextBotTurn | None) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(row)
            session.flush()
            if bots is not None:
                self._upsert_bot_turn(session.connection(), row.id, 0, bots)

    def append_action(
        self, table_id: str, epoch: int, seq: int, player: int, text_: str, finished: bool,
        bots: NextBotTurn | None, has_bots: bool = True, clock: dict[str, Any] | None = None,
    ) -> None:
        """Store action number `seq` of the table at `epoch` (and whether it ended the game, and
        whose turn is next) in one transaction, and tell every process; raises `SeqTaken` if that
        number is already stored, `Stale` if the table was taken back since `epoch`.

        This runs for every move, so it is plain statements on one connection, as few round trips
        as possible: the guard (an UPDATE of the table's row at `epoch`, which also records
        whether the game is over and holds the row until the commit, so an undo elsewhere waits
        for it), the insert, which sends the notification on PostgreSQL (delivered when, and only
        if, the transaction commits), and the commit. A table without bots (`has_bots` False)
        never has a bot turn to clear. A table with a clock stores its new `clock` in the guard."""
        written = {"finished": finished} if clock is None else {"finished": finished, "clock": clock}
        guard = update(TableRow).where(TableRow.id == table_id, TableRow.epoch == epoch).values(**written)
        action = insert(ActionRow).values(table_id=table_id, seq=seq, player=player, text=text_)
        if self.postgres:
            action = action.returning(func.pg_notify(CHANNEL, f"{table_id} {seq + 1} {epoch}"))
        try:
            with self.engine.begin() as connection:
                if connection.execute(guard).rowcount != 1:
                    raise Stale(table_id)
                connection.execute(action)
                if bots is not None:
                    self._upsert_bot_turn(connection, table_id, seq + 1, bots)
                elif has_bots:
                    connection.execute(delete(BotTurnRow).where(BotTurnRow.table_id == table_id))
        except IntegrityError as error:
            raise SeqTaken(table_id) from error

    def shorten(self, table_id: str, epoch: int, count: int, keep: int, bots: NextBotTurn | None,
                clock: dict[str, Any] | None = None) -> int:
        """Take the table back from `count` actions to its first `keep` (an undo), with its due bot
        turn, in one transaction; the table's new epoch. `Stale` if the table is not at `epoch`
        with `count` actions any more (another process moved or took back meanwhile).

        The epoch is bumped first: that holds the table's row, so a move being stored elsewhere
        either commits before (and is counted, and refused here) or waits and then fails its
        own guard; no action can be left stored beyond the shorter game. A table with a clock
        stores its restarted `clock` in the same statement."""
        written = {"epoch": epoch + 1, "finished": False, **({"clock": clock} if clock is not None else {})}
        with self.engine.begin() as connection:
            bumped = connection.execute(
                update(TableRow).where(TableRow.id == table_id, TableRow.epoch == epoch).values(**written))
            stored = connection.execute(
                select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)).scalar()
            if bumped.rowcount != 1 or stored != count:
                raise Stale(table_id)  # rolls the transaction back
            connection.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= keep))
            if bots is None:
                connection.execute(delete(BotTurnRow).where(BotTurnRow.table_id == table_id))
            else:
                self._upsert_bot_turn(connection, table_id, keep, bots)
            if self.postgres:
                connection.execute(select(func.pg_notify(CHANNEL, f"{table_id} {keep} {epoch + 1}")))
        return epoch + 1

    @staticmethod
    def _upsert_bot_turn(connection: Connection, table_id: str, seq: int, bots: NextBotTurn) -> None:
        """The table's bot turn is now `seq`, fresh (no owner, no failures). Update, else insert:
        no other process can write this table's turn meanwhile, as it would have to store action
        `seq - 1` first, which this transaction holds."""
        fresh = {"seq": seq, "lane": bots.lane, "not_before": now() + timedelta(seconds=bots.delay),
                 "owner": None, "lease_until": None, "failures": 0}
        turn = update(BotTurnRow).where(BotTurnRow.table_id == table_id).values(**fresh)
        if connection.execute(turn).rowcount == 0:
            connection.execute(insert(BotTurnRow).values(table_id=table_id, **fresh))

    def load(self, table_id: str) -> tuple[TableRow, list[list]] | None:
        """A table and its actions as [[player, text], ...], or None if there is no such table.

        The row (with its epoch) is read before the actions: if an undo commits in between, the
        actions are newer than the epoch, and the first write fails as `Stale` and reloads; the
        other order could pair an older game with the newer epoch."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return row, self._actions(session, table_id, 0)

    def changes_from(self, table_id: str, start: int) -> Changes | None:
        """The table's epoch, its actions from number `start` on and its clock, read in one
        statement (one snapshot), to catch up with another process; None if the table is gone."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.epoch, TableRow.clock, ActionRow.player, ActionRow.text)
                .select_from(TableRow)
                .outerjoin(ActionRow, and_(ActionRow.table_id == TableRow.id, ActionRow.seq >= start))
                .where(TableRow.id == table_id)
                .order_by(ActionRow.seq)
            ).all()
        if not rows:
            return None
        newer = [[row.player, row.text] for row in rows if row.player is not None]
        return Changes(rows[0].epoch, newer, rows[0].clock)

    @staticmethod
    def _actions(session: Session, table_id: str, start: int) -> list[list]:
        rows = session.execute(
            select(ActionRow.player, ActionRow.text)
            .where(ActionRow.table_id == table_id, ActionRow.seq >= start)
            .order_by(ActionRow.seq)
        ).all()
        return [[player, text_] for player, text_ in rows]

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables, public facts only (never the tokens)."""
        counts = select(ActionRow.table_id, func.count().label("n")).group_by(ActionRow.table_id).subquery()
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow, counts.c.n)
                .outerjoin(counts, counts.c.table_id == TableRow.id)
                .order_by(TableRow.created.desc())
                .limit(limit)
            ).all()
            return [
                {
                    "id": row.id,
                    "game": row.game,
                    "num_players": row.num_players,
                    "seats": [
                        {"kind": s["kind"], "bot": s.get("bot"), "level": s.get("level")} for s in row.seats
                    ],
                    "created": row.created.isoformat(),
                    "finished": row.finished,
                    "actions": n or 0,
                }
                for row, n in rows
            ]

    # ---- rate limits --------------------------------------------------------------------------

    def take_rate(self, key: str, interval: float, burst: int, moment: float) -> float:
        """Spend one request of `key`'s budget (`burst` at once, one more every `interval` seconds)
        at `moment`: 0.0 if it was allowed, else the seconds until it would be (nothing spent).

        The generic cell rate algorithm needs one number per client, so a request is one
        conditional UPDATE, atomic on SQLite and PostgreSQL alike: of several processes spending
        the last unit of a budget at once, exactly one succeeds."""
        window = burst * interval
        start = case((RateRow.until > moment, RateRow.until), else_=moment)
        for _ in range(3):  # an INSERT race with another process is retried as an UPDATE
            with self.engine.begin() as connection:
                spent = connection.execute(
                    update(RateRow)
                    .where(RateRow.key == key, start + interval - moment <= window)
                    .values(until=start + interval)
                )
                if spent.rowcount == 1:
                    return 0.0
                until = connection.execute(select(RateRow.until).where(RateRow.key == key)).scalar()
            if until is not None:
                return max(until + interval - moment - window, 1e-3)
            try:
                with self.engine.begin() as connection:
                    connection.execute(insert(RateRow).values(key=key, until=moment + interval))
                return 0.0
            except IntegrityError:
                continue
        return interval

    def forget_rates(self, moment: float) -> int:
        """Delete the budgets that are full again (a missing row is a full budget), so the table
        holds only clients that spent something within the last window."""
        with self.engine.begin() as connection:
            return connection.execute(delete(RateRow).where(RateRow.until <= moment)).rowcount

    # ---- socket caps shared by every process ----------------------------------------------------

    def take_socket(self, owner: str, counts: dict[str, tuple[int, int]], lease: float,
                    moment: float) -> None:
        """Count one more socket of `owner`: `counts` maps each capped key to (`owner`'s count with
        the new socket, the cap). Raises `CapReached` (and stores nothing) if a key's total over
        every live process would pass its cap.

        Each count is written before the totals are read, in one transaction, and writes to one key
        are serialised (SQLite: the first write takes the database's write lock; PostgreSQL: an
        advisory lock per key, taken in one order by every process), so two processes can never
        both take a key's last place."""
        with self.engine.begin() as connection:
            for key, (mine, _) in sorted(counts.items()):
                if self.postgres:
                    connection.execute(select(func.pg_advisory_xact_lock(_lock_id(key))))
                self._write_count(connection, owner, key, mine, moment + lease)
            for key, (_, cap) in counts.items():
                total = connection.execute(
                    select(func.coalesce(func.sum(SocketRow.count), 0))
                    .where(SocketRow.key == key, SocketRow.lease_until > moment)).scalar()
                if (total or 0) > cap:
                    raise CapReached(key)  # rolls the counts back

    def write_socket_counts(self, owner: str, counts: dict[str, int], lease: float, moment: float) -> None:
        """`owner`'s counts as they are now (after sockets closed): a count of 0 deletes its row."""
        with self.engine.begin() as connection:
            for key, count in sorted(counts.items()):
                mine = and_(SocketRow.owner == owner, SocketRow.key == key)
                if count <= 0:
                    connection.execute(delete(SocketRow).where(mine))
                else:
                    self._write_count(connection, owner, key, count, moment + lease)

    def renew_sockets(self, owner: str, lease: float, moment: float) -> None:
        """`owner` is alive: its counts hold for `lease` more seconds. Rows whose lease ran out a
        lease ago (a process that died) are deleted by whoever renews next."""
        with self.engine.begin() as connection:
            connection.execute(update(SocketRow).where(SocketRow.owner == owner)
                               .values(lease_until=moment + lease))
            connection.execute(delete(SocketRow).where(SocketRow.lease_until < moment - lease))

    def drop_sockets(self, owner: str) -> None:
        """`owner` stops (its sockets are closed): its counts go at once."""
        with self.engine.begin() as connection:
            connection.execute(delete(SocketRow).where(SocketRow.owner == owner))

    @staticmethod
    def _write_count(connection: Connection, owner: str, key: str, count: int, until: float) -> None:
        """Update, else insert: only `owner` ever writes its own rows, so the insert cannot race."""
        written = connection.execute(update(SocketRow).where(SocketRow.owner == owner, SocketRow.key == key)
                                     .values(count=count, lease_until=until))
        if written.rowcount == 0:
            connection.execute(insert(SocketRow).values(owner=owner, key=key, count=count, lease_until=until))

    # ---- bot turns and their leases -----------------------------------------------------------

    def ensure_bot_turn(self, table_id: str, seq: int, bots: NextBotTurn) -> None:
        """Record a due bot turn that is missing (a table stored before bot turns were)."""
        with Session(self.engine) as session, session.begin():
            if session.get(BotTurnRow, table_id) is None:
                self._upsert_bot_turn(session.connection(), table_id, seq, bots)

    def claim_bot_turns(self, owner: str, lane: str, limit: int, lease: float) -> list[BotTurn]:
        """Up to `limit` due turns of `lane` that nobody holds (or whose lease expired), now held by
        `owner` for `lease` seconds. Each claim is one conditional UPDATE, so of two runners that
        race for a turn exactly one gets it, on SQLite and PostgreSQL alike."""
        moment = now()
        free = or_(BotTurnRow.lease_until.is_(None), BotTurnRow.lease_until < moment)
        with Session(self.engine) as session:
            candidates = session.execute(
                select(BotTurnRow.table_id, BotTurnRow.seq, BotTurnRow.failures)
                .where(BotTurnRow.lane == lane, BotTurnRow.not_before <= moment, free)
                .order_by(BotTurnRow.not_before)
                .limit(limit)
            ).all()
        claimed = []
        for table_id, seq, failures in candidates:
            with Session(self.engine) as session, session.begin():
                result = session.execute(
                    update(BotTurnRow)
                    .where(BotTurnRow.table_id == table_id, BotTurnRow.seq == seq, free)
                    .values(owner=owner, lease_until=moment + timedelta(seconds=lease))
                )
            if _rows_changed(result) == 1:
                claimed.append(BotTurn(table_id, seq, lane, failures))
        return claimed

    def renew_lease(self, owner: str, turn: BotTurn, lease: float) -> bool:
        """Extend `owner`'s lease while its bot thinks; False if the turn is no longer its own."""
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(BotTurnRow)
                .where(BotTurnRow.table_id == turn.table_id, BotTurnRow.seq == turn.seq,
                       BotTurnRow.owner == owner)
                .values(lease_until=now() + timedelta(seconds=lease))
            )
        return _rows_changed(result) == 1

    def release_after_failure(self, owner: str, turn: BotTurn, backoff: float) -> None:
        """Give a turn back after a failed attempt, counted, to be retried after `backoff` seconds."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(BotTurnRow)
                .where(BotTurnRow.table_id == turn.table_id, BotTurnRow.seq == turn.seq,
                       BotTurnRow.owner == owner)
                .values(owner=None, lease_until=None, failures=turn.failures + 1,
                        not_before=now() + timedelta(seconds=backoff))
            )

    def drop_bot_turn(self, turn: BotTurn) -> None:
        """Forget a turn that is not due any more (the table moved on, or it is not a bot's)."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(BotTurnRow).where(BotTurnRow.table_id == turn.table_id, BotTurnRow.seq == turn.seq)
            )

    def bot_turn(self, table_id: str) -> BotTurnRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(BotTurnRow, table_id)

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets readers run while one writer writes; the busy timeout makes a writer wait for the
    lock instead of failing with `database is locked`."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _lock_id(key: str) -> int:
    """A PostgreSQL advisory lock number (a signed 64-bit integer) for a capped key."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _rows_changed(result: Result[Any]) -> int:
    """The rows an UPDATE changed: `Session.execute` is typed as returning a plain `Result`, but for
    a DML statement it is a `CursorResult`, which counts them."""
    return cast("CursorResult[Any]", result).rowcount
