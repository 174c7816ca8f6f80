"""Changes to the schema of databases written by older versions, applied at start-up.

`Base.metadata.create_all` creates missing tables but never changes an existing one, so each
column added later is one named step here, run where the column is missing. Every server process
runs them at start-up, so a step must be idempotent (two processes may start at once).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.exc import DBAPIError


def add_tables_epoch(connection: Connection) -> None:
    """`tables.epoch`, the undo generation that a bot's move must match to be stored."""
    connection.execute(text("ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0"))


def add_tables_clock(connection: Connection) -> None:
    """`tables.clock`, the state of a table's clock (JSON; NULL: the table has none)."""
    connection.execute(text("ALTER TABLE tables ADD COLUMN clock JSON"))


# (table, column, step): the step adds that column to a database written before it existed
MIGRATIONS: tuple[tuple[str, str, Callable[[Connection], None]], ...] = (
    ("tables", "epoch", add_tables_epoch),
    ("tables", "clock", add_tables_clock),
)


def migrate(engine: Engine) -> list[str]:
    """Apply the steps whose column is missing; their names."""
    done = []
    for table, column, step in MIGRATIONS:
        if _has_column(engine, table, column):
            continue
        try:
            with engine.begin() as connection:
                step(connection)
        except DBAPIError:
            if not _has_column(engine, table, column):  # not another process's concurrent step
                raise
        done.append(step.__name__)
    return done


def _has_column(engine: Engine, table: str, column: str) -> bool:
    return column in {c["name"] for c in inspect(engine).get_columns(table)}
