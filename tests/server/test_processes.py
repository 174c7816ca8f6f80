"""Scale-out on PostgreSQL with real processes: two servers and bot workers on one database.

Skipped unless LUDOTECA_TEST_POSTGRES_URL names a PostgreSQL server (CI starts one as root).
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

import ludoteca
from ludoteca.server.store import Store

from .conftest import POSTGRES_URL, _fresh_postgres_database
from .processes import free_port, kill, start_bot_worker, start_server, stop

pytestmark = pytest.mark.skipif(
    not POSTGRES_URL, reason="set LUDOTECA_TEST_POSTGRES_URL (CI starts PostgreSQL)"
)

LEASE = 2.0
# Bot processes at normal priority: the test machine may be busy with other work.
FAST = {"bot_delay": 0.0, "lease_seconds": LEASE, "header_timeout": 2.0, "bot_niceness": {}}
HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def two_servers(tmp_path: Path):
    url = _fresh_postgres_database()
    ports = [free_port(), free_port()]
    servers = [start_server(url, port, tmp_path / f"server{port}.log", **FAST) for port in ports]
    yield url, [f"http://127.0.0.1:{port}" for port in ports], servers
    for server in servers:
        stop(server)


def _create(base: str, seats: list[dict], game: str = "city-square-off", **extra) -> dict:
    body = {"game": game, "seats": seats, **extra}
    answer = httpx.post(f"{base}/api/tables", json=body, timeout=20)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _token(link: str) -> str:
    return link.split("token=")[1]


def _state(base: str, table_id: str, token: str | None = None) -> dict:
    params = {"token": token} if token else {}
    answer = httpx.get(f"{base}/api/tables/{table_id}", params=params, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _socket(base: str, table_id: str):
    return connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws", open_timeout=10)


def _next_with(ws, actions: int) -> dict:
    while True:
        payload = json.loads(ws.recv(timeout=10))
        if payload["table"]["actions"] >= actions:
            return payload


def test_moves_through_either_process_reach_the_sockets_of_both(two_servers):
    _, bases, _ = two_servers
    table = _create(bases[0], HUMANS, seed=3)
    tokens = [_token(s["link"]) for s in table["seats"]]
    with _socket(bases[0], table["id"]) as on_a, _socket(bases[1], table["id"]) as on_b:
        assert _next_with(on_a, 0)["table"]["actions"] == _next_with(on_b, 0)["table"]["actions"] == 0
        for count in range(1, 5):
            through = bases[count % 2]  # alternate: B, A, B, A
            hotseat = _state(through, table["id"], _token(table["hotseat"]))
            seat = hotseat["table"]["to_move"][0]
            move = hotseat["views"][seat]["legal"][0]
            answer = httpx.post(f"{through}/api/tables/{table['id']}/actions",
                                json={"action": move, "token": tokens[seat]}, timeout=10)
            assert answer.status_code == 200, answer.text
            assert _next_with(on_a, count)["table"]["actions"] == count
            assert _next_with(on_b, count)["table"]["actions"] == count


def _play_first_legal(base: str, table: dict, tokens: list[str]) -> dict:
    state = _state(base, table["id"], _token(table["hotseat"]))
    seat = state["table"]["to_move"][0]
    answer = httpx.post(f"{base}/api/tables/{table['id']}/actions",
                        json={"action": state["views"][seat]["legal"][0], "token": tokens[seat]}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_undo_through_one_process_is_seen_by_the_other_and_play_goes_on_from_it(two_servers):
    _, bases, _ = two_servers
    table = _create(bases[0], HUMANS, game="blue-lagoon", seed=4)
    tokens = [_token(s["link"]) for s in table["seats"]]
    with _socket(bases[0], table["id"]) as on_a, _socket(bases[1], table["id"]) as on_b:
        for count, base in ((1, bases[0]), (2, bases[1])):  # seat 0 through A, seat 1 through B
            _play_first_legal(base, table, tokens)
            assert _next_with(on_a, count)["table"]["actions"] == _next_with(on_b, count)["table"]["actions"]
        kept = _state(bases[0], table["id"])["views"][0]["history"][:1]
        undone = httpx.post(f"{bases[1]}/api/tables/{table['id']}/undo",
                            json={"token": tokens[1], "seen": 2}, timeout=10)
        assert undone.status_code == 200, undone.text
        shorter = _next_with_exactly(on_a, 1)  # A's socket is told of the shorter game
        assert shorter["views"][0]["history"] == kept
        assert _next_with_exactly(on_b, 1)["views"][0]["history"] == kept
        assert _state(bases[0], table["id"])["table"]["actions"] == 1  # and A's state is it
        legal = _state(bases[0], table["id"], tokens[1])["views"][0]["legal"]
        again = httpx.post(f"{bases[0]}/api/tables/{table['id']}/actions",  # seat 1 plays anew, through A
                           json={"action": legal[-1], "token": tokens[1], "seen": 1}, timeout=10)
        assert again.status_code == 200, again.text
        for ws in (on_a, on_b):
            history = _next_with(ws, 2)["views"][0]["history"]
            assert history[:1] == kept and len(history) == 2 and history[1][0] == 1
        assert _state(bases[1], table["id"])["views"][0]["history"] == history


def _next_with_exactly(ws, actions: int) -> dict:
    while True:
        payload = json.loads(ws.recv(timeout=10))
        if payload["table"]["actions"] == actions:
            return payload


def test_simultaneous_moves_for_one_seat_one_wins_one_gets_409(two_servers):
    _, bases, _ = two_servers
    outcomes = []
    with ThreadPoolExecutor(2) as pool:
        for round_ in range(8):
            table = _create(bases[0], HUMANS, seed=round_)
            tokens = [_token(s["link"]) for s in table["seats"]]
            state = _state(bases[1], table["id"], _token(table["hotseat"]))
            seat = state["table"]["to_move"][0]
            body = {"action": state["views"][seat]["legal"][0], "token": tokens[seat]}
            if round_ % 2:
                body["seen"] = state["table"]["actions"]

            def send(base: str, body: dict = body, table: dict = table) -> int:
                url = f"{base}/api/tables/{table['id']}/actions"
                return httpx.post(url, json=body, timeout=20).status_code

            codes = sorted(pool.map(send, bases))
            outcomes.append(codes)
            assert _state(bases[0], table["id"])["table"]["actions"] == 1
            assert _state(bases[1], table["id"])["table"]["actions"] == 1
    assert outcomes == [[200, 409]] * 8


def _actions(base: str, table_id: str) -> int:
    return _state(base, table_id)["table"]["actions"]


def _progress(base: str, ids: list[str], beyond: dict[str, int], within: float) -> dict[str, int]:
    """Wait until every table has more actions than `beyond` (or is over); the new counts."""
    deadline = time.monotonic() + within
    counts = {}
    while time.monotonic() < deadline:
        counts = {}
        for tid in ids:
            state = _state(base, tid)["table"]
            counts[tid] = state["actions"] if not state["is_over"] else 10**6
        if all(counts[tid] > beyond.get(tid, -1) for tid in ids):
            return counts
        time.sleep(0.3)
    raise AssertionError(f"tables stalled: {counts} (before {beyond})")


def test_killing_one_process_the_other_carries_every_table_on(two_servers):
    _, bases, servers = two_servers
    bots = [{"kind": "bot", "bot": "mcts", "level": "easy"}, {"kind": "bot", "bot": "greedy"}]
    ids = [_create(bases[0], bots, seed=s)["id"] for s in range(4)]
    people = _create(bases[0], HUMANS, seed=9)
    _progress(bases[1], ids, {}, within=60)
    kill(servers[0])  # it held leases on some of the bot turns
    before = {tid: _actions(bases[1], tid) for tid in ids}
    _progress(bases[1], ids, before, within=LEASE + 30)
    tokens = [_token(s["link"]) for s in people["seats"]]
    state = _state(bases[1], people["id"], _token(people["hotseat"]))
    seat = state["table"]["to_move"][0]
    answer = httpx.post(f"{bases[1]}/api/tables/{people['id']}/actions",
                        json={"action": state["views"][seat]["legal"][0], "token": tokens[seat]}, timeout=10)
    assert answer.status_code == 200


def test_a_killed_bot_worker_loses_its_turns_to_another_within_the_lease(tmp_path: Path):
    url = _fresh_postgres_database()
    port = free_port()
    server = start_server(url, port, tmp_path / "server.log", bot_runner=False, **FAST)
    base = f"http://127.0.0.1:{port}"
    first = start_bot_worker(url, tmp_path / "first.log", **FAST)
    second = None
    try:
        bots = [{"kind": "bot", "bot": "mcts", "level": "normal"}] * 2  # ~1 s per move: leases are held
        ids = [_create(base, bots, seed=s)["id"] for s in range(2)]
        _progress(base, ids, {}, within=60)  # the first worker plays (it is the only runner)
        second = start_bot_worker(url, tmp_path / "second.log", **FAST)
        time.sleep(3)
        kill(first)
        killed_at = time.monotonic()
        before = {tid: _actions(base, tid) for tid in ids}
        _progress(base, ids, before, within=LEASE + 20)
        took = time.monotonic() - killed_at
        assert took < LEASE + 20
        store = Store(url)
        for tid in ids:  # two runners never stored two moves for one turn: the stored game replays
            row, actions = store.load(tid)
            record = {"game": row.game, "version": row.version, "num_players": row.num_players,
                      "seed": row.seed, "options": row.options, "actions": actions}
            assert len(ludoteca.load(row.game).replay(record).history) == len(actions) > before[tid]
        store.dispose()
    finally:
        for process in (first, second, server):
            if process is not None:
                stop(process)


def test_headers_that_never_finish_are_cut_off(two_servers):
    import socket

    _, bases, _ = two_servers
    port = int(bases[0].rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as slow:
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        slow.settimeout(FAST["header_timeout"] + 10)
        started = time.monotonic()
        assert slow.recv(100) == b""  # closed by the server
        assert time.monotonic() - started < FAST["header_timeout"] + 10
