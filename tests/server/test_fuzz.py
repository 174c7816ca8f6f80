"""Fuzzing: schemathesis drives every REST operation from the OpenAPI schema, and hypothesis the
WebSocket; no request may get a 5xx, and a refused request never changes a table.

A known table (two humans, City Square Off) is slipped into about half of the generated requests,
with its real tokens, so the fuzz reaches the action parser and the access checks, not only 404s.

Collection must be the same in every pytest-xdist worker: schemathesis builds each operation's
test at collection from a seed, so the seed is fixed here (it would be random per process
otherwise), and every worker process fuzzes its own database file (a shared one would be deleted
under one worker by another one's clean-up).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.python import asgi
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import create_app
from ludoteca.server.settings import Settings
from ludoteca.server.store import Store

UNLIMITED = Settings(tables_burst=10**9, tables_per_minute=10**9, sockets_per_client=10**6)


def _known_table(client) -> tuple[str, list[str]]:
    answer = client.post("/api/tables", json={"game": "city-square-off", "seed": 3,
                                              "seats": [{"kind": "human"}, {"kind": "human"}]})
    table = answer.json()
    return table["id"], [s["link"].split("token=")[1] for s in table["seats"]] + [
        table["hotseat"].split("token=")[1]
    ]


SEED = 20261201
FOLDER = Path(tempfile.mkdtemp(prefix="ludoteca-fuzz-"))
DATABASE = str(FOLDER / "fuzz.sqlite3")
APP = create_app(DATABASE, settings=UNLIMITED)
STORE = Store(f"sqlite:///{DATABASE}")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=SchemathesisConfig(seed=SEED))
with asgi.get_client(APP) as _client:
    KNOWN_ID, KNOWN_TOKENS = _known_table(_client)
CHOICE = random.Random(7)


def _actions(table_id: str) -> list:
    loaded = STORE.load(table_id)
    return loaded[1] if loaded else []


@pytest.fixture(scope="module", autouse=True)
def _clean_database():
    yield
    STORE.dispose()
    for suffix in ("", "-wal", "-shm"):
        Path(DATABASE + suffix).unlink(missing_ok=True)
    FOLDER.rmdir()


@pytest.fixture(scope="module")
def ws_client():
    """A second application on the same database, so its lifespan is its own."""
    with TestClient(create_app(DATABASE, settings=UNLIMITED)) as client:
        yield client


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case):
    if case.path_parameters and "table_id" in case.path_parameters and CHOICE.random() < 0.5:
        case.path_parameters["table_id"] = KNOWN_ID
    if isinstance(case.body, dict) and "token" in case.body and CHOICE.random() < 0.5:
        case.body["token"] = CHOICE.choice(KNOWN_TOKENS)
    if case.query and "token" in case.query and CHOICE.random() < 0.5:
        case.query["token"] = CHOICE.choice(KNOWN_TOKENS)
    before = _actions(KNOWN_ID)
    response = case.call()
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400:
        assert _actions(KNOWN_ID) == before


@given(
    table=st.sampled_from(["known", "missing"]) | st.text(max_size=40),
    token=st.none() | st.sampled_from(["known"]) | st.text(max_size=80),
    frames=st.lists(st.binary(max_size=64) | st.text(max_size=64), max_size=4),
)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_websocket_survives_any_handshake_and_frames(ws_client, table, token, frames):
    client = ws_client
    before = _actions(KNOWN_ID)
    table_id = {"known": KNOWN_ID, "missing": "nothere"}.get(table, table)
    token = CHOICE.choice(KNOWN_TOKENS) if token == "known" else token
    params = {"token": token} if token is not None else {}
    try:
        with client.websocket_connect(f"/api/tables/{_quote(table_id)}/ws", params=params) as ws:
            ws.receive_json()
            for frame in frames:
                if isinstance(frame, bytes):
                    ws.send_bytes(frame)
                else:
                    ws.send_text(frame)
    except WebSocketDisconnect as closed:
        assert closed.code in (1000, 1003, 4403, 4404, 4429), closed.code
    assert _actions(KNOWN_ID) == before
    assert client.get(f"/api/tables/{KNOWN_ID}").status_code == 200


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="") or "empty"
