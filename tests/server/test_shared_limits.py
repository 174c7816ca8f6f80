"""Per-client rate limits hold across processes: two real server processes on one database share
each client's budget (on SQLite, and on PostgreSQL when LUDOTECA_TEST_POSTGRES_URL is set)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from ludoteca.server.guard import client_key
from ludoteca.server.store import RateRow, Store

from .conftest import POSTGRES_URL, _fresh_postgres_database
from .processes import free_port, start_server, stop

BURST = 3
# One new table per 10 minutes beyond the burst: no refill during the test, however slow it runs.
LIMITED = {"tables_burst": BURST, "tables_per_minute": 0.1, "bot_runner": False}
BODY = {"game": "city-square-off", "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    if not POSTGRES_URL:
        pytest.skip("set LUDOTECA_TEST_POSTGRES_URL to run it on PostgreSQL too")
    return _fresh_postgres_database()


def test_a_clients_table_budget_is_shared_by_two_processes(database: str, tmp_path: Path):
    ports = [free_port(), free_port()]
    servers = [start_server(database, port, tmp_path / f"server{port}.log", **LIMITED) for port in ports]
    try:
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        codes = [httpx.post(f"{bases[i % 2]}/api/tables", json=BODY, timeout=30).status_code
                 for i in range(2 * BURST)]  # alternating: A, B, A, B, ...
        assert codes == [201] * BURST + [429] * BURST  # per process, all six would pass
        refused = httpx.post(f"{bases[1]}/api/tables", json=BODY, timeout=30)
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=30)
        with other:  # somebody else, from another address, is not affected
            assert other.post(f"{bases[0]}/api/tables", json=BODY).status_code == 201
        store = Store(database)
        keys = {row.key for row in _rows(store)}
        store.dispose()
        assert keys == {"tables 127.0.0.1", "tables 127.0.0.2"}  # one row per client, no more
        assert len(httpx.get(f"{bases[0]}/api/tables", timeout=30).json()) == BURST + 1
    finally:
        for server in servers:
            stop(server)


def _rows(store: Store) -> list[RateRow]:
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    with Session(store.engine) as session:
        return list(session.scalars(select(RateRow)))


def test_budgets_are_counted_in_the_database_and_forgotten_once_full(tmp_path: Path):
    store = Store(f"sqlite:///{tmp_path / 'rates.sqlite3'}")
    waits = [store.take_rate("tables x", 10.0, 2, 1000.0 + i * 0.1) for i in range(3)]
    assert waits[:2] == [0.0, 0.0] and 9.0 < waits[2] <= 10.0  # the third waits for one refill
    assert store.take_rate("tables x", 10.0, 2, 1010.3) == 0.0  # refilled: allowed again
    assert store.take_rate("tables y", 10.0, 2, 1010.3) == 0.0
    assert store.forget_rates(1025.0) == 1  # y is full again from 1020.3, x only from 1030.0
    assert [(row.key, row.until) for row in _rows(store)] == [("tables x", 1030.0)]
    assert store.forget_rates(1030.0) == 1
    assert _rows(store) == []
    store.dispose()


def test_a_client_is_its_ipv4_address_or_its_ipv6_network():
    assert client_key("192.0.2.7") == "192.0.2.7"
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_key("testclient") == "testclient"


# ---- socket caps across processes ---------------------------------------------------------------

SOCKETS = {"sockets_per_table": 3, "sockets_per_client": 4, "socket_lease_seconds": 2.0, "bot_runner": False}


def _open(base: str, table_id: str, address: str = "127.0.0.1"):
    """A WebSocket on the table from `address`, its first payload read; None if refused."""
    from websockets.exceptions import InvalidHandshake
    from websockets.sync.client import connect

    try:
        ws = connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws", open_timeout=30,
                     source_address=(address, 0))
    except InvalidHandshake:
        return None
    ws.recv(timeout=30)
    return ws


def _table(base: str) -> str:
    answer = httpx.post(f"{base}/api/tables", json=BODY, timeout=120)  # a bound for a busy machine
    assert answer.status_code == 201, answer.text
    return answer.json()["id"]


def test_socket_caps_hold_across_processes_and_others_are_unaffected(database: str, tmp_path: Path):
    ports = [free_port(), free_port()]
    servers = [start_server(database, port, tmp_path / f"server{port}.log", **SOCKETS) for port in ports]
    opened = []
    try:
        a, b = (f"http://127.0.0.1:{port}" for port in ports)
        full, other = _table(a), _table(b)
        for base, address in ((a, "127.0.0.1"), (b, "127.0.0.2"), (a, "127.0.0.1")):
            opened.append(_open(base, full, address))
        assert all(opened)  # the table's 3 places, over two processes
        assert _open(b, full, "127.0.0.3") is None and _open(a, full, "127.0.0.3") is None  # per table
        opened += [_open(b, other), _open(a, other)]
        assert all(opened)  # 127.0.0.1 holds 4 sockets now: 2 through each process
        assert _open(b, other) is None and _open(a, other) is None  # per client, in total
        opened.append(_open(b, other, "127.0.0.3"))  # another client on another table: unaffected
        assert opened[-1] is not None
        opened.pop(3).close()  # one of 127.0.0.1's sockets (on `other`, through B) closes...
        assert _eventually(lambda: _open(a, other))  # ... and its place is free through A
    finally:
        for ws in opened:
            if ws is not None:
                ws.close()
        for server in servers:
            stop(server)


def test_a_dead_process_sockets_stop_counting_once_its_lease_runs_out(database: str, tmp_path: Path):
    from .processes import kill

    ports = [free_port(), free_port()]
    servers = [start_server(database, port, tmp_path / f"server{port}.log", **SOCKETS) for port in ports]
    opened = []
    try:
        a, b = (f"http://127.0.0.1:{port}" for port in ports)
        tables = [_table(a), _table(a)]
        opened = [_open(a, tables[i % 2]) for i in range(4)]
        assert all(opened) and _open(b, tables[0]) is None  # A holds the client's 4 places
        kill(servers[0])  # its sockets never close cleanly
        assert _eventually(lambda: _open(b, tables[0]))  # once A's lease (2 s) runs out
    finally:
        for ws in opened:
            if ws is not None:
                ws.close()
        for server in servers:
            stop(server)


def _eventually(attempt, within: float = 60.0):
    """`attempt()` until it gives something (a bound only, never a figure of the test)."""
    import time

    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        found = attempt()
        if found:
            found.close()
            return True
        time.sleep(0.2)
    return False
