"""Persistence of tables: what is needed to rebuild every table exactly after a restart.

A table is stored as its game record (game, version, player count, seed, options) plus its seats,
and one row per applied action. The state itself is never stored: `game.replay` rebuilds it, so
the database stays small and independent of each game's internal fields.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, String, create_engine, func, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

ENV_URL = "LUDOTECA_DATABASE_URL"
DEFAULT_FILE = "ludoteca.sqlite3"


def database_url(given: str | None = None) -> str:
    """The URL to use: the one given, else `LUDOTECA_DATABASE_URL`, else a SQLite file here.

    A bare file path is accepted too and taken as a SQLite file.
    """
    url = given or os.environ.get(ENV_URL) or DEFAULT_FILE
    if "://" not in url:
        url = f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


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
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # kind, bot, level, token per seat
    hotseat_token: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime]
    finished: Mapped[bool] = mapped_column(default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)  # 0-based position in the history
    player: Mapped[int]
    text: Mapped[str] = mapped_column(String(200))


class Store:
    """Synchronous storage; the server calls it from worker threads, never on the event loop."""

    def __init__(self, url: str):
        self.url = url
        connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=connect_args)
        Base.metadata.create_all(self.engine)

    def create_table(self, row: TableRow) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(row)

    def append_action(self, table_id: str, seq: int, player: int, text: str, finished: bool) -> None:
        """Store one applied action (and whether it ended the game) in one transaction."""
        with Session(self.engine) as session, session.begin():
            session.add(ActionRow(table_id=table_id, seq=seq, player=player, text=text))
            if finished:
                session.get(TableRow, table_id).finished = True

    def load(self, table_id: str) -> tuple[TableRow, list[list]] | None:
        """A table and its actions as [[player, text], ...], or None if there is no such table."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            actions = session.execute(
                select(ActionRow.player, ActionRow.text)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
            return row, [[player, text] for player, text in actions]

    def unfinished_ids(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.finished.is_(False))))

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

    def dispose(self) -> None:
        self.engine.dispose()


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)
