"""The routes of games and tables: REST, and a WebSocket per connection (people's own routes, names,
resigning and the lobby, are in `people.py`).

Routes are plain functions of `router`, which `create_app` includes; each finds the server's live
tables through the request (`tables_of`), which the application's start-up put there.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response
from pydantic import Field
from starlette.websockets import WebSocketState

import ludoteca
from ludoteca.bots import BOTS, LEVELS
from ludoteca.core import LudotecaError
from ludoteca.core.messages import catalogues

from .clocks import DEFAULT_LEVEL, QUICK_LEVEL, STANDIN_BOT, STANDIN_LEVELS, Clock, ClockSpec
from .guard import PROTOCOL, RequestBody, TokenMissing, client_key, presented_token
from .messages import MESSAGES
from .people import PeopleSpec, checked_people
from .settings import OPERATOR_OPTIONS
from .tables import MAX_PLAYERS, Access, Conflict, LiveTable, NotFound, Tables, TooMany, chosen_seat
from .undo import UNDO_WORDS, take_back
from .undo import answer as undo_answer

log = logging.getLogger("ludoteca.server")
WEB = Path(__file__).resolve().parent.parent / "web"  # the pages, their scripts and renderers
INT64 = 2**63
OptionValue = bool | int | str | list[str]


# ---- request bodies ---------------------------------------------------------------------------


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


router = APIRouter()


def tables_of(connection: Request | WebSocket) -> Tables:
    """The server's live tables (made at start-up, see `create_app`)."""
    return connection.app.state.tables


# ---- games ----------------------------------------------------------------------------------


@router.get("/api/games", tags=["games"])
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


@router.get("/api/games/{game_id}/rules", tags=["games"])
def rules(game_id: str, lang: Literal["en", "es"] = "en") -> dict[str, str]:
    """A game's rules in brief (Markdown), in English or Spanish."""
    return {"game": game_id, "lang": lang, "text": ludoteca.load(game_id).rules_summary(lang)}

# ---- tables ---------------------------------------------------------------------------------


@router.get("/api/tables", tags=["tables"])
async def recent_tables(request: Request) -> list[dict[str, Any]]:
    """The newest tables (public facts only), to spectate or replay."""
    return await asyncio.to_thread(tables_of(request).store.recent)


@router.post("/api/tables", status_code=201, tags=["tables"])
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
    table, tokens, hotseat = await tables_of(request).create(spec.game, spec.num_players, spec.options, seats,
                                                   spec.seed, clock)
    await request.app.state.people.setup(table, people)
    return _links(table, tokens, hotseat)


@router.get("/api/tables/{table_id}", tags=["tables"])
async def table_state(
    table_id: str,
    request: Request,
    token: str | None = Query(None, max_length=100, deprecated=True, description=(
        "deprecated: send an 'Authorization: Bearer <token>' header (query strings get logged)")),
) -> Response:
    """What this link may see: the table, and the view, text, log and legal actions of its
    seats. The link's token goes in an `Authorization: Bearer` header; none: a spectator."""
    table = await tables_of(request).get(table_id)
    return _json(table.message(table.access(presented_token(request.headers, token))))


@router.post("/api/tables/{table_id}/actions", tags=["tables"])
async def act(table_id: str, body: ActionRequest, request: Request) -> Response:
    """Play an action for your seat (the token in the body or an `Authorization: Bearer`
    header). 409: not allowed now, or the table moved on since `seen`; 400: not the game's
    notation."""
    tables = tables_of(request)
    table = await tables.get(table_id)
    access = table.access(presented_token(request.headers, body.token))
    await tables.act(table, access, body.action, body.seat, body.seen)
    return _json(table.message(access))


@router.get("/api/tables/{table_id}/undo", tags=["tables"])
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
    table = await tables_of(request).get(table_id)
    chosen = chosen_seat(table.access(presented), seat, UNDO_WORDS)
    return await asyncio.to_thread(undo_answer, table, chosen)


@router.post("/api/tables/{table_id}/undo", tags=["tables"])
async def undo(table_id: str, body: UndoRequest, request: Request) -> Response:
    """Take your seat's last move back, with the bots' moves after it, by the core's rule.
    409: refused (the reason says why: a draw, a reveal, another person's move) or stale `seen`."""
    tables = tables_of(request)
    table = await tables.get(table_id)
    access = table.access(body.token)
    await take_back(tables, table, chosen_seat(access, body.seat, UNDO_WORDS), body.seen)
    return _json(table.message(access))


@router.get("/api/tables/{table_id}/record", tags=["tables"])
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """The game record (seed and every action) of a finished game; secret while it is played."""
    table = await _finished(request, table_id)
    return table.state.game.record(table.state)


@router.get("/api/tables/{table_id}/replay/{step}", tags=["tables"])
async def replay(table_id: str, step: int, request: Request) -> dict[str, Any]:
    """A finished game after its first `step` actions, as a spectator sees it."""
    table = await _finished(request, table_id)
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


async def _finished(request: Request, table_id: str) -> LiveTable:
    """The table, if its game is over: a record is secret while the game is played."""
    table = await tables_of(request).get(table_id)
    if not table.state.is_over:
        raise Conflict(MESSAGES.message("table.record_secret"))
    return table


@router.websocket("/api/tables/{table_id}/ws")
async def live(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
    """Sends this link's payload now and after every change of the table. The link's token
    comes as a subprotocol: browsers offer `["ludoteca", "ludoteca-token.<token>"]` (the
    server answers `ludoteca`); programs may send an `Authorization: Bearer` header instead;
    `?token=` still works but is deprecated. Clients send nothing; a binary frame closes the
    socket (1003)."""
    try:
        tables = tables_of(websocket)
        table = await tables.get(table_id)
        offered = websocket.scope.get("subprotocols", [])
        access = table.access(presented_token(websocket.headers, token, subprotocols=offered))
        people = websocket.app.state.people
        async with tables.socket(table, _client(websocket)) as changed:
            with people.present(table, access):
                await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
                await _follow(websocket, table, access, changed)
    except LudotecaError as error:
        if websocket.client_state == WebSocketState.CONNECTING:
            code = {NotFound: 4404, TooMany: 4429}.get(type(error), 4403)
            await websocket.close(code=code, reason=str(error)[:120])


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
