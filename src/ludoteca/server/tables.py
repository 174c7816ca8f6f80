"""Live tables: seats and tokens, applying actions, bots, and what each connection may see.

Every change goes through `Tables.act`: the action is tried on a clone, stored, and only then does
the clone become the table's state and get broadcast, so a failed request or a failed write
changes nothing. Bots think in a thread pool, one task per table, so a slow bot never blocks the
event loop or another table.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import ludoteca
from ludoteca.bots import BOTS, LEVELS, make_bot
from ludoteca.core import LANGUAGES, IllegalAction, LudotecaError, OptionError, State

from .store import Store, TableRow, now

log = logging.getLogger("ludoteca.server")


class NotFound(LudotecaError):
    """No table with this id."""


class Forbidden(LudotecaError):
    """The token does not control the seat it tries to act for."""


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    bot: str | None = None
    level: str | None = None
    token: str | None = None  # humans only: the secret of this seat's join link

    def public(self, index: int) -> dict[str, Any]:
        return {"seat": index, "kind": self.kind, "bot": self.bot, "level": self.level}


@dataclass
class Access:
    """What a connection may do: the seats it plays (none for a spectator)."""

    seats: tuple[int, ...] = ()
    hotseat: bool = False


@dataclass
class LiveTable:
    id: str
    state: State
    seats: list[Seat]
    hotseat_token: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set[asyncio.Event] = field(default_factory=set)  # one per open WebSocket
    bot_task: asyncio.Task | None = None

    def access(self, token: str | None) -> Access:
        """The seats `token` plays; no token is a spectator, an unknown token is refused."""
        if not token:
            return Access()
        if secrets.compare_digest(token, self.hotseat_token):
            humans = tuple(i for i, s in enumerate(self.seats) if s.kind == "human")
            return Access(humans, hotseat=True)
        for index, seat in enumerate(self.seats):
            if seat.token and secrets.compare_digest(token, seat.token):
                return Access((index,))
        raise Forbidden("this link is not valid for this table (unknown token)",
                        "este enlace no vale para esta mesa (clave desconocida)")

    def bot_seats_to_move(self) -> list[int]:
        return [p for p in self.state.to_move if self.seats[p].kind == "bot"]

    def info(self) -> dict[str, Any]:
        state = self.state
        game = state.game
        return {
            "id": self.id,
            "game": game.info.id,
            "names": dict(game.info.names),
            "num_players": state.num_players,
            "options": state.options,
            "seats": [seat.public(i) for i, seat in enumerate(self.seats)],
            "to_move": list(state.to_move),
            "is_over": state.is_over,
            "actions": len(state.history),
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
            "log": {lang: [list(line) for line in state.history_in_words(lang, seat)] for lang in LANGUAGES},
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


class Tables:
    """Every live table of one server, backed by a `Store`."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int = 4):
        self.store = store
        self.bot_delay = bot_delay
        self.live: dict[str, LiveTable] = {}
        self.executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="ludoteca-bot")

    # ---- life cycle ---------------------------------------------------------------------------

    async def resume(self) -> None:
        """Rebuild every unfinished table and let its bots carry on (after a restart)."""
        for table_id in await asyncio.to_thread(self.store.unfinished_ids):
            try:
                table = await self.get(table_id)
            except LudotecaError as error:
                log.error("table %s cannot be resumed: %s", table_id, error)
                continue
            self._wake_bots(table)

    async def close(self) -> None:
        tasks = [t.bot_task for t in self.live.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.dispose()

    # ---- tables -------------------------------------------------------------------------------

    async def create(
        self,
        game_id: str,
        num_players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        seed: int | None = None,
    ) -> LiveTable:
        """A new table; raises `OptionError` for a bad game, option, player count or seat."""
        game = ludoteca.load(game_id)
        num_players = num_players or (len(seats) if seats else game.info.min_players)
        state = game.new_state(num_players, seed, **_typed_options(game, options))
        table = LiveTable(
            id=secrets.token_hex(5),
            state=state,
            seats=_seats(seats, num_players),
            hotseat_token=secrets.token_urlsafe(16),
        )
        row = TableRow(
            id=table.id,
            game=game.info.id,
            version=game.version,
            num_players=num_players,
            seed=state.seed,
            options=state.options,
            seats=[vars(seat) for seat in table.seats],
            hotseat_token=table.hotseat_token,
            created=now(),
            finished=False,
        )
        await asyncio.to_thread(self.store.create_table, row)
        self.live[table.id] = table
        self._wake_bots(table)
        return table

    async def get(self, table_id: str) -> LiveTable:
        table = self.live.get(table_id)
        if table is not None:
            return table
        loaded = await asyncio.to_thread(self.store.load, table_id)
        if loaded is None:
            raise NotFound(f"there is no table {table_id!r}", f"no existe la mesa {table_id!r}")
        row, actions = loaded
        table = self.live.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            game = ludoteca.load(row.game)
            record = {
                "game": row.game,
                "version": row.version,
                "num_players": row.num_players,
                "seed": row.seed,
                "options": row.options,
                "actions": actions,
            }
            table = LiveTable(
                id=row.id,
                state=game.replay(record),
                seats=[Seat(**seat) for seat in row.seats],
                hotseat_token=row.hotseat_token,
            )
            self.live[table_id] = table
        return table

    # ---- acting -------------------------------------------------------------------------------

    async def act(self, table: LiveTable, access: Access | None, text: str, seat: int | None) -> None:
        """Apply `text` for `seat` (`access` None: a bot acting), persist, broadcast, wake bots."""
        async with table.lock:
            if access is not None:
                seat = _acting_seat(table, access, seat)
            trial = table.state.clone()
            trial.apply(text, seat)
            player, canonical = trial.history[-1]
            await asyncio.to_thread(
                self.store.append_action, table.id, len(trial.history) - 1, player, canonical, trial.is_over
            )
            table.state = trial
        await self.broadcast(table)
        self._wake_bots(table)

    async def broadcast(self, table: LiveTable) -> None:
        """Tell every open connection of the table that it changed; each sends its own payload."""
        for changed in table.listeners:
            changed.set()

    # ---- bots ---------------------------------------------------------------------------------

    def _wake_bots(self, table: LiveTable) -> None:
        if table.bot_seats_to_move() and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.get_running_loop().create_task(self._run_bots(table))

    async def _run_bots(self, table: LiveTable) -> None:
        loop = asyncio.get_running_loop()
        while seats := table.bot_seats_to_move():
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            seat = seats[0]
            snapshot = table.state.clone()
            spec = table.seats[seat]
            try:
                action = await loop.run_in_executor(self.executor, _think, snapshot, seat, spec, table.id)
                await self.act(table, None, str(action), seat)
            except Exception as error:  # a bot bug must not freeze the table: play a legal move
                log.error("bot %s at table %s seat %d failed: %s", spec.bot, table.id, seat, error)
                if seat in table.state.to_move:
                    await self.act(table, None, str(table.state.legal_actions(seat)[0]), seat)


def _think(state: State, seat: int, spec: Seat, table_id: str):
    """One bot decision, seeded by table, seat and move number so a restart plays the same."""
    digest = hashlib.sha256(f"{table_id}:{state.seed}:{seat}:{len(state.history)}".encode()).digest()
    bot = make_bot(spec.bot, spec.level, seed=int.from_bytes(digest[:8], "big"))
    return bot.choose(state, seat)


def _acting_seat(table: LiveTable, access: Access, seat: int | None) -> int:
    if seat is None:
        if not access.seats:
            raise Forbidden("spectators cannot act; open a seat's join link to play",
                            "los espectadores no juegan; abre el enlace de un asiento para jugar")
        mine = [p for p in access.seats if p in table.state.to_move]
        if not mine:
            to_move = list(table.state.to_move)
            raise IllegalAction(f"it is not your turn; to move: {to_move}",
                                f"no es tu turno; juega: {to_move}")
        if len(mine) > 1:
            raise LudotecaError(f"this link plays seats {mine} now; say which seat acts",
                                f"este enlace juega ahora los asientos {mine}; di cuál juega")
        return mine[0]
    if seat not in access.seats:
        raise Forbidden(f"this link plays seat(s) {list(access.seats)}, not seat {seat}",
                        f"este enlace juega los asientos {list(access.seats)}, no el {seat}")
    return seat


def _seats(given: list[dict[str, Any]] | None, num_players: int) -> list[Seat]:
    """Validated seats, each human getting a fresh secret token. Default: all human."""
    given = given if given is not None else [{"kind": "human"}] * num_players
    if len(given) != num_players:
        count = len(given)
        raise OptionError(f"a table of {num_players} players needs {num_players} seats, not {count}",
                          f"una mesa de {num_players} jugadores necesita {num_players} asientos, no {count}")
    seats = []
    for spec in given:
        kind = spec.get("kind", "human")
        if kind == "human":
            seats.append(Seat("human", token=secrets.token_urlsafe(16)))
        elif kind == "bot":
            name, level = spec.get("bot") or "random", spec.get("level") or "normal"
            if name not in BOTS:
                raise OptionError(f"unknown bot {name!r}; bots are: {', '.join(BOTS)}",
                                  f"bot desconocido {name!r}; los bots son: {', '.join(BOTS)}")
            if level not in LEVELS:
                raise OptionError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}",
                                  f"el nivel del bot debe ser {', '.join(LEVELS)}, no {level!r}")
            seats.append(Seat("bot", bot=name, level=level))
        else:
            raise OptionError(f"a seat is 'human' or 'bot', not {kind!r}",
                              f"un asiento es 'human' o 'bot', no {kind!r}")
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
