"""Real server and bot worker processes on one database, for the scale-out tests and the load script."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

SRC = str(Path(__file__).resolve().parents[2] / "src")
STARTUP = 180  # seconds a server may take to answer: a bound only (imports are slow on a busy machine)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _python(code: str, log: Path | None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - the child owns it
    return subprocess.Popen([sys.executable, "-c", code], env=env, stdout=out, stderr=subprocess.STDOUT)


def start_server(url: str, port: int, log: Path | None = None, **settings) -> subprocess.Popen:
    """`ludoteca serve` with chosen `Settings`, ready once it answers."""
    code = (
        "from ludoteca.server.app import run\n"
        "from ludoteca.server.settings import Settings\n"
        f"run('127.0.0.1', {port}, Settings(database={url!r}, **{settings!r}))\n"
    )
    process = _python(code, log)
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server on port {port} exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server on port {port} did not start")


def start_bot_worker(url: str, log: Path | None = None, **settings) -> subprocess.Popen:
    """`ludoteca bots` with chosen `Settings`."""
    code = (
        "import asyncio\n"
        "from ludoteca.server.bots import run_worker\n"
        "from ludoteca.server.settings import Settings\n"
        f"asyncio.run(run_worker(Settings(database={url!r}, **{settings!r})))\n"
    )
    return _python(code, log)


def descendants(pid: int) -> dict[int, int]:
    """The living processes below `pid` (children, grandchildren...), each with its parent's pid,
    from `ps` (Linux and macOS). A zombie counts as gone: it has exited, only nobody reaped it."""
    listing = subprocess.run(["ps", "-A", "-o", "pid=,ppid=,stat="], capture_output=True, text=True,
                             check=True).stdout
    children: dict[int, list[int]] = {}
    for line in listing.splitlines():
        child, parent, stat = line.split()[:3]
        if not stat.startswith("Z"):
            children.setdefault(int(parent), []).append(int(child))
    found, frontier = {}, [pid]
    while frontier:
        parent = frontier.pop()
        for child in children.get(parent, []):
            found[child] = parent
            frontier.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of `pids` that still run (not exited, not a zombie)."""
    listing = subprocess.run(["ps", "-A", "-o", "pid=,stat="], capture_output=True, text=True,
                             check=True).stdout
    running = {int(pid) for pid, stat in (line.split()[:2] for line in listing.splitlines())
               if not stat.startswith("Z")}
    return pids & running


def kill(process: subprocess.Popen) -> None:
    """kill -9: no clean shutdown, as a crash."""
    if process.poll() is None:
        process.send_signal(signal.SIGKILL)
        process.wait(10)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            kill(process)
