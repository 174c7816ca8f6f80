"""Bot processes never outlive their server: after a `kill -9` of the server (no clean shutdown at
all), its fork server and bot processes exit by themselves, even a bot in the middle of a move."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import httpx

from ludoteca.bots import LEVELS

from .processes import alive, descendants, free_port, kill, start_server, stop

GRACE = 30.0  # seconds; generous, as the test machine may be busy (the exit itself is immediate)


def _bot_tables(base: str) -> None:
    for level in LEVELS:  # one table per lane, so every lane starts its pool
        seats = [{"kind": "bot", "bot": "mcts", "level": level}] * 2
        body = {"game": "city-square-off", "seats": seats}
        answer = httpx.post(f"{base}/api/tables", json=body, timeout=30)
        assert answer.status_code == 201, answer.text


def _bot_processes(server_pid: int, at_least: int, within: float) -> set[int]:
    """Every process below the server once at least `at_least` bot processes run (children of
    the fork server, so the server's grandchildren)."""
    deadline = time.monotonic() + within
    bots = 0
    while time.monotonic() < deadline:
        below = descendants(server_pid)
        bots = sum(parent != server_pid for parent in below.values())
        if bots >= at_least:
            return set(below)
        time.sleep(0.3)
    raise AssertionError(f"only {bots} bot processes started within {within} s")


def test_bot_processes_exit_when_the_server_is_killed(tmp_path: Path):
    port = free_port()
    server = start_server(str(tmp_path / "tables.sqlite3"), port, tmp_path / "server.log",
                          bot_delay=0.0, bot_niceness={})
    below: set[int] = set()
    try:
        _bot_tables(f"http://127.0.0.1:{port}")
        below = _bot_processes(server.pid, at_least=len(LEVELS), within=90)
        kill(server)
        deadline = time.monotonic() + GRACE
        while alive(below) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not alive(below), f"still running {GRACE} s after the server was killed: {alive(below)}"
    finally:
        stop(server)
        for pid in alive(below):  # never leave a stray process behind a failed test
            os.kill(pid, signal.SIGKILL)
