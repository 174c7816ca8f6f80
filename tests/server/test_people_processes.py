"""People at a table across two real server processes on one PostgreSQL database: presence, names,
lobby joins and resigns made through one process reach the sockets of the other at once (through
LISTEN/NOTIFY, without a reload), and the seats of a process killed with `kill -9` read as away
once its lease on its socket counts runs out.

Skipped unless LUDOTECA_TEST_POSTGRES_URL names a PostgreSQL server (CI starts one as root)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .conftest import POSTGRES_URL, _fresh_postgres_database
from .processes import free_port, kill, start_server, stop

pytestmark = pytest.mark.skipif(
    not POSTGRES_URL, reason="set LUDOTECA_TEST_POSTGRES_URL (CI starts PostgreSQL)"
)

LEASE = 2.0  # seconds a process's socket counts (and so its seats' presence) outlive it
SETTINGS = {"bot_runner": False, "socket_lease_seconds": LEASE}
HUMANS = [{"kind": "human"}, {"kind": "human"}]
WAIT = 60.0  # seconds, a bound only: every step waits for what it expects, never a fixed time


@pytest.fixture
def two_servers(tmp_path: Path):
    url = _fresh_postgres_database()
    ports = [free_port(), free_port()]
    servers = [start_server(url, port, tmp_path / f"server{port}.log", **SETTINGS) for port in ports]
    yield [f"http://127.0.0.1:{port}" for port in ports], servers
    for server in servers:
        stop(server)


def _socket(base: str, table_id: str, token: str | None = None) -> ClientConnection:
    protocols = ["ludoteca", f"ludoteca-token.{token}"] if token else ["ludoteca"]
    return connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws", open_timeout=WAIT,
                   subprotocols=protocols)


def _until(ws: ClientConnection, done: Callable[[dict], bool]) -> dict:
    """The socket's payloads until `done(people)`; that payload's people."""
    deadline = time.monotonic() + WAIT
    while True:
        people = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))["table"]["people"]
        if done(people):
            return people


def _people(base: str, table_id: str, token: str | None = None) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{base}/api/tables/{table_id}", headers=headers, timeout=WAIT)


def test_presence_names_joins_and_resign_reach_the_other_process_live(two_servers):
    (a, b), _ = two_servers
    created = httpx.post(f"{a}/api/tables", timeout=WAIT, json={
        "game": "blue-lagoon", "seats": HUMANS, "seed": 5, "people": {"name": "Ana", "public": True}})
    assert created.status_code == 201, created.text
    table = created.json()
    tid, ana, old_second = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    with _socket(b, tid) as watcher_b, _socket(a, tid) as watcher_a:  # spectators: nobody's presence
        assert _until(watcher_b, lambda p: True)["online"] == [False, False]
        _until(watcher_a, lambda p: True)
        with _socket(a, tid, ana) as ana_on_a:
            # presence: Ana's socket is on A; B's sockets see her online
            assert _until(watcher_b, lambda p: p["online"][0])["online"] == [True, False]
            # a lobby join through B: A's sockets see the name, and A knows the seat's new token
            joined = httpx.post(f"{b}/api/lobby/{tid}/join", json={"seat": 1, "name": "Cid"}, timeout=WAIT)
            assert joined.status_code == 200, joined.text
            cid = joined.json()["token"]
            seen = _until(watcher_a, lambda p: p["names"][1] == "Cid")
            assert seen["joined"] == [1] and seen["names"] == ["Ana", "Cid"]
            assert _people(a, tid, cid).json()["you"]["seats"] == [1]
            assert _people(a, tid, old_second).status_code == 403  # the seat's old link is void on A too
            hotseat = _people(a, tid, table["hotseat_token"]).json()
            assert hotseat["you"]["seats"] == [0]  # and the hot-seat link no longer plays seat 1 there
            # a rename through A reaches B's sockets
            renamed = httpx.post(f"{a}/api/tables/{tid}/name", json={"name": "Ana María"},
                                 headers={"authorization": f"Bearer {ana}"}, timeout=WAIT)
            assert renamed.status_code == 200, renamed.text
            assert _until(watcher_b, lambda p: p["names"][0] == "Ana María")["names"] == ["Ana María", "Cid"]
            # Cid's socket is on B: A's sockets see both online
            with _socket(b, tid, cid):
                assert _until(watcher_a, lambda p: all(p["online"]))["online"] == [True, True]
                # a resign through B reaches A's sockets, and A refuses moves after it
                legal = _people(a, tid, ana).json()["views"][0]["legal"]
                resigned = httpx.post(f"{b}/api/tables/{tid}/resign",
                                      headers={"authorization": f"Bearer {cid}"}, json={}, timeout=WAIT)
                assert resigned.status_code == 200, resigned.text
                result = _until(ana_on_a, lambda p: p["resigned"] is not None)["result"]
                assert result == resigned.json()["people"]["result"] and result["resigned"] == 1
                move = httpx.post(f"{a}/api/tables/{tid}/actions", json={"action": legal[0]},
                                  headers={"authorization": f"Bearer {ana}"}, timeout=WAIT)
                assert move.status_code == 409, move.text
                assert _people(b, tid).json()["table"]["actions"] == 0
            assert _until(watcher_a, lambda p: not p["online"][1])["online"] == [True, False]
        assert _until(watcher_b, lambda p: not any(p["online"]))["online"] == [False, False]
    assert _people(a, tid).json()["table"]["people"]["online"] == [False, False]


def test_a_killed_process_seats_read_as_away_once_its_lease_runs_out(two_servers):
    (a, b), servers = two_servers
    created = httpx.post(f"{a}/api/tables", json={"game": "city-square-off", "seats": HUMANS, "seed": 2},
                         timeout=WAIT)
    assert created.status_code == 201, created.text
    table = created.json()
    tid, first, second = table["id"], table["seats"][0]["token"], table["seats"][1]["token"]
    with _socket(b, tid) as watcher, _socket(b, tid, second):
        assert _until(watcher, lambda p: p["online"][1])["online"] == [False, True]
        doomed = _socket(a, tid, first)
        assert _until(watcher, lambda p: p["online"][0])["online"] == [True, True]
        kill(servers[0])  # its socket never closes cleanly: only its lease can end its presence
        assert _until(watcher, lambda p: not p["online"][0])["online"] == [False, True]
        assert _people(b, tid).json()["table"]["people"]["online"] == [False, True]
        doomed.close()
