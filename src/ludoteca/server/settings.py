"""Every limit and knob of the server in one place, with the defaults docs/SERVER.md explains.

A server is started with a `Settings`; the `ludoteca serve` flags set the common ones. Defaults are
chosen so that one person's browser never meets a limit and one client can never use up the server.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

# Options that name something on the server's own disk: only the operator may set them, at start-up.
OPERATOR_OPTIONS: dict[str, tuple[str, ...]] = {"santa-monica": ("content",)}


@dataclass
class Settings:
    database: str | None = None  # URL or SQLite file; None: $LUDOTECA_DATABASE_URL, else ./ludoteca.sqlite3
    # Inputs
    max_body_bytes: int = 64 * 1024  # a request body beyond this is refused before it is read
    max_ws_message_bytes: int = 4 * 1024  # clients send nothing we need over the socket
    # Sockets
    sockets_per_table: int = 64
    sockets_per_client: int = 32  # per client address (behind a proxy: set its forwarded address)
    # Both caps hold across every process on the database; a process that dies stops counting
    # once its lease on its counts runs out (it renews them every third of this)
    socket_lease_seconds: float = 30.0
    # Table creation, per client address: a bucket of `burst` tables refilled at `per_minute`
    tables_burst: int = 20
    tables_per_minute: float = 20.0
    # The cache of live tables
    idle_seconds: float = 300.0  # a table nobody watches is dropped from memory after this
    max_live_tables: int = 5000
    # Bots
    bot_delay: float = 0.0  # seconds before a bot moves, so a person can follow each move
    bot_runner: bool = True  # False: this process serves only; `ludoteca bots` workers play the bots
    bot_processes: dict[str, int] = field(
        default_factory=lambda: {"easy": 1, "normal": 1, "hard": max(1, (os.cpu_count() or 2) - 1)}
    )
    # CPU priority of bot processes by lane: hard bots yield the CPU to the web process, easy bots
    # (milliseconds a move) do not, or on a busy machine they would starve behind everything else.
    bot_niceness: dict[str, int] = field(default_factory=lambda: {"easy": 0, "normal": 5, "hard": 10})
    # Lanes whose processes also take Linux's SCHED_IDLE policy: the kernel runs them only when no
    # other process wants the CPU, and a waking web process preempts them at once. A hard bot then
    # never delays a person's move; on a host saturated by other work it moves slowly instead.
    bot_idle_lanes: tuple[str, ...] = ("hard",)
    lease_seconds: float = 10.0  # a runner that stops renewing loses its bot turn after this
    bot_attempts: int = 3  # failed attempts before a bot plays its first legal move instead
    # Operator-chosen option values, e.g. {"santa-monica": {"content": "/srv/santa-monica"}}
    operator_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    # HTTP server (uvicorn) timeouts, used by `run`
    header_timeout: float = 10.0  # a connection that has not sent its request headers is closed
    keep_alive_timeout: int = 5  # an idle keep-alive connection is closed
    max_connections: int = 4000  # beyond this uvicorn answers 503 (below the file descriptor limit)
