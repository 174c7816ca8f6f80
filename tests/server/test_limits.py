"""Every input is bounded and refused with a 4xx (or a polite close), never a 500, and changes nothing."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

import ludoteca
from ludoteca.server import create_app
from ludoteca.server.settings import Settings
from ludoteca.server.store import SeqTaken, Store, shown_url

from .helpers import act, create, token

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def two_humans(client: TestClient) -> tuple[str, list[str], dict]:
    table = create(client, "city-square-off", HUMANS, seed=3)
    tokens = [token(seat["link"]) for seat in table["seats"]]
    return table["id"], tokens, client.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()


def test_a_large_body_is_refused_before_it_is_read(client: TestClient):
    huge = b'{"game": "' + b"x" * 70_000 + b'"}'
    answer = client.post("/api/tables", content=huge, headers={"content-type": "application/json"})
    assert answer.status_code == 413 and "bytes" in answer.json()["detail"]

    def chunks():  # no Content-Length: refused once the count crosses the limit
        yield b'{"game": "'
        for _ in range(100):
            yield b"y" * 1000

    streamed = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert client.get("/api/tables").json() == []


def test_seeds_players_and_seats_are_bounded(client: TestClient):
    for seed in (2**63, -(2**63) - 1, 10**30):
        assert client.post("/api/tables", json={"game": "city-square-off", "seed": seed}).status_code == 422
    big = create(client, "city-square-off", HUMANS, seed=2**63 - 1)
    assert big["id"]
    assert client.post("/api/tables", json={"game": "happy-city", "num_players": 99}).status_code == 422
    assert client.post("/api/tables", json={"game": "city-square-off", "num_players": 3}).status_code == 400
    many = [{"kind": "human"}] * 40
    assert client.post("/api/tables", json={"game": "happy-city", "seats": many}).status_code == 422
    store = client.app.state.tables.store
    fresh = create(client, "city-square-off", HUMANS)
    seed = store.load(fresh["id"])[0].seed
    assert 0 <= seed < 2**63


def test_tokens_are_stored_hashed_and_malformed_ones_refused(client: TestClient):
    tid, tokens, before = two_humans(client)
    row, _ = client.app.state.tables.store.load(tid)
    stored = json.dumps([row.seats, row.hotseat_token])
    assert not any(t in stored for t in tokens) and "sha256:" in stored
    for bad in ("é", "%C3%A9", "x" * 500, "a b c d e f g", "\x00" * 10, "short"):
        assert client.get(f"/api/tables/{tid}", params={"token": bad}).status_code in (403, 422)
        assert act(client, tid, bad, before["views"][0]["legal"][0]).status_code in (403, 422)
        with pytest.raises(WebSocketDisconnect):
            client.websocket_connect(f"/api/tables/{tid}/ws", params={"token": bad}).__enter__()
    assert client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json() == before


def test_a_binary_frame_closes_the_socket_politely(client: TestClient, caplog):
    tid, tokens, _ = two_humans(client)
    caplog.set_level(logging.INFO)
    with client.websocket_connect(f"/api/tables/{tid}/ws") as ws:
        ws.receive_json()
        ws.send_text("hello")  # text is ignored
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1003
    assert "Traceback" not in caplog.text and "KeyError" not in caplog.text
    assert client.get(f"/api/tables/{tid}").status_code == 200


def test_sockets_are_capped_per_table_and_per_client(tmp_path: Path):
    settings = Settings(sockets_per_table=3, sockets_per_client=4)
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), settings=settings)) as client:
        first, _, _ = two_humans(client)
        second, _, _ = two_humans(client)
        open_ = [client.websocket_connect(f"/api/tables/{first}/ws") for _ in range(3)]
        for ws in open_:
            ws.__enter__().receive_json()
        with pytest.raises(WebSocketDisconnect) as refused:
            client.websocket_connect(f"/api/tables/{first}/ws").__enter__()
        assert refused.value.code == 4429  # the table is full
        with client.websocket_connect(f"/api/tables/{second}/ws") as fourth:
            fourth.receive_json()
            with pytest.raises(WebSocketDisconnect) as refused:
                client.websocket_connect(f"/api/tables/{second}/ws").__enter__()
            assert refused.value.code == 4429  # this client has 4 open
        for ws in open_:
            ws.__exit__(None, None, None)
        with client.websocket_connect(f"/api/tables/{first}/ws") as again:  # closed ones are counted out
            assert again.receive_json()["table"]["id"] == first


def test_table_creation_is_rate_limited_per_client(tmp_path: Path):
    settings = Settings(tables_burst=3, tables_per_minute=1)
    with TestClient(create_app(str(tmp_path / "db.sqlite3"), settings=settings)) as client:
        for _ in range(3):
            create(client, "city-square-off", HUMANS)
        refused = client.post("/api/tables", json={"game": "city-square-off", "seats": HUMANS})
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert len(client.get("/api/tables").json()) == 3


def test_security_headers_on_pages_and_api(client: TestClient):
    for path in ("/", "/api/games", "/static/table.js", "/docs"):
        headers = client.get(path).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    assert "script-src 'self';" in client.get("/").headers["content-security-policy"]


def test_seen_refuses_a_repeated_or_stale_submit(client: TestClient):
    table = create(client, "city-square-off", HUMANS, seed=3)
    tokens = [token(seat["link"]) for seat in table["seats"]]
    hotseat = token(table["hotseat"])
    state = client.get(f"/api/tables/{table['id']}", params={"token": hotseat}).json()
    seat = state["table"]["to_move"][0]
    move = state["views"][seat]["legal"][0]
    seen = state["table"]["actions"]
    answer = act(client, table["id"], tokens[seat], move)
    assert answer.status_code == 200
    body = {"action": move, "token": tokens[seat], "seen": seen}
    again = client.post(f"/api/tables/{table['id']}/actions", json=body)
    assert again.status_code == 409 and "moved on" in again.json()["detail"]
    after = client.get(f"/api/tables/{table['id']}", params={"token": hotseat}).json()
    assert after["table"]["actions"] == seen + 1


def test_santa_monica_content_is_the_operators_choice(tmp_path: Path):
    with TestClient(create_app(str(tmp_path / "a.sqlite3"))) as client:
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert "content" not in [o["name"] for o in listed["santa-monica"]["options"]]
        for folder in ("/", "/etc", "/no/such/folder"):
            body = {"game": "santa-monica", "options": {"content": folder}}
            answer = client.post("/api/tables", json=body)
            assert answer.status_code == 400 and "operator" in answer.json()["detail"]
    content = tmp_path / "content"
    content.mkdir()  # files it lacks come from the built-in content
    settings = Settings(operator_options={"santa-monica": {"content": str(content)}})
    with TestClient(create_app(str(tmp_path / "b.sqlite3"), settings=settings)) as client:
        table = create(client, "santa-monica", HUMANS)
        live = client.app.state.tables.live[table["id"]]
        assert live.state.options["content"] == str(content)
        shown = client.get(f"/api/tables/{table['id']}").json()["table"]["options"]
        assert "content" not in shown and str(content) not in json.dumps(shown)


def test_idle_tables_are_evicted_and_reload_identical(client: TestClient):
    tid, tokens, before = two_humans(client)
    tables = client.app.state.tables
    # a table in use is never evicted: on PostgreSQL the process's own notices of the new table
    # (its people, its first position) may hold its lock for a moment after the creation
    deadline = time.monotonic() + 30
    while not tables.evict(0.0) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert tid not in tables.live
    assert client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json() == before
    assert tid in tables.live


def test_sqlite_runs_in_wal_mode_and_hides_parameters(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 30000
    state = ludoteca.load("city-square-off").new_state(2, seed=1)
    from ludoteca.server.store import TableRow, now

    store.create_table(TableRow(id="t1", game="city-square-off", version="1", num_players=2, seed=1,
                                options=state.options, seats=[], hotseat_token="sha256:x", created=now()),
                       None)
    store.append_action("t1", 0, 0, 0, "SECRET-PLACEMENT", False, None)
    with pytest.raises(SeqTaken) as taken:
        store.append_action("t1", 0, 0, 1, "OTHER-SECRET", False, None)
    assert "SECRET" not in str(taken.value.__cause__)
    store.dispose()


def test_the_printed_database_url_hides_its_password():
    shown = shown_url("postgresql+psycopg://ludo:s3cret-pw@db.example:5432/ludoteca")
    assert "s3cret-pw" not in shown and "ludo" in shown and "db.example" in shown
