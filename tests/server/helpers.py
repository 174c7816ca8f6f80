"""Small steps shared by the server tests: create a table, follow it live, play for a seat, start
from a database an older version wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, inspect, text

from ludoteca.server.migrations import MIGRATIONS


def create(client: TestClient, game: str, seats: list[dict], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def token(link: str) -> str:
    return link.split("token=")[1]


def wait_until(client: TestClient, table_id: str, tok: str | None, done) -> dict[str, Any]:
    """Follow the table's WebSocket until `done(payload)`; bots move meanwhile."""
    query = f"?token={tok}" if tok else ""
    with client.websocket_connect(f"/api/tables/{table_id}/ws{query}") as ws:
        while True:
            payload = ws.receive_json()
            if done(payload):
                return payload


def my_turn_or_over(seat: int):
    return lambda p: p["table"]["is_over"] or seat in p["table"]["to_move"]


def act(client: TestClient, table_id: str, tok: str, action: str, seat: int | None = None):
    return client.post(f"/api/tables/{table_id}/actions", json={"action": action, "token": tok, "seat": seat})


# The `tables` table as the first version wrote it (before any step of server/migrations.py), and one row.
FIRST_TABLES = (
    "CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), version VARCHAR(32), "
    "num_players INTEGER, seed BIGINT, options JSON, seats JSON, hotseat_token VARCHAR(80), "
    "created DATETIME, finished BOOLEAN)"
)
FIRST_ROW = ("INSERT INTO tables VALUES ('t', 'blue-lagoon', '1', 2, 4, '{}', '[]', 'sha256:x', "
             "'2026-01-01 00:00:00', 0)")


def older_database(path: Path, missing: str) -> str:
    """A SQLite database as the version before `tables.<missing>` wrote it, holding one table, 't';
    its URL. Its `tables` table has the first columns and those of the migration steps before the
    one that adds `missing`, added by those very steps, so each test of a step starts from where
    the previous steps left a database."""
    steps = [(table, column) for table, column, _ in MIGRATIONS]
    if ("tables", missing) not in steps:
        raise ValueError(f"no migration step adds tables.{missing}; steps: {steps}")
    url = f"sqlite:///{path}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(FIRST_TABLES))
        connection.execute(text(FIRST_ROW))
        for _, _, step in MIGRATIONS[: steps.index(("tables", missing))]:
            step(connection)
    engine.dispose()
    return url


def table_columns(engine: Engine, table: str = "tables") -> set[str]:
    """The names of `table`'s columns in the database behind `engine`."""
    return {column["name"] for column in inspect(engine).get_columns(table)}
