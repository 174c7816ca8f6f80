"""Live tables: seats and tokens, applying actions, and what each connection may see.

The database is the truth; a process's live tables are a cache of it, loaded on demand, kept up to
date by the change notifications of other processes (`pubsub`), and dropped when nobody has used
them for a while. Every change goes through `Tables._store`: the action is tried on a clone, stored
under its sequence number, and only then does the clone become the table's state and get
broadcast, so a failed request, a failed write or a lost race changes nothing. A lost race (another
process stored that action number first) is a `Conflict` (409) after the table is reloaded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import socket
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import ludoteca
from ludoteca.bots import BOTS, LEVELS
from ludoteca.bots.messages import MESSAGES as BOT_MESSAGES
from ludoteca.core import LANGUAGES, IllegalAction, LudotecaError, OptionError, State
from ludoteca.core.messages import Message

from .clocks import Clock, refuse_if_out_of_time, stamped
from .guard import same_digest, token_digest
from .messages import MESSAGES
from .settings import OPERATOR_OPTIONS, Settings
from .store import CapReached, NextBotTurn, SeqTaken, Stale, Store, TableRow, hash_token, now, stored_hash
from .tasks import woken

log = logging.getLogger("ludoteca.server")

MAX_PLAYERS = max(info.max_players for info in ludoteca.list_games())
SEED_BITS = 63  # seeds fit a signed 64-bit database column
RETRIES = 3  # attempts of an action that loses races to other processes before it is a 409


class NotFound(LudotecaError):
    """No table with this id."""


class Forbidden(LudotecaError):
    """The token does not control the seat it tries to act for."""


class Conflict(LudotecaError):
    """The table moved on since the client looked (or another process stored a move first)."""


class StaleMove(Conflict):
    """A bot's move chosen for a position that was since taken back (an undo, maybe followed by
    other moves back to the same move number) or ended by a resign: discarded; after an undo the
    bot thinks again."""


class TooMany(LudotecaError):
    """A limit per client or per table is reached (sockets, new tables)."""

    def __init__(self, message: Message, retry_after: float = 0.0):
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    bot: str | None = None
    level: str | None = None
    token_hash: str | None = None  # humans only: the digest of this seat's join link token

    def public(self, index: int) -> dict[str, Any]:
        return {"seat": index, "kind": self.kind, "bot": self.bot, "level": self.level}

    def stored(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "level": self.level, "token": self.token_hash}

    @classmethod
    def from_stored(cls, row: dict[str, Any]) -> Seat:
        token = row.get("token")
        return cls(row["kind"], row.get("bot"), row.get("level"), stored_hash(token) if token else None)


@dataclass(frozen=True)
class Access:
    """What a connection may do: the seats it plays (none for a spectator)."""

    seats: tuple[int, ...] = ()
    hotseat: bool = False


@dataclass
class LiveTable:
    id: str
    state: State
    seats: list[Seat]
    hotseat_hash: str
    epoch: int = 0  # the stored table's generation (bumped by an undo or a resign) this state belongs to
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Event] = field(default_factory=set)  # one per open WebSocket
    messages: dict[Access, str] = field(default_factory=dict)  # payloads of this position, as sent
    last_used: float = field(default_factory=time.monotonic)
    people: dict[str, Any] = field(default_factory=dict)  # names, presence, resign: see people.py
    clock: Clock | None = None  # the table's clock at this position, if it has one: see clocks.py

    @property
    def resigned(self) -> bool:
        """A seat resigned: the game is over for the table although its state is not."""
        return self.people.get("resigned") is not None

    def access(self, token: str | None) -> Access:
        """The seats `token` plays; no token is a spectator, an unknown token is refused."""
        if not token:
            return Access()
        digest = token_digest(token)
        if same_digest(digest, self.hotseat_hash):
            joined = self.people.get("joined", ())  # seats others took from the lobby (people.py)
            humans = tuple(i for i, s in enumerate(self.seats) if s.kind == "human" and i not in joined)
            return Access(humans, hotseat=True)
        for index, seat in enumerate(self.seats):
            if seat.token_hash and same_digest(digest, seat.token_hash):
                return Access((index,))
        raise Forbidden(MESSAGES.message("link.unknown"))

    @property
    def has_bots(self) -> bool:
        return any(seat.kind == "bot" for seat in self.seats)

    def bot_seats_to_move(self) -> list[int]:
        return [p for p in self.state.to_move if self.seats[p].kind == "bot"]

    def next_bots(self, state: State, delay: float, clock: Clock | None = None) -> NextBotTurn | None:
        """The bot turn `state` leaves, in the lane of the first bot to move (its level); else,
        with a `clock`, the turn that acts when the first running clock runs out (clocks.py)."""
        bots = [p for p in state.to_move if self.seats[p].kind == "bot"] if not self.resigned else []
        if bots:
            return NextBotTurn(self.seats[bots[0]].level or "normal", delay)
        return clock.due_turn() if clock is not None and not self.resigned else None

    def info(self) -> dict[str, Any]:
        state = self.state
        game = state.game
        hidden = OPERATOR_OPTIONS.get(game.info.id, ())
        return {
            "id": self.id,
            "game": game.info.id,
            "names": dict(game.info.names),
            "num_players": state.num_players,
            "options": {k: v for k, v in state.options.items() if k not in hidden},
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "to_move": list(state.to_move),
            "is_over": state.is_over,
            "actions": len(state.history),
            "people": self.people,
            "clock": self.clock.public(time.time(), self.resigned or state.is_over) if self.clock else None,
        }

    def seat_payload(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator): its view, text picture, log and legal moves."""
        state = self.state
        legal = state.legal_actions(seat) if seat in state.to_move else []
        return {
            "seat": seat,
            "view": state.view(seat),
            "render": {lang: state.render(lang, player=seat) for lang in LANGUAGES},
            "history": [[p, text] for p, text in state.visible_history(seat)],
            "legal": [str(a) for a in legal],
            "actions": [state.game.action_data(a) for a in legal],
            "log": {lang: logged(state, lang, seat) for lang in LANGUAGES},
        }

    def payload(self, access: Access) -> dict[str, Any]:
        """Everything one connection receives; hidden information only for its own seats."""
        views = [self.seat_payload(seat) for seat in access.seats] or [self.seat_payload(None)]
        result = self.state.result().to_dict() if self.state.is_over else None
        return {
            "table": self.info(),
            "you": {"seats": list(access.seats), "hotseat": access.hotseat},
            "views": views,
            "result": result,
        }

    def message(self, access: Access) -> str:
        """The payload as JSON text, built once per position for each distinct access: every
        spectator, and every socket of one seat, shares one."""
        text = self.messages.get(access)
        if text is None:
            text = self.messages[access] = json.dumps(self.payload(access))
        return stamped(text) if self.clock is not None else text

    def become(self, state: State, epoch: int | None = None) -> None:
        """Take `state` (already stored, at `epoch` if it changed) as the table's position and wake
        every socket."""
        self.state = state
        if epoch is not None:
            self.epoch = epoch
        self.messages = {}
        self.last_used = time.monotonic()
        for changed in self.listeners:
            changed.set()


class Tables:
    """The live tables of one process, a cache of the `Store`."""

    def __init__(self, store: Store, settings: Settings):
        self.store = store
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        # Open sockets of this process by capped key ("table <id>", "client <address>"); the
        # database adds up every process's (`Store.take_socket`).
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"[:64]
        self.sockets: Counter[str] = Counter()
        self.closed: set[str] = set()  # keys whose count fell since it was last written
        self.socket_changes = asyncio.Event()
        self.socket_lock = asyncio.Lock()
        self.on_bot_turn: list = []  # callbacks(lane, delay) of local bot runners, woken at once
        self.on_load: list = []  # functions(table_id) -> its people, read on (re)loading (people.py)

    # ---- tables -------------------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        num_players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        seed: int | None = None,
        clock: Clock | None = None,
    ) -> tuple[LiveTable, list[str | None], str]:
        """A new table, with each human seat's token and the hot-seat token (only their digests are
        kept). Raises `OptionError` for a bad game, option, player count or seat."""
        game = ludoteca.load(game_id)
        num_players = num_players or (len(seats) if seats else game.info.min_players)
        if not game.info.min_players <= num_players <= game.info.max_players:
            low, high = game.info.min_players, game.info.max_players
            raise OptionError(MESSAGES.message("table.players", game=game.info.names, low=low, high=high,
                                               count=num_players))
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        state = game.new_state(num_players, seed, **self._table_options(game, options))
        tokens = [secrets.token_urlsafe(16) if s.get("kind", "human") == "human" else None
                  for s in _seat_specs(seats, num_players)]
        hotseat = secrets.token_urlsafe(16)
        table = LiveTable(
            id=secrets.token_hex(8),
            state=state,
            seats=_seats(_seat_specs(seats, num_players), tokens),
            hotseat_hash=hash_token(hotseat),
        )
        table.clock = clock.started_for(state, table.seats, time.time()) if clock is not None else None
        row = TableRow(
            id=table.id,
            game=game.info.id,
            version=game.version,
            num_players=num_players,
            seed=state.seed,
            options=state.options,
            seats=[seat.stored() for seat in table.seats],
            hotseat_token=table.hotseat_hash,
            created=now(),
            finished=False,
            clock=table.clock.stored() if table.clock is not None else None,
        )
        bots = table.next_bots(state, self.settings.bot_delay, table.clock)
        await asyncio.to_thread(self.store.create_table, row, bots)
        self._remember(table)
        self.announce_bots(bots)
        return table, tokens, hotseat

    def _table_options(self, game: ludoteca.Game, options: dict[str, Any]) -> dict[str, Any]:
        """The options a client chose, plus those only the operator sets (refused from a client)."""
        reserved = OPERATOR_OPTIONS.get(game.info.id, ())
        for name in options:
            if name in reserved:
                raise OptionError(MESSAGES.message("table.operator_option", name=name))
        chosen = _typed_options(game, options)
        return {**chosen, **self.settings.operator_options.get(game.info.id, {})}

    async def get(self, table_id: str) -> LiveTable:
        """The table, from the cache or loaded from the database (replaying its actions)."""
        table = self.live.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
            return table
        loaded = await asyncio.to_thread(self.store.load, table_id) if _plausible_id(table_id) else None
        if loaded is None:
            raise NotFound(MESSAGES.message("table.not_found", table=repr(table_id)[:100]))
        row, actions = loaded
        people = await self._people(table_id)
        table = self.live.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            table = LiveTable(id=row.id, state=_replayed(row, actions),
                              seats=[Seat.from_stored(seat) for seat in row.seats],
                              hotseat_hash=stored_hash(row.hotseat_token), people=people, epoch=row.epoch,
                              clock=Clock.from_stored(row.clock))
            self._remember(table)
            await self._ensure_bot_turn(table)
        return table

    async def _people(self, table_id: str) -> dict[str, Any]:
        """The table's people as stored (names, resign...: `on_load`), read after its row."""
        people: dict[str, Any] = {}
        for read in self.on_load:
            people.update(await asyncio.to_thread(read, table_id))
        return people

    async def _ensure_bot_turn(self, table: LiveTable) -> None:
        """A table stored before bot turns were recorded gets its due bot turn when first loaded."""
        bots = table.next_bots(table.state, 0.0, table.clock)
        if bots is not None:
            await asyncio.to_thread(self.store.ensure_bot_turn, table.id, len(table.state.history), bots)
            self.announce_bots(bots)

    def _remember(self, table: LiveTable) -> None:
        self.live[table.id] = table
        if len(self.live) > self.settings.max_live_tables:
            self.evict(0.0, keep=self.settings.max_live_tables)

    def evict(self, idle_seconds: float, keep: int | None = None) -> int:
        """Drop tables nobody watches or uses (idle for `idle_seconds`), oldest first, until at
        most `keep` remain; they are reloaded from the database when next asked for."""
        moment = time.monotonic()
        idle = sorted(
            (t for t in self.live.values()
             if not t.listeners and not t.lock.locked() and moment - t.last_used >= idle_seconds),
            key=lambda t: t.last_used,
        )
        excess = len(idle) if keep is None else max(0, len(self.live) - keep)
        for table in idle[:excess]:
            del self.live[table.id]
        return min(excess, len(idle))

    # ---- acting -------------------------------------------------------------------------------

    async def act(self, table: LiveTable, access: Access, text: str, seat: int | None,
                  seen: int | None = None) -> None:
        """Play `text` for a person's seat. `seen`, the number of actions the client knew of, makes
        a repeated submit a 409 instead of a second move."""
        for _ in range(RETRIES):
            async with table.lock:
                check_seen(table, seen)
                _refuse_if_resigned(table)
                acting = _acting_seat(table, access, seat)
                refuse_if_out_of_time(table, acting)
                trial = table.state.clone()
                trial.apply(text, acting)
                if await self._store(table, trial):
                    return
        raise moved_on()

    async def act_bot(self, table: LiveTable, seat: int, text: str, seq: int, epoch: int) -> None:
        """Play a bot's move chosen at `seq` actions of `epoch`: valid only for that very position.
        A `StaleMove` if the table was taken back since (even if it is at `seq` actions again), a
        `Conflict` if it moved on otherwise; nothing is stored then."""
        async with table.lock:
            if table.epoch != epoch:
                raise StaleMove(MESSAGES.message("act.moved_on"))
            if len(table.state.history) != seq or seat not in table.state.to_move or table.resigned:
                raise moved_on()
            trial = table.state.clone()
            trial.apply(text, seat)
            if not await self._store(table, trial):
                raise StaleMove(MESSAGES.message("act.moved_on")) if table.epoch != epoch else moved_on()

    async def _store(self, table: LiveTable, trial: State) -> bool:
        """Store `trial`'s last action (lock held); False if another process stored that number
        first (after catching up with it) or took the table back (after reloading it)."""
        seq = len(trial.history) - 1
        player, canonical = trial.history[-1]
        clock = table.clock and table.clock.after(table.state, trial, player, table.seats, time.time())
        bots = table.next_bots(trial, self.settings.bot_delay, clock)
        try:
            await asyncio.to_thread(self.store.append_action, table.id, table.epoch, seq, player, canonical,
                                    trial.is_over, bots, table.has_bots or clock is not None,
                                    clock.stored() if clock is not None else None)
        except SeqTaken:
            await self._catch_up_locked(table)
            return False
        except Stale:
            await self.reload_locked(table)
            return False
        table.clock = clock
        table.become(trial)
        self.announce_bots(bots)
        return True

    def announce_bots(self, bots: NextBotTurn | None) -> None:
        if bots is not None:
            for wake in self.on_bot_turn:
                wake(bots.lane, bots.delay)

    # ---- other processes' changes -------------------------------------------------------------

    async def changed_elsewhere(self, table_id: str, count: int, epoch: int) -> None:
        """A notification: table `table_id` now has `count` actions at `epoch`. Catch up if we
        hold it, or rebuild it if it was taken back (an undo elsewhere)."""
        table = self.live.get(table_id)
        if table is None or (table.epoch == epoch and len(table.state.history) >= count):
            return
        async with table.lock:
            await self._catch_up_locked(table)

    async def refresh(self, table: LiveTable) -> None:
        """Catch up with the database now (a bot runner does, before it thinks)."""
        async with table.lock:
            await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: LiveTable) -> None:
        """Apply the actions stored since our position; rebuild the table if it was taken back."""
        changes = await asyncio.to_thread(self.store.changes_from, table.id, len(table.state.history))
        if changes is None:
            return
        epoch, newer = changes.epoch, changes.actions
        if epoch != table.epoch:
            await self.reload_locked(table)
            return
        if not newer:
            return
        state = table.state.clone()
        try:
            for player, text in newer:
                state.apply(text, player)
        except LudotecaError:  # cannot happen unless the stored game changed: reload it whole
            log.error("table %s could not replay its stored actions; reloading", table.id)
            self.live.pop(table.id, None)
            return
        table.clock = Clock.from_stored(changes.clock)
        table.become(state)

    async def reload_locked(self, table: LiveTable) -> None:
        """Rebuild the table from the database: another process took moves back (undo), which
        catching up cannot follow (it assumes a history that only grows), or a seat resigned.
        Its people and seats are read again too, after the row: a resign is stored with the
        epoch it bumps, so the new epoch always comes with the resign."""
        loaded = await asyncio.to_thread(self.store.load, table.id)
        if loaded is None:
            return
        row, actions = loaded
        table.clock = Clock.from_stored(row.clock)
        table.people = await self._people(table.id)
        table.seats = [Seat.from_stored(seat) for seat in row.seats]  # a lobby join gave a seat a new token
        table.become(_replayed(row, actions), row.epoch)

    async def lost_notifications(self) -> None:
        """The change listener reconnected: drop what nobody watches, refresh what somebody does."""
        self.evict(0.0)
        for table in list(self.live.values()):
            await self.refresh(table)

    # ---- sockets ------------------------------------------------------------------------------

    @asynccontextmanager
    async def socket(self, table: LiveTable, client: str) -> AsyncIterator[asyncio.Event]:
        """Register one open WebSocket of `client`, within the per-table and per-client caps, which
        hold across every process on the database (`Store.take_socket`). A process that alone
        holds a cap's worth refuses without asking the database, so a flood costs it nothing more."""
        caps = {f"table {table.id}": self.settings.sockets_per_table,
                f"client {client}": self.settings.sockets_per_client}
        for key, cap in caps.items():
            if self.sockets[key] >= cap:
                raise _too_many(key, cap)
        async with self.socket_lock:  # one take at a time, so the counts written are this process's
            self.sockets.update(caps.keys())
            try:
                await asyncio.to_thread(self.store.take_socket, self.owner,
                                        {key: (self.sockets[key], cap) for key, cap in caps.items()},
                                        self.settings.socket_lease_seconds, time.time())
            except BaseException as error:
                self.sockets.subtract(caps.keys())
                self.sockets += Counter()  # drop the keys at zero
                if isinstance(error, CapReached):  # nothing was stored
                    raise _too_many(error.key, caps[error.key]) from None
                self.closed.update(caps.keys())  # it may have been stored: write the true counts
                self.socket_changes.set()
                raise
        changed = asyncio.Event()
        changed.set()
        table.listeners.add(changed)
        try:
            yield changed
        finally:
            table.listeners.discard(changed)
            table.last_used = time.monotonic()
            self.sockets.subtract(caps.keys())
            self.closed.update(caps.keys())
            self.sockets += Counter()
            self.socket_changes.set()

    async def keep_socket_counts(self) -> None:
        """Runs while the process serves: writes the counts of closed sockets to the database (soon
        after they close) and renews this process's lease on its counts (every third of
        `socket_lease_seconds`), so they stop counting soon after the process dies."""
        lease = self.settings.socket_lease_seconds
        renewed = time.monotonic()
        while True:
            await woken(self.socket_changes, lease / 3)
            self.socket_changes.clear()
            closed: dict[str, int] = {}
            try:
                async with self.socket_lock:
                    closed = {key: self.sockets[key] for key in self.closed}
                    self.closed.clear()
                    if closed:
                        await asyncio.to_thread(self.store.write_socket_counts, self.owner, closed, lease,
                                                time.time())
                if time.monotonic() - renewed >= lease / 3:
                    await asyncio.to_thread(self.store.renew_sockets, self.owner, lease, time.time())
                    renewed = time.monotonic()
            except Exception as error:  # the database is away: keep the counts, try again
                self.closed.update(closed)
                log.warning("socket counts not written: %s", type(error).__name__)
            await asyncio.sleep(0.1)  # a burst of closes is written at once

    async def forget_sockets(self) -> None:
        """The process stops: its sockets no longer count anywhere."""
        await asyncio.to_thread(self.store.drop_sockets, self.owner)


def _too_many(key: str, cap: int) -> TooMany:
    if key.startswith("table "):
        return TooMany(MESSAGES.message("sockets.table", count=cap))
    return TooMany(MESSAGES.message("sockets.client", cap=cap))


def _replayed(row: TableRow, actions: list[list]) -> State:
    """The state of a stored table: its game record replayed (on load, and on rebuilding a table
    that another process took back)."""
    record = {"game": row.game, "version": row.version, "num_players": row.num_players,
              "seed": row.seed, "options": row.options, "actions": actions}
    return ludoteca.load(row.game).replay(record)


def logged(state: State, lang: str, seat: int | None) -> list[list[Any]]:
    """The move log in words as `seat` reads it: `[player, sentence, action, round, notation]`
    per line (`State.log_lines`), `action` being the index in the record (and in `State.history`)
    of the action the line says, `notation` None while the move is secret to `seat`.

    A page numbers lines, marks what is new and steps a replay by that index, never by a line's
    place in some other list: the notation list it sits beside (`history`, the game's
    `visible_history`) has other lengths (Santa Monica's also lists the decisions its rules made
    alone, which are in no record; City Square Off's leaves out the other city's pending
    placement). `log_lines` words each recorded action in one line, so the index is the line's
    place in it. The round groups the lines; the notation is shown when the pointer rests on one."""
    return [[line.player, line.text, index, line.round, line.notation]
            for index, line in enumerate(state.log_lines(lang, seat))]


def check_seen(table: LiveTable, seen: int | None) -> None:
    """A `Conflict` if the client saw another number of actions than the table has (lock held)."""
    if seen is not None and seen != len(table.state.history):
        raise Conflict(MESSAGES.message("act.moved_on_seen", actions=len(table.state.history), seen=seen))


def moved_on() -> Conflict:
    return Conflict(MESSAGES.message("act.moved_on"))


def _refuse_if_resigned(table: LiveTable) -> None:
    if table.resigned:
        raise IllegalAction(MESSAGES.message("act.resigned"))


def _plausible_id(table_id: str) -> bool:
    return 0 < len(table_id) <= 32 and table_id.isascii() and table_id.isalnum()


@dataclass(frozen=True)
class SeatWords:
    """A route's refusals (message keys) when a link does not say which of its seats speaks."""

    spectator: str  # the link plays no seat
    which_seat: str  # a hot-seat link plays several and named none


def chosen_seat(access: Access, seat: int | None, words: SeatWords) -> int:
    """The seat a link speaks for (to name, resign or undo): the one named, which must be the
    link's, or the link's only seat; refused in the route's `words` otherwise."""
    if not access.seats:
        raise Forbidden(MESSAGES.message(words.spectator))
    if seat is None:
        if len(access.seats) != 1:
            raise Forbidden(MESSAGES.message(words.which_seat))
        return access.seats[0]
    if seat not in access.seats:
        raise Forbidden(MESSAGES.message("act.not_your_seat", seats=list(access.seats), seat=seat))
    return seat


def _acting_seat(table: LiveTable, access: Access, seat: int | None) -> int:
    if seat is None:
        if not access.seats:
            raise Forbidden(MESSAGES.message("act.spectator"))
        mine = [p for p in access.seats if p in table.state.to_move]
        if not mine:
            to_move = list(table.state.to_move)
            raise IllegalAction(MESSAGES.message("act.not_your_turn", to_move=to_move))
        if len(mine) > 1:
            raise LudotecaError(MESSAGES.message("act.which_seat", seats=mine))
        return mine[0]
    if seat not in access.seats:
        raise Forbidden(MESSAGES.message("act.not_your_seat", seats=list(access.seats), seat=seat))
    return seat


def _seat_specs(given: list[dict[str, Any]] | None, num_players: int) -> list[dict[str, Any]]:
    given = given if given is not None else [{"kind": "human"}] * num_players
    if len(given) != num_players:
        raise OptionError(MESSAGES.message("table.seats", players=num_players, count=len(given)))
    return given


def _seats(given: list[dict[str, Any]], tokens: list[str | None]) -> list[Seat]:
    """Validated seats; each human keeps only the digest of its fresh secret token."""
    seats = []
    for spec, token in zip(given, tokens, strict=True):
        kind = spec.get("kind", "human")
        if kind == "human":
            seats.append(Seat("human", token_hash=hash_token(token or "")))
        elif kind == "bot":
            name, level = spec.get("bot") or "random", spec.get("level") or "normal"
            if name not in BOTS:
                raise OptionError(BOT_MESSAGES.message("unknown_bot", name=repr(name), bots=", ".join(BOTS)))
            if level not in LEVELS:
                raise OptionError(BOT_MESSAGES.message("level", levels=", ".join(LEVELS), level=repr(level)))
            seats.append(Seat("bot", bot=name, level=level))
        else:
            raise OptionError(MESSAGES.message("table.seat_kind", kind=repr(kind)))
    return seats


def _typed_options(game: ludoteca.Game, options: dict[str, Any]) -> dict[str, Any]:
    """Options as sent by a form (text) or by a program (typed values); text is parsed."""
    typed = {}
    for name, value in options.items():
        if isinstance(value, str):
            typed.update(game.parse_options([f"{name}={value}"]))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            typed.update(game.parse_options([f"{name}={','.join(value)}"]) if value else {name: []})
        else:
            typed[name] = value
    return typed
