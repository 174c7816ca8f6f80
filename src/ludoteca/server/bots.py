"""Bot runners: the bots think in their own processes and play through the database like a person.

A runner serves three lanes, one per bot level, each with its own process pool and its own queue of
due turns in the database (`bot_turns`), so an easy bot never waits behind hard ones. A runner
claims a turn with a lease (`Store.claim_bot_turns`), keeps renewing it while the bot thinks, and
stores the move with the same sequence-number guard as a person's; so across any number of server
processes and `ludoteca bots` workers exactly one move is stored per turn. A runner that dies stops
renewing: its lease expires and another runner takes the turn. A failed attempt (a bot error, a
database error, a crashed bot process) is logged and retried after a back-off; after
`Settings.bot_attempts` failures the bot plays its first legal move, so a table never stops.

Pool processes run at a lower CPU priority (`Settings.bot_niceness`; hard bots under SCHED_IDLE on
Linux, `Settings.bot_idle_lanes`), so that when bots keep the CPUs busy the web process (moves of
people, broadcasts) is served first. They never outlive their
runner: each one watches a pipe whose only write end the runner's process holds, and exits as
soon as that end closes, which the kernel does however the runner ends (`kill -9` included).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import secrets
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, TypeVar

from ludoteca.bots import LEVELS
from ludoteca.core import LudotecaError, State

from .clocks import on_deadline
from .people import People
from .settings import Settings
from .store import BotTurn
from .tables import Conflict, StaleMove, Tables
from .tasks import stopped, woken
from .thinking import think

if TYPE_CHECKING:
    from .clocks import Chooser

T = TypeVar("T")

log = logging.getLogger("ludoteca.bots")

POLL_SECONDS = 0.5  # how often a lane looks for due turns without being woken


class BotRunner:
    """Plays the due bot turns of every table it can claim, lane by lane."""

    def __init__(self, tables: Tables, settings: Settings, people: People | None = None):
        self.tables = tables
        self.settings = settings
        self.people = people  # for a per-game clock that runs out: the seat forfeits (clocks.py)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"[:64]
        self.capacity = {lane: max(1, settings.bot_processes.get(lane, 1)) for lane in LEVELS}
        self.pools: dict[str, ProcessPoolExecutor] = {}
        self.active: dict[str, set[str]] = {lane: set() for lane in LEVELS}
        self.wake = {lane: asyncio.Event() for lane in LEVELS}
        self.tasks: list[asyncio.Task] = []
        self.turns: set[asyncio.Task] = set()
        # Own threads per lane for its database calls and for handing work to its pool (which may
        # start a process): a busy hard lane never holds a thread an easy lane or a web request needs.
        self.threads = {lane: ThreadPoolExecutor(2, thread_name_prefix=f"ludoteca-{lane}") for lane in LEVELS}
        # The bot processes' lifeline: nothing is ever written; its write end closes with this
        # process. A pool cannot do this by itself: its workers hold their own queues' write ends
        # (and the fork server's), so they never see an end of file when the server dies.
        self.lifeline, self.lifeline_end = multiprocessing.Pipe(duplex=False)
        tables.on_bot_turn.append(self.poke)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        loop.run_in_executor(None, self._warm_up)  # start-up takes seconds: not at the first move
        self.tasks = [loop.create_task(self._serve(lane), name=f"ludoteca-bots-{lane}") for lane in LEVELS]

    async def stop(self) -> None:
        await stopped([*self.tasks, *self.turns])  # bounded: a stuck database call must not hold it up
        for pool in self.pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        for threads in self.threads.values():
            threads.shutdown(wait=False, cancel_futures=True)
        self.lifeline_end.close()  # any bot process still thinking exits now

    async def _in_lane(self, lane: str, call: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.threads[lane], call, *args)

    def poke(self, lane: str | None = None, delay: float = 0.0) -> None:
        """Look for due turns now (or once `delay` has passed): a move just made one due."""
        lanes = [lane] if lane in self.wake else list(self.wake)
        loop = asyncio.get_running_loop()
        for name in lanes:
            if delay > 0:
                loop.call_later(delay + 0.02, self.wake[name].set)
            else:
                self.wake[name].set()

    async def _serve(self, lane: str) -> None:
        while True:
            free = self.capacity[lane] - len(self.active[lane])
            if free > 0:
                try:
                    turns = await self._in_lane(
                        lane, self.tables.store.claim_bot_turns, self.owner, lane, free,
                        self.settings.lease_seconds,
                    )
                except Exception as error:
                    log.error("bot runner could not claim %s turns: %s", lane, type(error).__name__)
                    turns = []
                for turn in turns:
                    self.active[lane].add(turn.table_id)
                    task = asyncio.get_running_loop().create_task(self._play(turn))
                    self.turns.add(task)
                    task.add_done_callback(self.turns.discard)
            await woken(self.wake[lane], POLL_SECONDS)
            self.wake[lane].clear()

    async def _play(self, turn: BotTurn) -> None:
        keeper = asyncio.get_running_loop().create_task(self._keep_lease(turn))
        try:
            await self._attempt(turn)
        except StaleMove:  # its position was taken back (a new turn) or resigned (no turn)
            log.info("bot move of table %s at action %d was chosen before an undo or a resign; discarded",
                     turn.table_id, turn.seq)
        except Conflict:
            pass  # another runner or a person moved first; that move rewrote the turn
        except asyncio.CancelledError:
            raise
        except Exception as error:
            backoff = min(30.0, 0.5 * 2**turn.failures)
            log.error("bot turn of table %s at action %d failed (attempt %d): %s; retrying in %.1f s",
                      turn.table_id, turn.seq, turn.failures + 1, _describe(error), backoff)
            await self._in_lane(turn.lane, self.tables.store.release_after_failure, self.owner, turn, backoff)
            self.poke(turn.lane, backoff)
        finally:
            keeper.cancel()
            self.active[turn.lane].discard(turn.table_id)
            self.wake[turn.lane].set()

    async def _attempt(self, turn: BotTurn) -> None:
        table = await self.tables.get(turn.table_id)
        await self.tables.refresh(table)
        seats = table.bot_seats_to_move()
        if len(table.state.history) == turn.seq and not seats and table.clock is not None:
            await on_deadline(self.tables, self.people, table, turn, self._timeout_choice(turn, table.id))
            return
        if len(table.state.history) != turn.seq or not seats:
            await self._in_lane(turn.lane, self.tables.store.drop_bot_turn, turn)  # stale: nothing to play
            return
        seat = seats[0]
        # The move is chosen for this very position: the epoch goes with it, so that an undo while
        # the bot thinks makes the move stale even if the table comes back to this move number.
        state, epoch = table.state.clone(), table.epoch
        if turn.failures >= self.settings.bot_attempts:
            log.warning("bot of table %s seat %d failed %d times; it plays its first legal move",
                        table.id, seat, turn.failures)
            action = str(state.legal_actions(seat)[0])
        else:
            spec = table.seats[seat]
            action = await self._think(state, seat, spec.bot or "random", spec.level or "normal",
                                       turn.lane, table.id)
        await self.tables.act_bot(table, seat, action, turn.seq, epoch)

    def _timeout_choice(self, turn: BotTurn, table_id: str) -> Chooser:
        """How a seat whose per-move clock ran out gets its move: the clock's stand-in bot, thought
        in this lane's processes (the lane of the stand-in's level, `Clock.lane`); its first legal
        move after repeated failures, as for any bot."""
        async def choose(state: State, seat: int, bot: str, level: str) -> str:
            if turn.failures >= self.settings.bot_attempts:
                return str(state.legal_actions(seat)[0])
            return await self._think(state, seat, bot, level, turn.lane, table_id)

        return choose

    async def _think(self, state: State, seat: int, bot: str, level: str, lane: str, table_id: str) -> str:
        pool = self._pool(lane)
        # submit may start a pool process (and, the first time, the fork server): not on the loop.
        future = await self._in_lane(lane, pool.submit, think, state, seat, bot, level, table_id)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:  # a bot process died (killed, out of memory): start a fresh pool
            self.pools.pop(lane, None)
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    def _warm_up(self) -> None:
        """Start the fork server now, in a thread: its imports take seconds on a busy machine, and
        the first bot move should not wait for them. Pool processes start on first use."""
        _context()  # the preload must be set before the fork server starts
        forkserver.ensure_running()

    def _pool(self, lane: str) -> ProcessPoolExecutor:
        if lane not in self.pools:
            self.pools[lane] = ProcessPoolExecutor(
                max_workers=self.capacity[lane], mp_context=_context(), initializer=_bot_process_start,
                initargs=(self.settings.bot_niceness.get(lane, 0), lane in self.settings.bot_idle_lanes,
                          self.lifeline),
            )
        return self.pools[lane]

    async def _keep_lease(self, turn: BotTurn) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            try:
                mine = await self._in_lane(
                    turn.lane, self.tables.store.renew_lease, self.owner, turn, self.settings.lease_seconds
                )
            except Exception as error:
                log.warning("lease of table %s not renewed: %s", turn.table_id, type(error).__name__)
                continue
            if not mine:
                return  # taken over; the sequence guard stores only one of the two moves


def _context() -> multiprocessing.context.BaseContext:
    """Bot processes start from a clean fork server that imported the games once, never from a fork
    of the web server (its threads and connections) nor by re-importing its __main__ module."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["ludoteca.server.thinking"])
    return context


def _describe(error: Exception) -> str:
    """An error for the log. A game's own errors may quote the action (a secret placement), so
    they are named by type only; database messages carry no parameters (`Store`)."""
    if isinstance(error, LudotecaError):
        return type(error).__name__
    return f"{type(error).__name__}: {error}"[:300]


def _bot_process_start(niceness: int, idle: bool, lifeline: Connection) -> None:
    """Runs first in every bot process: its CPU priority (`Settings.bot_niceness`, and SCHED_IDLE
    for `Settings.bot_idle_lanes` where the system has it), and a thread that ends the process
    when the runner's process is gone (see `BotRunner.lifeline`), even in the middle of a move."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    if idle and hasattr(os, "sched_setscheduler"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    threading.Thread(target=_exit_with_runner, args=(lifeline,), name="lifeline", daemon=True).start()


def _exit_with_runner(lifeline: Connection) -> None:
    with contextlib.suppress(EOFError, OSError):
        lifeline.recv_bytes()  # nothing is ever sent: this returns when the write end closes
    os._exit(0)  # no clean-up to do: the process holds no state of its own


async def run_worker(settings: Settings) -> None:
    """The `ludoteca bots` command: a bot runner with no web server, for scale-out."""
    from .pubsub import Listener
    from .store import Store, database_url, is_postgres

    url = database_url(settings.database)
    store = Store(url)
    tables = Tables(store, settings)
    runner = BotRunner(tables, settings, People(tables))
    listener = None
    if is_postgres(url):  # a move anywhere may make a bot due: look at once instead of at the next poll
        async def wake(_table_id: str, _count: int, _epoch: int) -> None:
            runner.poke()

        async def reconnected() -> None:
            tables.evict(0.0)
            runner.poke()

        listener = Listener(url, wake, reconnected)
        listener.start()
    runner.start()
    try:
        while True:
            await asyncio.sleep(settings.idle_seconds / 4)
            tables.evict(settings.idle_seconds)
    finally:
        await runner.stop()
        if listener is not None:
            await listener.stop()
        store.dispose()
