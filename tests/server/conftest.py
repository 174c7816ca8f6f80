"""A server on a fresh database per test, driven through FastAPI's TestClient.

Every server test runs on SQLite, and on PostgreSQL too when LUDOTECA_TEST_POSTGRES_URL names a
server (CI starts one); each test worker gets its own PostgreSQL database, emptied per test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text

from ludoteca.server import create_app
from ludoteca.server.store import Base

POSTGRES_URL = os.environ.get("LUDOTECA_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_file(request, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    if not POSTGRES_URL:
        pytest.skip("set LUDOTECA_TEST_POSTGRES_URL to run the server tests on PostgreSQL too")
    return _fresh_postgres_database()


def _fresh_postgres_database() -> str:
    base = make_url(POSTGRES_URL)
    name = f"{base.database}_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        exists = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
        if exists.first() is None:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    url = base.set(database=name)
    engine = create_engine(url)
    Base.metadata.drop_all(engine)
    engine.dispose()
    return url.render_as_string(hide_password=False)


@pytest.fixture
def client(db_file: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_file)) as test_client:
        yield test_client
