"""Clocks at a table: none, a time per decision, or a time per seat for the whole game.

A clock is chosen when the table is created and is public (every payload carries it, spectators'
too). Only human seats have a clock: a bot's thinking time is the server's business, not a rule.

**What is stored.** The clock's state lives in the table's row (`tables.clock`, JSON): the
choice, each seat's remaining time when its running turn began, and when that turn began (a
timestamp in seconds). It is written in the same statement that guards each stored action
(`Store.append_action`), so every process on the database reads the same clock, a restart loses
nothing, and a lost race stores no clock either.

**How time is counted.** A seat's time runs while it is among the seats to move (in a
simultaneous round every seat still choosing runs its own clock). Each action the seat plays
ends the running stretch: a per-move clock starts afresh for the next decision; a per-game clock
keeps what was left, and gets the increment back when the seat's turn ends (it is no longer to
move). An undo restarts the running stretch of every seat to move at the moment of the undo, with
the time each had left: the time spent on the moves taken back is not given back.

**On timeout** (decided here, see docs/SERVER.md): a per-move clock that runs out has a stand-in
bot play that one decision for the seat, and the seat plays on. The stand-in is chosen with the
clock (`bot`, `level`): any bot the server offers, `heuristic` by default (milliseconds a move, and
a sensible one); `mcts` at `easy` or `normal` only, since a stand-in must answer at once for a seat
that already used its time, and `hard` thinks up to 4.5 s a decision behind every hard bot of the
server. The due turn waits in the lane of the stand-in's level (`Clock.lane`), as a bot seat of that
level does, so a normal search never holds up the easy lane's quick timeouts and bots. A stored
clock without a stand-in (made before it could be chosen) reads as `heuristic`. A per-game clock
that runs out forfeits the seat as a resignation does (the game ends, the seat is last, the result
says it ran out of time). A move that arrives after a per-game clock ran out is refused. The
server enforces timeouts with no browser connected: the action that starts a human's clock records
a due turn in `bot_turns` at the moment the clock would run out, and the bot runners claim it with
the same lease as a bot's move, so exactly one runner across all processes acts, and a crashed
runner's claim is taken over when its lease expires.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from ludoteca.bots import BOTS
from ludoteca.core import IllegalAction, OptionError, State

from .guard import RequestBody
from .messages import MESSAGES
from .store import NextBotTurn

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from .people import People
    from .store import BotTurn
    from .tables import LiveTable, Seat, Tables

    # how a stand-in's move is found: (state, seat, bot, level) -> the move's text
    Chooser = Callable[[State, int, str, str], Awaitable[str]]

# Bounds of a clock, in seconds (a second at least, so tests can time out quickly; the form
# offers sensible values): per decision up to an hour, per seat up to a day, increment ≤ 10 min.
MOVE_SECONDS = (1, 3600)
GAME_SECONDS = (1, 86400)
INCREMENT_SECONDS = (0, 600)
STANDIN_BOT = "heuristic"  # plays a decision whose per-move clock ran out, unless another was chosen
STANDIN_LEVELS = ("easy", "normal")  # a stand-in answers at once: hard (up to 4.5 s a decision) is refused
DEFAULT_LEVEL = {"mcts": "normal"}  # the bots whose level sets their search, at their default stand-in level
# The level of a stand-in that has no levels (the others ignore it), and so the runners' lane of its
# due turns; also the lane of a per-game clock's due turn: neither a forfeit nor such a bot thinks.
QUICK_LEVEL = "easy"
INT32 = 2**31


class ClockSpec(RequestBody):
    """The clock chosen at creation."""

    kind: Literal["none", "move", "game"] = Field("none", description=(
        "none; move: `seconds` for every decision; game: `seconds` per seat for the whole game"))
    seconds: int | None = Field(None, ge=-INT32, lt=INT32, description=(
        f"move: {MOVE_SECONDS[0]}–{MOVE_SECONDS[1]}; game: {GAME_SECONDS[0]}–{GAME_SECONDS[1]}"))
    increment: int = Field(0, ge=-INT32, lt=INT32, description=(
        f"game only: seconds added when a seat's turn ends, {INCREMENT_SECONDS[0]}–{INCREMENT_SECONDS[1]}"))
    bot: str | None = Field(None, max_length=32, description=(
        f"move only: the bot that plays a decision whose time ran out (see GET /api/games); "
        f"default {STANDIN_BOT}"))
    level: str | None = Field(None, max_length=16, description=(
        f"move only: the stand-in's level, {' or '.join(STANDIN_LEVELS)} (hard is refused); "
        f"default {', '.join(f'{level} for {bot}' for bot, level in DEFAULT_LEVEL.items())}, "
        f"{QUICK_LEVEL} for the bots that have no levels"))


@dataclass(frozen=True)
class Clock:
    """The clock of a table at one position. `remaining[seat]`: the seconds the seat had when its
    running stretch began (or has, when it does not run); `started[seat]`: when that stretch began
    (seconds since the epoch), None while the seat does not run (not to move, or a bot)."""

    kind: str  # "move" or "game"
    seconds: float
    increment: float
    remaining: tuple[float, ...]
    started: tuple[float | None, ...]
    bot: str = STANDIN_BOT  # per move: the stand-in that plays a decision whose time ran out
    level: str = QUICK_LEVEL

    # ---- creation and storage -----------------------------------------------------------------

    @classmethod
    def chosen(cls, spec: ClockSpec | None) -> Clock | None:
        """The clock a creation asks for, checked against the bounds (an `OptionError` in both
        languages otherwise); None for no clock. Seats are filled in by `started_for`."""
        if spec is None or spec.kind == "none":
            if spec is not None and (spec.seconds is not None or spec.increment
                                     or spec.bot is not None or spec.level is not None):
                raise OptionError(MESSAGES.message("clock.none_with_time"))
            return None
        low, high = MOVE_SECONDS if spec.kind == "move" else GAME_SECONDS
        if spec.seconds is None or not low <= spec.seconds <= high:
            raise OptionError(MESSAGES.message(f"clock.{spec.kind}_seconds", low=low, high=high,
                                               seconds=spec.seconds if spec.seconds is not None else "—"))
        low_inc, high_inc = INCREMENT_SECONDS
        if spec.increment and spec.kind == "move":
            raise OptionError(MESSAGES.message("clock.move_increment"))
        if not low_inc <= spec.increment <= high_inc:
            raise OptionError(MESSAGES.message("clock.increment", low=low_inc, high=high_inc,
                                               seconds=spec.increment))
        bot, level = _standin(spec)
        return cls(spec.kind, float(spec.seconds), float(spec.increment), (), (), bot, level)

    def started_for(self, state: State, seats: list[Seat], at: float) -> Clock:
        """The clock of a new table: every human seat has the full time; those to move run."""
        count = state.num_players
        return replace(self, remaining=(self.seconds,) * count,
                       started=tuple(at if _runs(p, state, seats) else None for p in range(count)))

    def stored(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment,
                "remaining": list(self.remaining), "started": list(self.started),
                "bot": self.bot, "level": self.level}

    @classmethod
    def from_stored(cls, data: dict[str, Any] | None) -> Clock | None:
        if not data:
            return None
        return cls(data["kind"], float(data["seconds"]), float(data["increment"]),
                   tuple(float(r) for r in data["remaining"]),
                   tuple(None if s is None else float(s) for s in data["started"]),
                   data.get("bot", STANDIN_BOT), data.get("level", QUICK_LEVEL))

    @property
    def lane(self) -> str:
        """The runners' lane of this clock's due turns: the stand-in's level (per move)."""
        return self.level if self.kind == "move" else QUICK_LEVEL

    # ---- time -----------------------------------------------------------------------------------

    def left(self, seat: int, at: float) -> float:
        """The seconds `seat` has left at `at` (negative once it ran out)."""
        started = self.started[seat]
        return self.remaining[seat] - (at - started if started is not None else 0.0)

    def after(self, before: State, after: State, mover: int, seats: list[Seat], at: float) -> Clock:
        """The clock once `mover`'s action (stored at `at`) took the table from `before` to `after`."""
        remaining, started = list(self.remaining), list(self.started)
        for seat in range(after.num_players):
            runs = _runs(seat, after, seats)
            ends_stretch = started[seat] is not None and (seat == mover or not runs)
            if ends_stretch:
                remaining[seat] = self.left(seat, at) if self.kind == "game" else self.seconds
                started[seat] = None
            if self.kind == "game" and seat in before.to_move and seat not in after.to_move:
                remaining[seat] += self.increment
            if runs and started[seat] is None:
                started[seat] = at
        return replace(self, remaining=tuple(remaining), started=tuple(started))

    def restarted(self, state: State, seats: list[Seat], at: float) -> Clock:
        """The clock after an undo to `state`: each seat to move runs from `at` with what it had."""
        remaining = [self.left(seat, at) if self.kind == "game" else self.seconds
                     for seat in range(state.num_players)]
        started = [at if _runs(p, state, seats) else None for p in range(state.num_players)]
        return replace(self, remaining=tuple(remaining), started=tuple(started))

    def running_seats(self) -> list[int]:
        return [seat for seat, started in enumerate(self.started) if started is not None]

    def expired(self, at: float) -> list[int]:
        """The running seats whose time has run out at `at`."""
        return [seat for seat in self.running_seats() if self.left(seat, at) <= 0]

    def soonest(self, at: float) -> float | None:
        """Seconds from `at` until the first running seat runs out (≥ 0); None if none runs."""
        running = [self.left(seat, at) for seat in self.running_seats()]
        return max(0.0, min(running)) if running else None

    def due_turn(self) -> NextBotTurn | None:
        """The turn that makes a runner act when the first running clock runs out."""
        wait = self.soonest(time.time())
        return None if wait is None else NextBotTurn(self.lane, wait)

    def public(self, at: float, stopped: bool = False) -> dict[str, Any]:
        """What every payload carries: the choice, each seat's seconds left at `at` (never below
        0) and whether it runs (nothing runs once the game is over, a resignation included).
        Pages count the running ones down from the message's `now`. A per-move clock names its
        stand-in (`standin`: bot and level), so every seat knows who plays when time runs out."""
        standin = {"bot": self.bot, "level": self.level} if self.kind == "move" else None
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment, "at": at,
                "standin": standin,
                "left": [round(max(0.0, self.left(seat, at)), 3) for seat in range(len(self.remaining))],
                "running": [started is not None and not stopped for started in self.started]}


def _standin(spec: ClockSpec) -> tuple[str, str]:
    """The stand-in bot and level a creation asks for, checked (an `OptionError` in both languages
    otherwise): only with a per-move clock, a bot the server offers, a level that answers at once."""
    if spec.kind != "move":
        if spec.bot is not None or spec.level is not None:
            raise OptionError(MESSAGES.message("clock.standin_move_only"))
        return STANDIN_BOT, QUICK_LEVEL
    bot = spec.bot if spec.bot is not None else STANDIN_BOT
    if bot not in BOTS:
        raise OptionError(MESSAGES.message("clock.standin_bot", name=repr(bot), bots=", ".join(BOTS)))
    level = spec.level if spec.level is not None else DEFAULT_LEVEL.get(bot, QUICK_LEVEL)
    if level not in STANDIN_LEVELS:
        raise OptionError(MESSAGES.message("clock.standin_level", level=repr(level),
                                           levels=", ".join(STANDIN_LEVELS)))
    return bot, level


def _runs(seat: int, state: State, seats: list[Seat]) -> bool:
    return seat in state.to_move and seats[seat].kind == "human" and not state.is_over


def stamped(text: str) -> str:
    """A payload (JSON text, cached per position) with the server's time as it is sent, so that a
    page counts a clock down from the moment it received it whatever its own clock says."""
    return f'{text[:-1]}, "now": {json.dumps(time.time())}}}'


def refuse_if_out_of_time(table: LiveTable, seat: int) -> None:
    """A per-game clock that ran out has lost the game: its late move is refused (lock held)."""
    clock = table.clock
    if clock is not None and clock.kind == "game" and seat in clock.expired(time.time()):
        raise IllegalAction(MESSAGES.message("clock.out_of_time"))


# ---- the runner's side: acting when a clock runs out ------------------------------------------------


async def on_deadline(tables: Tables, people: People | None, table: LiveTable, turn: BotTurn,
                      choose: Chooser) -> None:
    """A runner claimed a clock's due turn (`Clock.due_turn`) of `table`: wait out what is left
    (the claim may come a little early, or the clock was restarted), then act for one seat whose
    time ran out. `choose(state, seat, bot, level)` is the runner's way of asking the clock's
    stand-in for a move.
    Returns quietly if the table moved on: that move recorded the next due turn."""
    while True:
        await tables.refresh(table)
        clock = table.clock
        if len(table.state.history) != turn.seq or table.state.is_over or table.resigned or clock is None:
            return
        wait = clock.soonest(time.time())
        if wait is None:
            return
        if wait <= 0:
            break
        await asyncio.sleep(min(wait, 5.0) + 0.05)
    seat = clock.expired(time.time())[0]
    if clock.kind == "move":
        state, epoch = table.state.clone(), table.epoch
        action = await choose(state, seat, clock.bot, clock.level)
        await tables.act_bot(table, seat, action, turn.seq, epoch)
    elif people is not None:
        await forfeit(tables, people, table, seat, turn.seq)


async def forfeit(tables: Tables, people: People, table: LiveTable, seat: int, seq: int) -> None:
    """A per-game clock ran out: the seat resigns, with the result saying it ran out of time.
    Under the table's lock, and only if no move came in meanwhile (a move stored first counts)."""
    from .people import resign_result

    async with table.lock:
        clock = table.clock
        if (len(table.state.history) != seq or table.state.is_over or table.resigned or clock is None
                or seat not in clock.expired(time.time())):
            return
        await people.end_locked(table, {**resign_result(table, seat), "timeout": seat})
