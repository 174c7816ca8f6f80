"""The FastAPI application: REST for games and tables, a WebSocket per connection, static pages.

Errors a person can cause (unknown table, wrong link, illegal or malformed action, bad options)
are answered with a 4xx and a readable `detail`; they never change a table.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

import ludoteca
from ludoteca.bots import BOTS, LEVELS
from ludoteca.core import IllegalAction, LudotecaError

from .store import Store, database_url
from .tables import Forbidden, LiveTable, NotFound, Tables

log = logging.getLogger("ludoteca.server")
WEB = Path(__file__).resolve().parent.parent / "web"


class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(None, description="bot name (see GET /api/games), for bot seats")
    level: str | None = Field(None, description="easy, normal or hard, for bot seats")


class NewTable(BaseModel):
    game: str = Field(..., description="game id, e.g. city-square-off")
    num_players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict, description="option values, typed or as text")
    seats: list[SeatSpec] | None = Field(None, description="one per player; default: all human")
    seed: int | None = None


class ActionRequest(BaseModel):
    action: str = Field(..., max_length=200, description="the action in the game's notation")
    token: str = Field(..., max_length=100, description="the secret of your join link")
    seat: int | None = Field(None, description="which of your seats acts (hot-seat); default: yours")


def create_app(database: str | None = None, bot_delay: float = 0.0) -> FastAPI:
    """The server on `database` (a URL or SQLite file; default `LUDOTECA_DATABASE_URL` or ./ludoteca.sqlite3).

    `bot_delay` (seconds) lets a person see each bot move arrive; tests use 0.
    """
    url = database_url(database)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        tables = Tables(Store(url), bot_delay=bot_delay)
        app.state.tables = tables
        await tables.resume()
        yield
        await tables.close()

    app = FastAPI(
        title="ludoteca",
        description="Five tabletop games at one table: create tables, seat humans and bots, play live.",
        version=ludoteca.__version__,
        lifespan=lifespan,
    )
    app.state.database_url = url

    @app.exception_handler(LudotecaError)
    async def ludoteca_error(request: Request, error: LudotecaError) -> JSONResponse:
        status = {NotFound: 404, Forbidden: 403, IllegalAction: 409}.get(type(error), 400)
        return JSONResponse({"detail": str(error), "detail_es": error.text("es")}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'request'}: {e['msg']}"
            for e in error.errors()
        )
        return JSONResponse({"detail": f"malformed request: {problems}"}, status_code=422)

    def tables() -> Tables:
        return app.state.tables

    # ---- games --------------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"])
    def list_games() -> dict[str, Any]:
        """The games with their options, presets and web renderer, and the bots that can take a seat."""
        renderers = {path.stem for path in (WEB / "games").glob("*.js")}
        return {
            "games": [
                {
                    **info.to_dict(),
                    "presets": ludoteca.load(info.id).presets,
                    "renderer": info.id if info.id in renderers else "generic",
                }
                for info in ludoteca.list_games()
            ],
            "bots": list(BOTS),
            "levels": list(LEVELS),
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
    async def create_table(spec: NewTable) -> dict[str, Any]:
        """Create a table. The answer holds the secret links: one per human seat, and a hot-seat
        link that plays every human seat from one browser. Anyone may watch with the spectator link."""
        seats = [s.model_dump() for s in spec.seats] if spec.seats is not None else None
        table = await tables().create(spec.game, spec.num_players, spec.options, seats, spec.seed)
        return _links(table)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table_state(table_id: str, token: str | None = Query(None)) -> dict[str, Any]:
        """What this link may see: the table, and the view, text, log and legal actions of its seats."""
        table = await tables().get(table_id)
        return table.payload(table.access(token))

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def act(table_id: str, request: ActionRequest) -> dict[str, Any]:
        """Play an action for your seat. 409: not allowed now; 400: not the game's notation."""
        table = await tables().get(table_id)
        access = table.access(request.token)
        await tables().act(table, access, request.action, request.seat)
        return table.payload(access)

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
            raise HTTPException(409, "the record is secret until the game is over")
        return table

    @app.websocket("/api/tables/{table_id}/ws")
    async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Sends this link's payload now and after every change of the table."""
        try:
            table = await tables().get(table_id)
            access = table.access(token)
        except LudotecaError as error:
            await websocket.close(code=4404 if isinstance(error, NotFound) else 4403, reason=str(error))
            return
        await websocket.accept()
        changed = asyncio.Event()
        changed.set()
        table.listeners.add(changed)

        async def push() -> None:
            # One sender per socket, so sends never interleave and a slow client delays only itself.
            while True:
                await changed.wait()
                changed.clear()
                try:
                    message = table.payload(access)
                except Exception:  # a bug in one game's view must not end the live updates
                    log.exception("payload of table %s failed", table_id)
                    continue
                try:
                    await websocket.send_json(message)
                except (WebSocketDisconnect, RuntimeError):  # closed meanwhile; the reader ends too
                    return

        sender = asyncio.create_task(push())
        try:
            while True:  # the client sends nothing we need; reading notices the disconnect
                await websocket.receive_text()
        except WebSocketDisconnect:
            pass
        finally:
            table.listeners.discard(changed)
            sender.cancel()

    # ---- pages --------------------------------------------------------------------------------

    def page(name: str):
        async def serve_page() -> FileResponse:
            return FileResponse(WEB / name)

        return serve_page

    app.get("/", include_in_schema=False)(page("index.html"))
    app.get("/table/{table_id}", include_in_schema=False)(page("table.html"))
    app.get("/rules/{game_id}", include_in_schema=False)(page("rules.html"))
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


def _links(table: LiveTable) -> dict[str, Any]:
    base = f"/table/{table.id}"
    return {
        "id": table.id,
        "game": table.state.game.info.id,
        "spectator": base,
        "hotseat": f"{base}?token={table.hotseat_token}",
        "seats": [
            {**seat.public(i), "link": f"{base}?token={seat.token}" if seat.token else None}
            for i, seat in enumerate(table.seats)
        ],
    }


def run(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    """Start the server in the foreground (the `ludoteca serve` command)."""
    import uvicorn

    uvicorn.run(create_app(database, bot_delay=0.4), host=host, port=port, log_level="warning")
