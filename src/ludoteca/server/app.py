"""The FastAPI application: its start-up and shutdown, limits, error answers, routes and pages.

Errors a person can cause (unknown table, wrong link, illegal or malformed action, bad options,
a limit reached) are answered with a 4xx and a readable `detail`; they never change a table.
Any number of these processes may serve one PostgreSQL database (see docs/SERVER.md).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import ludoteca
from ludoteca.core import IllegalAction, LudotecaError

from . import routes
from .bots import BotRunner
from .guard import (
    BodyLimit,
    Malformed,
    RateLimit,
    SecurityHeaders,
    TokenMissing,
    error_body,
    header_timeout_protocol,
    validation_problems,
)
from .messages import MESSAGES
from .people import People
from .people import router as people_router
from .pubsub import Listener
from .routes import WEB
from .settings import Settings
from .store import Store, database_url, is_postgres
from .tables import Conflict, Forbidden, NotFound, Tables, TooMany
from .tasks import stopped, woken

STATUS = {NotFound: 404, Forbidden: 403, Malformed: 403, IllegalAction: 409, Conflict: 409, TooMany: 429,
          TokenMissing: 422}


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

    # ---- pages --------------------------------------------------------------------------------

    def page(name: str) -> Callable[[], Awaitable[FileResponse]]:
        async def serve_page() -> FileResponse:
            return FileResponse(WEB / name)

        return serve_page

    app.include_router(routes.router)
    app.include_router(people_router)
    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/table/{table_id}", include_in_schema=False)(page("table.html"))
    app.get("/rules/{game_id}", include_in_schema=False)(page("rules.html"))
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


async def _evict_idle(tables: Tables, idle_seconds: float) -> None:
    while True:
        await asyncio.sleep(max(1.0, idle_seconds / 4))
        tables.evict(idle_seconds)


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
