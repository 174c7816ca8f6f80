"""Waiting and stopping for the server's background tasks, written once so every loop and every
shutdown does it the way that cannot hang.

On Python 3.11, `asyncio.wait_for` can swallow a cancellation that arrives just as what it waits
for completes (seen as a test client's shutdown waiting forever for a presence loop woken exactly
then). So loops wait with `woken`, and shutdowns go through `stopped`, which cancels again any
task still running and gives up after a bounded time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from contextlib import suppress

STOP_SECONDS = 5.0  # how long a shutdown waits for its tasks: a stuck one must not hold it up
RECANCEL_SECONDS = 0.5  # how often a task still running is cancelled again


async def woken(event: asyncio.Event, seconds: float) -> None:
    """Wait until `event` is set, or `seconds` have passed, whichever comes first.

    With `asyncio.timeout`, not `asyncio.wait_for`: on Python 3.11, `wait_for` can swallow a
    cancellation that arrives just as the event is set, and a background loop that swallowed it
    never stops, so the process's shutdown waits for it forever."""
    with suppress(TimeoutError):
        async with asyncio.timeout(seconds):
            await event.wait()


async def stopped(tasks: Iterable[asyncio.Task], seconds: float = STOP_SECONDS) -> None:
    """Cancel `tasks` and wait until they end, cancelling again any that is still running (a
    cancellation a library swallowed); bounded by `seconds`, so a stuck task cannot hold up
    shutdown (it is left behind, cancelled)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    pending = set(tasks)  # a copy: the caller's set may shrink as tasks end
    while pending and loop.time() < deadline:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=RECANCEL_SECONDS)
