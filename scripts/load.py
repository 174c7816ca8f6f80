"""Load figures of the server (docs/SERVER.md): asyncio clients against real server processes.

Every client connects to 127.0.0.1 (a second client address, 127.0.0.2, stands for "other
people"); every scenario is bounded in count and time. Each figure is printed as one JSON line
with the machine's load average, because on a shared machine a figure means nothing without it.
The servers' logs (load-*.log) go to a new temporary folder, printed at the end, or to `--logs DIR`.

    python scripts/load.py --db postgresql+psycopg://user:pw@127.0.0.1/db [broadcast bots sockets body]

`broadcast`: 200 tables across 2 processes, one socket on each process per table; the latency of a
  human move (sent through alternating processes) until each socket has the new position.
`bots`: a human move's round trip and broadcast while 8 hard bots think (8 bot processes);
  `--hard-bots 0 --moves 3` is a quick check that the scenario runs, not a figure.
`sockets`: 10,000 sockets opened from one client address; how many are accepted (the cap) and a
  second address's request latency meanwhile.
`body`: a 50 MB body: the time until the server refuses it, and another request's latency meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.processes import free_port, start_server, stop  # noqa: E402

HUMANS = [{"kind": "human"}, {"kind": "human"}]
OPEN = {"tables_burst": 10**6, "tables_per_minute": 10**6, "bot_delay": 0.0}
LIMIT = 120.0  # seconds per scenario at most


def report(name: str, **figures: Any) -> None:
    load = os.getloadavg()
    print(
        json.dumps(
            {"scenario": name, **figures, "load_1_5_15": [round(x, 2) for x in load], "cpus": os.cpu_count()}
        ),
        flush=True,
    )


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {}
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "n": len(ordered),
        "p50_ms": round(pick(0.5) * 1000, 1),
        "p99_ms": round(pick(0.99) * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 1),
    }


async def new_table(http: httpx.AsyncClient, base: str, seats: list[dict], seed: int) -> dict:
    answer = await http.post(
        f"{base}/api/tables", json={"game": "city-square-off", "seats": seats, "seed": seed}
    )
    answer.raise_for_status()
    return answer.json()


def token(link: str) -> str:
    return link.split("token=")[1]


async def first_move(http: httpx.AsyncClient, base: str, table: dict) -> tuple[int, str]:
    state = (
        await http.get(f"{base}/api/tables/{table['id']}", params={"token": token(table["hotseat"])})
    ).json()
    seat = state["table"]["to_move"][0]
    return seat, state["views"][seat]["legal"][0]


async def wait_for(ws, actions: int) -> float:
    while True:
        payload = json.loads(await ws.recv())
        if payload["table"]["actions"] >= actions:
            return time.perf_counter()


async def timed_move(
    http: httpx.AsyncClient, base: str, table: dict, sockets: list
) -> tuple[float, list[float]]:
    """Play one human move; its round trip and the delay until each socket saw it."""
    seat, move = await first_move(http, base, table)
    watchers = [asyncio.create_task(wait_for(ws, 1)) for ws in sockets]
    sent = time.perf_counter()
    answer = await http.post(
        f"{base}/api/tables/{table['id']}/actions",
        json={"action": move, "token": token(table["seats"][seat]["link"])},
    )
    answer.raise_for_status()
    replied = time.perf_counter() - sent
    seen = await asyncio.wait_for(asyncio.gather(*watchers), 30)
    return replied, [moment - sent for moment in seen]


async def broadcast(bases: list[str], tables: int = 200, concurrency: int = 1) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        created = [await new_table(http, bases[i % 2], HUMANS, seed=i) for i in range(tables)]
        sockets = []
        for table in created:
            pair = [
                await websockets.connect(f"{b.replace('http', 'ws')}/api/tables/{table['id']}/ws")
                for b in bases
            ]
            for ws in pair:
                await ws.recv()
            sockets.append(pair)
        latencies, replies = [], []
        limiter = asyncio.Semaphore(concurrency)

        async def one(i: int) -> None:
            async with limiter:
                replied, seen = await timed_move(http, bases[(i + 1) % 2], created[i], sockets[i])
                replies.append(replied)
                latencies.extend(seen)

        started = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(tables))), LIMIT)
        elapsed = time.perf_counter() - started
        for pair in sockets:
            for ws in pair:
                await ws.close()
    report(
        "broadcast",
        tables=tables,
        processes=2,
        sockets=2 * tables,
        moves=tables,
        moves_at_once=concurrency,
        seconds=round(elapsed, 1),
        broadcast=percentiles(latencies),
        post_round_trip=percentiles(replies),
    )


async def bots(base: str, thinking: int = 8, moves: int = 60) -> None:
    hard = [{"kind": "bot", "bot": "mcts", "level": "hard"}] * 2
    async with httpx.AsyncClient(timeout=30) as http:
        quiet, _ = await human_moves(http, base, moves, first_seed=0)  # the same, before the bots
        hard_tables = [(await new_table(http, base, hard, seed=1000 + i))["id"] for i in range(thinking)]
        await asyncio.sleep(1.0)  # bot-only tables: one hard bot thinks (~4.5 s a move) at each
        before = await bot_moves(http, base, hard_tables)
        started = time.perf_counter()
        replies, latencies = await human_moves(http, base, moves, first_seed=moves)
        hard_moves = await bot_moves(http, base, hard_tables) - before
        during = time.perf_counter() - started
        easy = await new_table(http, base, [{"kind": "bot", "bot": "random", "level": "easy"}] * 2, seed=7)
        gaps = await move_gaps(base, easy["id"])
    report(
        "human_move_while_hard_bots_think",
        hard_bots_thinking=thinking,
        round_trip_without_bots=percentiles(quiet),
        round_trip=percentiles(replies),
        broadcast=percentiles(latencies),
        hard_bot_moves_meanwhile=hard_moves,
        seconds_meanwhile=round(during, 1),
        easy_bot_move_interval=percentiles(gaps),
    )


async def bot_moves(http: httpx.AsyncClient, base: str, table_ids: list[str]) -> int:
    """How many moves the bots of these tables have made so far (what the bots got done)."""
    states = [(await http.get(f"{base}/api/tables/{table_id}")).json() for table_id in table_ids]
    return sum(state["table"]["actions"] for state in states)


async def human_moves(
    http: httpx.AsyncClient, base: str, moves: int, first_seed: int
) -> tuple[list[float], list[float]]:
    """`moves` human moves, one at a time, each at a fresh table followed by one socket."""
    replies, latencies = [], []
    started = time.perf_counter()
    for i in range(moves):
        table = await new_table(http, base, HUMANS, seed=first_seed + i)
        async with websockets.connect(f"{base.replace('http', 'ws')}/api/tables/{table['id']}/ws") as ws:
            await ws.recv()
            replied, seen = await timed_move(http, base, table, [ws])
        replies.append(replied)
        latencies.extend(seen)
        if time.perf_counter() - started > LIMIT:
            break
    return replies, latencies


async def move_gaps(base: str, table_id: str) -> list[float]:
    """The time between consecutive moves of a bot-only table, followed to its end."""
    gaps, last = [], None
    async with websockets.connect(f"{base.replace('http', 'ws')}/api/tables/{table_id}/ws") as ws:
        while True:
            payload = json.loads(await asyncio.wait_for(ws.recv(), 60))
            moment = time.perf_counter()
            if last is not None:
                gaps.append(moment - last)
            last = moment
            if payload["table"]["is_over"]:
                return gaps


async def sockets(base: str, attempts: int = 10_000, cap: int = 32) -> None:
    ws_url = base.replace("http", "ws")
    async with httpx.AsyncClient(timeout=30) as http:
        table = await new_table(http, base, HUMANS, seed=1)
    url = f"{ws_url}/api/tables/{table['id']}/ws"
    accepted, refused, errors = [], 0, 0

    async def attempt() -> None:
        nonlocal refused, errors
        try:
            ws = await websockets.connect(url, open_timeout=30)
            accepted.append(ws)
        except websockets.InvalidStatus:
            refused += 1
        except (OSError, TimeoutError, websockets.WebSocketException):
            errors += 1

    baseline: list[float] = []
    other: list[float] = []
    await probe(base, table["id"], 5, baseline)
    prober = asyncio.create_task(probe(base, table["id"], LIMIT, other))
    started = time.perf_counter()
    batch = 200
    for start in range(0, attempts, batch):
        await asyncio.gather(*(attempt() for _ in range(min(batch, attempts - start))))
        if time.perf_counter() - started > LIMIT:
            break
    elapsed = time.perf_counter() - started
    async with websockets.connect(url, local_addr=("127.0.0.2", 0)) as ws:  # another address still gets in
        other_accepted = bool(await ws.recv())
    prober.cancel()
    await asyncio.gather(prober, return_exceptions=True)
    for ws in accepted:
        await ws.close()
    report(
        "idle_sockets_from_one_client",
        attempted=attempts,
        accepted=len(accepted),
        refused=refused,
        errors=errors,
        cap=cap,
        seconds=round(elapsed, 1),
        other_address_socket_accepted=other_accepted,
        other_address_get_before=percentiles(baseline),
        other_address_get_during=percentiles(other),
    )


PROBE = """
import json, sys, time, httpx
base, table, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
samples = []
transport = httpx.HTTPTransport(local_address="127.0.0.2")
with httpx.Client(timeout=30, transport=transport) as http:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sent = time.perf_counter()
        assert http.get(f"{base}/api/tables/{table}").status_code == 200
        samples.append(time.perf_counter() - sent)
        print(json.dumps(samples[-1]), flush=True)
        time.sleep(0.05)
"""


async def probe(base: str, table_id: str, seconds: float, samples: list[float]) -> None:
    """Somebody else, from another address and in another process (so that the attacking clients'
    own CPU use does not count), reads the table every 50 ms; its request latencies."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", PROBE, base, table_id, str(seconds), stdout=asyncio.subprocess.PIPE
    )
    try:
        async for line in process.stdout:
            samples.append(json.loads(line))
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def body(base: str, size: int = 50 * 1024 * 1024) -> None:
    host, port = base.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    other: list[float] = []
    started = time.perf_counter()
    writer.write(
        f"POST /api/tables HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {size}\r\n\r\n".encode()
    )
    writer.write(b"{" + b" " * 65536)  # and then nothing: the server must not wait for the rest
    await writer.drain()
    status_line = await asyncio.wait_for(reader.readline(), 30)
    refused_after = time.perf_counter() - started
    async with httpx.AsyncClient(timeout=30) as http:
        for _ in range(20):
            sent = time.perf_counter()
            (await http.get(f"{base}/api/games")).raise_for_status()
            other.append(time.perf_counter() - sent)
    writer.close()
    report(
        "body_50_mb",
        status=status_line.decode().strip(),
        refused_after_ms=round(refused_after * 1000, 1),
        bytes_sent_before_refusal=65537,
        other_requests=percentiles(other),
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--db",
        default=os.environ.get("LUDOTECA_TEST_POSTGRES_URL"),
        help="PostgreSQL URL (a fresh database: the script fills it)",
    )
    parser.add_argument("--at-once", type=int, default=1, help="broadcast: moves in flight at once")
    parser.add_argument("--hard-bots", type=int, default=8, help="bots: hard bots thinking meanwhile")
    parser.add_argument("--moves", type=int, default=60, help="bots: human moves measured (each way)")
    parser.add_argument(
        "--logs",
        type=Path,
        metavar="DIR",
        default=os.environ.get("LOAD_LOGS"),
        help="folder for the servers' logs, load-*.log (default: $LOAD_LOGS, or a new temporary "
        "folder); its path is printed on stderr at the end",
    )
    parser.add_argument("scenarios", nargs="*", default=["broadcast", "bots", "sockets", "body"])
    args = parser.parse_args()
    if not args.db:
        parser.error("give --db (PostgreSQL) or set LUDOTECA_TEST_POSTGRES_URL")
    logs = args.logs or Path(tempfile.mkdtemp(prefix="ludoteca-load-"))
    logs.mkdir(parents=True, exist_ok=True)
    try:
        for scenario in args.scenarios:
            run_scenario(scenario, args, logs)
    finally:  # stderr: stdout holds only the figures' JSON lines
        print(f"server logs: {logs}", file=sys.stderr)


def run_scenario(scenario: str, args: argparse.Namespace, logs: Path) -> None:
    """Start the servers `scenario` needs (logging into `logs`), measure, stop them."""
    ports = [free_port(), free_port()]
    if scenario == "broadcast":
        servers = [
            start_server(args.db, p, logs / f"load-{p}.log", **OPEN, sockets_per_client=1000)
            for p in ports
        ]
        run = broadcast([f"http://127.0.0.1:{p}" for p in ports], concurrency=args.at_once)
    elif scenario == "bots":
        hard = {"easy": 1, "normal": 1, "hard": max(1, args.hard_bots)}
        servers = [start_server(args.db, ports[0], logs / "load-bots.log", **OPEN, bot_processes=hard)]
        run = bots(f"http://127.0.0.1:{ports[0]}", thinking=args.hard_bots, moves=args.moves)
    elif scenario == "sockets":
        servers = [start_server(args.db, ports[0], logs / "load-sockets.log", **OPEN)]
        run = sockets(f"http://127.0.0.1:{ports[0]}")
    else:
        servers = [start_server(args.db, ports[0], logs / "load-body.log", **OPEN)]
        run = body(f"http://127.0.0.1:{ports[0]}")
    try:
        asyncio.run(asyncio.wait_for(run, LIMIT * 3))
    finally:
        for server in servers:
            stop(server)


if __name__ == "__main__":
    main()
