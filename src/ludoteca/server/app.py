"""The FastAPI application: REST for games and tables, a WebSocket per connection, static pages.

Errors a person can cause (unknown table, wrong link, illegal or malformed action, bad options,
a limit reached) are answered with a 4xx and a readable `detail`; they never change a table.
Any number of these processes may serve one PostgreSQL database (see docs/SERVER.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import Field
from starlette.websockets import WebSocketState

import ludoteca
from ludoteca.bots import BOTS, LEVELS
from ludoteca.core import IllegalAction, LudotecaError
from ludoteca.core.messages import catalogues

from .bots import BotRunner
from .clocks import DEFAULT_LEVEL, QUICK_LEVEL, STANDIN_BOT, STANDIN_LEVELS, Clock, ClockSpec
from .guard import (
    PROTOCOL,
    BodyLimit,
    Malformed,
    RateLimit,
    RequestBody,
    SecurityHeaders,
    TokenMissing,
    client_key,
    error_body,
    header_timeout_protocol,
    presented_token,
    validation_problems,
)
from .messages import MESSAGES
from .people import People, PeopleSpec, checked_people
from .people import router as people_router
from .pubsub import Listener
from .settings import OPERATOR_OPTIONS, Settings
from .store import Store, database_url, is_postgres
from .tables import (
    MAX_PLAYERS,
    Access,
    Conflict,
    Forbidden,
    LiveTable,
    NotFound,
    Tables,
    TooMany,
    chosen_seat,
)
from .tasks import stopped, woken
from .undo import UNDO_WORDS, take_back
from .undo import answer as undo_answer

log = logging.getLogger("ludoteca.server")
WEB = Path(__file__).resolve().parent.parent / "web"
INT64 = 2**63
OptionValue = bool | int | str | list[str]
STATUS = {NotFound: 404, Forbidden: 403, Malformed: 403, IllegalAction: 409, Conflict: 409, TooMany: 429,
          TokenMissing: 422}


class SeatSpec(RequestBody):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, max_length=32, description="bot name (see GET /api/games), for bot seats")
    level: str | None = Field(None, max_length=16, description="easy, normal or hard, for bot seats")


class NewTable(RequestBody):
    game: str = Field(..., max_length=64, description="game id, e.g. city-square-off")
    num_players: int | None = Field(None, ge=1, le=MAX_PLAYERS)
    options: dict[str, OptionValue] = Field(
        default_factory=dict, max_length=32, description="option values, typed or as text"
    )
    seats: list[SeatSpec] | None = Field(
        None, max_length=MAX_PLAYERS, description="one per player; default: all human"
    )
    seed: int | None = Field(None, ge=-INT64, lt=INT64, description="default: 63 random bits")
    people: PeopleSpec | None = Field(None, description="the creator's name; whether the lobby lists it")
    clock: ClockSpec | None = Field(None, description="default: no clock (see docs/SERVER.md, Clocks)")


class ActionRequest(RequestBody):
    action: str = Field(..., max_length=200, description="the action in the game's notation")
    token: str | None = Field(None, max_length=100, description=(
        "the secret of your join link; or send it as an 'Authorization: Bearer' header instead"))
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS,
                             description="which of your seats acts (hot-seat); default: yours")
    seen: int | None = Field(None, ge=0, lt=INT64, description=(
        "the number of actions you have seen; if the table has more, 409 and nothing is played "
        "(a double click cannot play twice)"))


class UndoRequest(RequestBody):
    token: str = Field(..., max_length=100, description="the secret of your join link")
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS,
                             description="which of your seats takes its move back (hot-seat); default: yours")
    seen: int | None = Field(None, ge=0, lt=INT64, description="as for actions: 409 if the table moved on")


def create_app(
    database: str | None = None, bot_delay: float = 0.0, settings: Settings | None = None
) -> FastAPI:
    """The server on `database` (a URL or SQLite file; default `LUDOTECA_DATABASE_URL` or ./ludoteca.sqlite3).

    `bot_delay` (seconds) lets a person see each bot move arrive; tests use 0. `settings` holds
    every other limit (see `Settings`).
    """
    settings = settings or Settings(bot_delay=bot_delay)
    url = database_url(database or settings.database)
    for game_id, chosen in settings.operator_options.items():  # a wrong directory fails at start-up
        ludoteca.load(game_id).new_state(seed=0, **chosen)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Database calls run in threads; enough of them that waiting for the database never
        # queues a request behind others (the connection pool holds up to 30).
        threads = ThreadPoolExecutor(32, thread_name_prefix="ludoteca-db")
        asyncio.get_running_loop().set_default_executor(threads)
        store = Store(url)
        tables = Tables(store, settings)
        app.state.tables = tables
        app.state.people = people = People(tables)
        app.state.creations = RateLimit(store, "tables", settings.tables_burst, settings.tables_per_minute)
        listener = None
        if is_postgres(url):
            async def reconnected() -> None:
                await tables.lost_notifications()
                await people.lost_notifications()

            listener = Listener(url, tables.changed_elsewhere, reconnected,
                                on_people=people.changed_elsewhere)
        runner = BotRunner(tables, settings, app.state.people) if settings.bot_runner else None
        if listener is not None:
            listener.start()
            await woken(listener.ready, 10)  # listening before serving, unless the database is slow
        if runner is not None:
            runner.start()
        loop = asyncio.get_running_loop()
        chores = [loop.create_task(_evict_idle(tables, settings.idle_seconds)),
                  loop.create_task(tables.keep_socket_counts()), loop.create_task(people.keep_presence())]
        yield
        await stopped(chores)
        with suppress(Exception):  # a database gone at shutdown: the counts' lease runs out instead
            await tables.forget_sockets()
        if runner is not None:
            await runner.stop()
        if listener is not None:
            await listener.stop()
        store.dispose()
        threads.shutdown(wait=False)

    app = FastAPI(
        title="ludoteca",
        description="Five tabletop games at one table: create tables, seat humans and bots, play live.",
        version=ludoteca.__version__,
        lifespan=lifespan,
    )
    app.state.database_url = url
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)

    @app.exception_handler(LudotecaError)
    async def ludoteca_error(request: Request, error: LudotecaError) -> JSONResponse:
        status = STATUS.get(type(error), 400)
        headers = None
        if isinstance(error, TooMany):
            headers = {"retry-after": str(max(1, round(error.retry_after)))}
        return JSONResponse(error_body(error.message), status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = validation_problems(error.errors())
        return JSONResponse(error_body(MESSAGES.message("request.malformed", problems=problems)),
                            status_code=422)

    def tables() -> Tables:
        return app.state.tables

    # ---- games --------------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"])
    def list_games() -> dict[str, Any]:
        """The games with their options, presets and web renderer, and the bots that can take a seat."""
        renderers = {path.stem for path in (WEB / "games").glob("*.js")}
        return {
            "games": [_game_entry(info, renderers) for info in ludoteca.list_games()],
            "bots": list(BOTS),
            "levels": list(LEVELS),
            "leveled_bots": list(DEFAULT_LEVEL),  # the bots whose level changes how they play
            # a per-move clock's stand-in bot (see clocks.py): the levels it may have, and the
            # default one, at its level (that of a bot without levels: the others have no choice)
            "standin_levels": list(STANDIN_LEVELS),
            "standin": {"bot": STANDIN_BOT, "level": DEFAULT_LEVEL.get(STANDIN_BOT, QUICK_LEVEL)},
        }

    @app.get("/api/games/{game_id}/rules", tags=["games"])
    def rules(game_id: str, lang: Literal["en", "es"] = "en") -> dict[str, str]:
        """A game's rules in brief (Markdown), in English or Spanish."""
        return {"game": game_id, "lang": lang, "text": ludoteca.load(game_id).rules_summary(lang)}

    # ---- tables -------------------------------------------------------------------------------

    @app.get("/api/tables", tags=["tables"])
    async def recent_tables() -> list[dict[str, Any]]:
        """The newest tables (public facts only), to spectate or replay."""
        return await asyncio.to_thread(tables().store.recent)

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(spec: NewTable, request: Request) -> dict[str, Any]:
        """Create a table. The answer holds the secret links: one per human seat, and a hot-seat
        link that plays every human seat from one browser. Anyone may watch with the spectator link.
        429: this client created too many tables lately."""
        wait = await asyncio.to_thread(request.app.state.creations.allow, _client(request))
        if wait:
            raise TooMany(MESSAGES.message("table.too_many"), wait)
        seats = [s.model_dump() for s in spec.seats] if spec.seats is not None else None
        people = checked_people(spec.people)  # a bad name is refused before any table exists
        clock = Clock.chosen(spec.clock)  # and so is a clock out of bounds
        table, tokens, hotseat = await tables().create(spec.game, spec.num_players, spec.options, seats,
                                                       spec.seed, clock)
        await request.app.state.people.setup(table, people)
        return _links(table, tokens, hotseat)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table_state(
        table_id: str,
        request: Request,
        token: str | None = Query(None, max_length=100, deprecated=True, description=(
            "deprecated: send an 'Authorization: Bearer <token>' header (query strings get logged)")),
    ) -> Response:
        """What this link may see: the table, and the view, text, log and legal actions of its
        seats. The link's token goes in an `Authorization: Bearer` header; none: a spectator."""
        table = await tables().get(table_id)
        return _json(table.message(table.access(presented_token(request.headers, token))))

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def act(table_id: str, body: ActionRequest, request: Request) -> Response:
        """Play an action for your seat (the token in the body or an `Authorization: Bearer`
        header). 409: not allowed now, or the table moved on since `seen`; 400: not the game's
        notation."""
        table = await tables().get(table_id)
        access = table.access(presented_token(request.headers, body.token))
        await tables().act(table, access, body.action, body.seat, body.seen)
        return _json(table.message(access))

    @app.get("/api/tables/{table_id}/undo", tags=["tables"])
    async def may_undo(table_id: str, request: Request,
                       token: str | None = Query(None, max_length=100, deprecated=True, description=(
                           "deprecated: send an 'Authorization: Bearer <token>' header")),
                       seat: int | None = Query(None, ge=0, lt=MAX_PLAYERS)) -> dict[str, Any]:
        """Whether your seat may take its last move back now (the core's undo rule): `allowed`,
        the number of actions that would go (`steps`), and otherwise the `reason` in en and es.
        Your link's token goes in an `Authorization: Bearer` header (422 without one)."""
        presented = presented_token(request.headers, token)
        if not presented:
            raise TokenMissing(MESSAGES.message("undo.token_missing"))
        table = await tables().get(table_id)
        chosen = chosen_seat(table.access(presented), seat, UNDO_WORDS)
        return await asyncio.to_thread(undo_answer, table, chosen)

    @app.post("/api/tables/{table_id}/undo", tags=["tables"])
    async def undo(table_id: str, request: UndoRequest) -> Response:
        """Take your seat's last move back, with the bots' moves after it, by the core's rule.
        409: refused (the reason says why: a draw, a reveal, another person's move) or stale `seen`."""
        table = await tables().get(table_id)
        access = table.access(request.token)
        await take_back(tables(), table, chosen_seat(access, request.seat, UNDO_WORDS), request.seen)
        return _json(table.message(access))

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str) -> dict[str, Any]:
        """The game record (seed and every action) of a finished game; secret while it is played."""
        table = await _finished(table_id)
        return table.state.game.record(table.state)

    @app.get("/api/tables/{table_id}/replay/{step}", tags=["tables"])
    async def replay(table_id: str, step: int) -> dict[str, Any]:
        """A finished game after its first `step` actions, as a spectator sees it."""
        table = await _finished(table_id)
        game, history = table.state.game, table.state.history
        step = max(0, min(step, len(history)))
        state = game.replay(game.record(table.state), upto=step)
        return {
            "step": step,
            "total": len(history),
            "last": list(history[step - 1]) if step else None,
            "view": state.view(None),
            "render": {lang: state.render(lang) for lang in ("en", "es")},
        }

    async def _finished(table_id: str) -> LiveTable:
        table = await tables().get(table_id)
        if not table.state.is_over:
            raise Conflict(MESSAGES.message("table.record_secret"))
        return table

    @app.websocket("/api/tables/{table_id}/ws")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Sends this link's payload now and after every change of the table. The link's token
        comes as a subprotocol: browsers offer `["ludoteca", "ludoteca-token.<token>"]` (the
        server answers `ludoteca`); programs may send an `Authorization: Bearer` header instead;
        `?token=` still works but is deprecated. Clients send nothing; a binary frame closes the
        socket (1003)."""
        try:
            table = await tables().get(table_id)
            offered = websocket.scope.get("subprotocols", [])
            access = table.access(presented_token(websocket.headers, token, subprotocols=offered))
            people = websocket.app.state.people
            async with tables().socket(table, _client(websocket)) as changed:
                with people.present(table, access):
                    await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
                    await _follow(websocket, table, access, changed)
        except LudotecaError as error:
            if websocket.client_state == WebSocketState.CONNECTING:
                code = {NotFound: 4404, TooMany: 4429}.get(type(error), 4403)
                await websocket.close(code=code, reason=str(error)[:120])

    # ---- pages --------------------------------------------------------------------------------

    def page(name: str) -> Callable[[], Awaitable[FileResponse]]:
        async def serve_page() -> FileResponse:
            return FileResponse(WEB / name)

        return serve_page

    app.include_router(people_router)
    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/table/{table_id}", include_in_schema=False)(page("table.html"))
    app.get("/rules/{game_id}", include_in_schema=False)(page("rules.html"))
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


async def _follow(websocket: WebSocket, table: LiveTable, access: Access, changed: asyncio.Event) -> None:
    async def push() -> None:
        # One sender per socket, so sends never interleave and a slow client delays only itself.
        while True:
            await changed.wait()
            changed.clear()
            try:
                message = table.message(access)
            except Exception:  # a bug in one game's view must not end the live updates
                log.exception("payload of table %s failed", table.id)
                continue
            try:
                await websocket.send_text(message)
            except (WebSocketDisconnect, RuntimeError):  # closed meanwhile; the reader ends too
                return

    sender = asyncio.create_task(push())
    try:
        while True:  # the client sends nothing we need; reading notices the disconnect
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if message.get("bytes") is not None:
                await websocket.close(code=1003, reason=MESSAGES.text("socket.text_only"))
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sender.cancel()


async def _evict_idle(tables: Tables, idle_seconds: float) -> None:
    while True:
        await asyncio.sleep(max(1.0, idle_seconds / 4))
        tables.evict(idle_seconds)


def _client(connection: Request | WebSocket) -> str:
    """Who per-client limits count: the client's address, an IPv6 one by its /64 (behind a reverse
    proxy, uvicorn's --forwarded-allow-ips makes it the forwarded address)."""
    return client_key(connection.client.host) if connection.client else "unknown"


def _json(text: str) -> Response:
    return Response(content=text, media_type="application/json")


def _game_entry(info: ludoteca.GameInfo, renderers: set[str]) -> dict[str, Any]:
    """A game as the pages know it; `components` are the names of its components from the game's
    own catalogue (`{lang: {kind: {id: name}}}`, its codes `component.<kind>.<id>`), so that a
    renderer shows a tile or a token by its id without a copy of the names in the page's words."""
    entry = info.to_dict()
    game = ludoteca.load(info.id)
    reserved = OPERATOR_OPTIONS.get(info.id, ())
    entry["options"] = [o for o in entry["options"] if o["name"] not in reserved]
    entry["presets"] = game.presets
    entry["components"] = catalogues()[game.package].tree("component")
    entry["renderer"] = info.id if info.id in renderers else "generic"
    return entry


def _links(table: LiveTable, tokens: list[str | None], hotseat: str) -> dict[str, Any]:
    """The table's links: each secret in the fragment (`#token=`), which a browser never sends to a
    server (nor to its logs, nor as a Referer); the page reads it from there."""
    base = f"/table/{table.id}"
    return {
        "id": table.id,
        "game": table.state.game.info.id,
        "spectator": base,
        "hotseat": f"{base}#token={hotseat}",
        "hotseat_token": hotseat,
        "seats": [
            {**seat.public(i), "link": f"{base}#token={tokens[i]}" if tokens[i] else None, "token": tokens[i]}
            for i, seat in enumerate(table.seats)
        ],
    }


def run(host: str = "127.0.0.1", port: int = 8000, settings: Settings | None = None) -> None:
    """Start the server in the foreground (the `ludoteca serve` command)."""
    import uvicorn

    settings = settings or Settings(bot_delay=0.4)
    uvicorn.run(
        create_app(settings=settings),
        host=host,
        port=port,
        log_level="warning",
        http=header_timeout_protocol(settings.header_timeout),
        timeout_keep_alive=settings.keep_alive_timeout,
        limit_concurrency=settings.max_connections,
        ws_max_size=settings.max_ws_message_bytes,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
