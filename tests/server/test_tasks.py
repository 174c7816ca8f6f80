"""Stopping background tasks: every shutdown (the app's chores, the bot runner, the listener) goes
through `tasks.stopped`, which must end a task that swallowed a cancellation and must give up on
one that never ends."""

from __future__ import annotations

import asyncio

from ludoteca.server.tasks import stopped, woken


async def _swallows_first_cancellation(cancelled: list[int]) -> None:
    """A loop that lost one cancellation, as a library call may: it goes on until cancelled again."""
    while True:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            cancelled.append(1)
            if len(cancelled) > 1:
                raise
            asyncio.current_task().uncancel()


async def _stubborn(holding: list[bool]) -> None:
    """A task that ignores every cancellation while `holding[0]`, as a call stuck in a library."""
    while True:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            if not holding[0]:
                raise
            asyncio.current_task().uncancel()


def test_a_task_that_swallowed_a_cancellation_is_cancelled_again_until_it_ends():
    async def scenario() -> tuple[bool, int, bool]:
        cancelled: list[int] = []
        swallower = asyncio.get_running_loop().create_task(_swallows_first_cancellation(cancelled))
        plain = asyncio.get_running_loop().create_task(asyncio.sleep(3600))
        await asyncio.sleep(0)  # both are waiting in their sleeps
        await stopped({swallower, plain}, seconds=600)
        return swallower.done(), len(cancelled), plain.cancelled()

    ended, cancellations, plain_cancelled = asyncio.run(scenario())
    assert ended and cancellations == 2 and plain_cancelled


def test_a_task_that_never_ends_is_left_behind_once_the_bound_has_passed():
    async def scenario() -> bool:
        holding = [True]
        stuck = asyncio.get_running_loop().create_task(_stubborn(holding))
        await asyncio.sleep(0)
        await stopped([stuck], seconds=1.0)  # returns: a stuck task does not hold up the shutdown
        still_running = not stuck.done()
        holding[0] = False  # now let it end, so that asyncio.run can close
        stuck.cancel()
        await asyncio.gather(stuck, return_exceptions=True)
        return still_running

    assert asyncio.run(scenario())


def test_stopping_no_tasks_returns_at_once():
    asyncio.run(stopped([]))


def test_woken_returns_when_the_event_is_set_or_the_time_has_passed():
    async def scenario() -> bool:
        event = asyncio.Event()
        await woken(event, 0.01)  # nobody sets it: the time passes
        event.set()
        await woken(event, 3600)  # set: at once
        return event.is_set()

    assert asyncio.run(scenario())
