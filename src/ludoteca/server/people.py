"""People at a table: a name per seat, who is online, resigning, and the lobby of public tables.

What is kept here is public by nature (a name, a flag, a place), so it travels in every payload as
`table.people`; nothing in it depends on a seat's hidden information. It is stored in two tables
of its own (`table_people`, `seat_names`, created beside the others at start-up), read when a
process loads a table (`Tables.on_load`), and pushed to every socket of the table on a change.

- **Names**: one per human seat, chosen by whoever holds the seat's link (the creator names their
  own seat when creating the table). 1 to 24 letters, digits, spaces and . ' - _, beginning and
  ending with a letter or digit; anything else is a 400 with the rule in both languages.
- **Presence**: a seat is online while at least one WebSocket of a link that plays it is open in
  this process. Counted per process (see docs/SERVER.md): a seat connected only to another process
  shows as away to the sockets of this one.
- **Resign**: a seat may resign while the game runs. The game ends for the table (no more moves,
  bots stop, undo refused); the resigning seat is last. The other seats are ranked by the game's
  provisional score when the game has no hidden information (every score is on the board); in a
  game with hidden information a provisional score could depend on a hidden card or placement, so
  the others share first place and no score is shown. Nothing is computed from a hidden part.
- **Lobby**: a table whose creator made it public is listed while its game runs and one of its
  human seats has no name yet; anyone may take such a seat with a name, and receives a fresh
  link for it (the seat's earlier link stops working: the seat is now theirs).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import JSON, ForeignKey, String, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ludoteca.core import IllegalAction, OptionError

from .guard import presented_token
from .messages import MESSAGES
from .store import Base, BotTurnRow, Store, TableRow, hash_token
from .tables import MAX_PLAYERS, Access, Conflict, Forbidden, LiveTable, Tables

NAME_LENGTH = 24
NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?")
LOBBY_SIZE = 50


class PeopleRow(Base):
    """A table's people settings: listed in the lobby or not, and which seat resigned."""

    __tablename__ = "table_people"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    public: Mapped[bool] = mapped_column(default=False)
    resigned: Mapped[int | None] = mapped_column(default=None)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)  # fixed when a seat resigns


class SeatNameRow(Base):
    """The name of one human seat; its primary key makes taking a free seat a single winner's."""

    __tablename__ = "seat_names"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH * 4))
    joined: Mapped[bool] = mapped_column(default=False)  # taken from the lobby: not the hot-seat's any more


class PeopleSpec(BaseModel):
    """What the creator chooses about people when creating a table."""

    name: str | None = Field(None, max_length=100, description="the creator's name, for the first human seat")
    public: bool = Field(False, description="list the table in the lobby while it has free seats")


class NameRequest(BaseModel):
    name: str = Field(..., max_length=100, description=f"1 to {NAME_LENGTH} letters, digits, spaces, . ' - _")
    token: str | None = Field(None, max_length=100, description="your link's secret (or a header)")
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS, description="which of your seats (hot-seat)")


class ResignRequest(BaseModel):
    token: str | None = Field(None, max_length=100, description="your link's secret (or a header)")
    seat: int | None = Field(None, ge=0, lt=MAX_PLAYERS, description="which of your seats resigns (hot-seat)")


class JoinRequest(BaseModel):
    seat: int = Field(..., ge=0, lt=MAX_PLAYERS, description="the free seat to take")
    name: str = Field(..., max_length=100, description="your name at the table")


def valid_name(raw: str) -> str:
    """The name as stored (NFC, trimmed), or an `OptionError` saying what a name may be."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name or len(name) > NAME_LENGTH or not NAME.fullmatch(name) or "  " in name:
        raise OptionError(MESSAGES.message("people.name", length=NAME_LENGTH))
    return name


def checked_people(spec: PeopleSpec | None) -> PeopleSpec:
    """A creation's people choices with the creator's name validated and normalised."""
    spec = spec or PeopleSpec(name=None, public=False)
    return spec.model_copy(update={"name": valid_name(spec.name) if spec.name is not None else None})


class People:
    """The people of this process's live tables: stored facts, and socket counts for presence."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.store: Store = tables.store
        self.sockets: dict[str, Counter[int]] = {}  # table id -> open sockets per seat
        tables.on_load.append(self.read)

    # ---- what every payload carries ------------------------------------------------------------

    def read(self, table_id: str) -> dict[str, Any]:
        """A table's people as stored (in a worker thread, when a process loads the table)."""
        with self.store.engine.connect() as connection:
            count = connection.execute(select(TableRow.num_players).where(TableRow.id == table_id)).scalar()
            settings = connection.execute(select(PeopleRow.public, PeopleRow.result)
                                          .where(PeopleRow.table_id == table_id)).first()
            names = connection.execute(select(SeatNameRow.seat, SeatNameRow.name, SeatNameRow.joined)
                                       .where(SeatNameRow.table_id == table_id)).all()
        facts = {"public": bool(settings and settings.public),
                 "result": settings.result if settings else None,
                 "names": {seat: name for seat, name, _ in names},
                 "joined": {seat for seat, _, joined in names if joined}}
        return shaped(facts, count or 0, self.sockets.get(table_id, Counter()))

    def publish(self, table: LiveTable, facts: dict[str, Any]) -> None:
        """Make `facts` (stored) the table's people and send every socket its new payload."""
        table.people = shaped(facts, table.state.num_players, self.sockets.get(table.id, Counter()))
        table.messages = {}
        for changed in table.listeners:
            changed.set()

    @staticmethod
    def facts(table: LiveTable) -> dict[str, Any]:
        """What is stored of a table's people, read back from its payload form."""
        people = table.people
        names = {seat: name for seat, name in enumerate(people.get("names", [])) if name is not None}
        return {"public": people.get("public", False), "result": people.get("result"), "names": names,
                "joined": set(people.get("joined", ()))}

    # ---- creation, names -----------------------------------------------------------------------

    async def setup(self, table: LiveTable, spec: PeopleSpec) -> None:
        """A new table's people (`spec` from `checked_people`): public or not, and its creator's
        name on the first human seat."""
        humans = [i for i, seat in enumerate(table.seats) if seat.kind == "human"]
        names = {humans[0]: spec.name} if spec.name is not None and humans else {}
        await asyncio.to_thread(self._store_setup, table.id, spec.public, names)
        self.publish(table, {"public": spec.public, "result": None, "names": names, "joined": set()})

    def _store_setup(self, table_id: str, public: bool, names: dict[int, str]) -> None:
        with self.store.engine.begin() as connection:
            connection.execute(insert(PeopleRow).values(table_id=table_id, public=public))
            for seat, name in names.items():
                connection.execute(insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name))

    async def rename(self, table: LiveTable, access: Access, seat: int | None, raw: str) -> None:
        """Name (or rename) a seat this link plays."""
        chosen = own_seat(table, access, seat)
        name = valid_name(raw)
        await asyncio.to_thread(self._store_name, table.id, chosen, name)
        facts = self.facts(table)
        facts["names"][chosen] = name
        self.publish(table, facts)

    def _store_name(self, table_id: str, seat: int, name: str) -> None:
        with self.store.engine.begin() as connection:
            renamed = update(SeatNameRow).where(SeatNameRow.table_id == table_id, SeatNameRow.seat == seat)
            if connection.execute(renamed.values(name=name)).rowcount == 0:
                connection.execute(insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name))

    # ---- presence -------------------------------------------------------------------------------

    @contextmanager
    def present(self, table: LiveTable, access: Access) -> Iterator[None]:
        """While a socket of `access` is open, its seats are online (in this process)."""
        counts = self.sockets.setdefault(table.id, Counter())
        counts.update(access.seats)
        if access.seats:
            self.publish(table, self.facts(table))
        try:
            yield
        finally:
            counts.subtract(access.seats)
            if not +counts:
                self.sockets.pop(table.id, None)
            if access.seats:
                self.publish(table, self.facts(table))

    # ---- resigning ------------------------------------------------------------------------------

    async def resign(self, table: LiveTable, access: Access, seat: int | None) -> None:
        """End the game with `seat` resigned: stored with the table, bots stopped, everyone told."""
        chosen = own_seat(table, access, seat)
        async with table.lock:  # no move of anyone is stored meanwhile
            if table.state.is_over or table.resigned:
                raise IllegalAction(MESSAGES.message("people.over"))
            result = resign_result(table, chosen)
            await asyncio.to_thread(self._store_resign, table.id, result)
            facts = self.facts(table)
            facts["result"] = result
            self.publish(table, facts)

    def _store_resign(self, table_id: str, result: dict[str, Any]) -> None:
        with self.store.engine.begin() as connection:
            values = {"resigned": result["resigned"], "result": result}
            settings = update(PeopleRow).where(PeopleRow.table_id == table_id).values(**values)
            if connection.execute(settings).rowcount == 0:
                connection.execute(insert(PeopleRow).values(table_id=table_id, **values))
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(finished=True))
            connection.execute(delete(BotTurnRow).where(BotTurnRow.table_id == table_id))

    # ---- the lobby -----------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        """Public tables still being played with a human seat nobody has named (public facts only)."""
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.game, TableRow.num_players, TableRow.seats, TableRow.created)
                .join(PeopleRow, PeopleRow.table_id == TableRow.id)
                .where(PeopleRow.public.is_(True), PeopleRow.resigned.is_(None), TableRow.finished.is_(False))
                .order_by(TableRow.created.desc())
                .limit(LOBBY_SIZE * 4)
            ).all()
            names = connection.execute(
                select(SeatNameRow.table_id, SeatNameRow.seat, SeatNameRow.name)
                .where(SeatNameRow.table_id.in_([row.id for row in rows]))
            ).all()
        named: dict[str, dict[int, str]] = {}
        for table_id, seat, name in names:
            named.setdefault(table_id, {})[seat] = name
        listed = []
        for row in rows:
            seats = [_lobby_seat(i, spec, named.get(row.id, {}).get(i)) for i, spec in enumerate(row.seats)]
            if any(seat["free"] for seat in seats):
                listed.append({"id": row.id, "game": row.game, "num_players": row.num_players,
                               "seats": seats, "created": row.created.isoformat()})
        return listed[:LOBBY_SIZE]

    async def join(self, table: LiveTable, seat: int, raw: str) -> str:
        """Take free seat `seat` of a public table under a name; the answer is the seat's new token."""
        name = valid_name(raw)
        if not table.people.get("public"):
            raise Forbidden(MESSAGES.message("people.private"))
        if table.state.is_over or table.resigned:
            raise IllegalAction(MESSAGES.message("people.over"))
        if seat >= len(table.seats) or table.seats[seat].kind != "human":
            raise OptionError(MESSAGES.message("people.not_human", seat=seat))
        token = secrets.token_urlsafe(16)
        try:
            await asyncio.to_thread(self._store_join, table.id, seat, name, hash_token(token))
        except IntegrityError as error:
            raise Conflict(MESSAGES.message("people.taken", seat=seat)) from error
        table.seats[seat].token_hash = hash_token(token)
        facts = self.facts(table)
        facts["names"][seat] = name
        facts["joined"].add(seat)
        self.publish(table, facts)
        return token

    def _store_join(self, table_id: str, seat: int, name: str, digest: str) -> None:
        """The name row first: its primary key lets only one person take the seat."""
        with self.store.engine.begin() as connection:
            taken = insert(SeatNameRow).values(table_id=table_id, seat=seat, name=name, joined=True)
            connection.execute(taken)
            seats = connection.execute(select(TableRow.seats).where(TableRow.id == table_id)).scalar_one()
            seats = [dict(spec) for spec in seats]
            seats[seat]["token"] = digest
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(seats=seats))


def shaped(facts: dict[str, Any], count: int, online: Counter[int]) -> dict[str, Any]:
    """The people of a table as every payload carries them (JSON; public facts only)."""
    names, result = facts["names"], facts["result"]
    return {
        "names": [names.get(seat) for seat in range(count)],
        "online": [online[seat] > 0 for seat in range(count)],
        "public": bool(facts["public"]),
        "resigned": result["resigned"] if result else None,
        "result": result,
        "joined": sorted(facts["joined"]),
    }


def _lobby_seat(index: int, spec: dict[str, Any], name: str | None) -> dict[str, Any]:
    human = spec["kind"] == "human"
    return {"seat": index, "kind": spec["kind"], "bot": spec.get("bot"), "level": spec.get("level"),
            "name": name, "free": human and name is None}


def own_seat(table: LiveTable, access: Access, seat: int | None) -> int:
    """The seat a link speaks for: the one named (it must be the link's), or the link's only seat."""
    if not access.seats:
        raise Forbidden(MESSAGES.message("people.spectator"))
    if seat is None:
        if len(access.seats) != 1:
            raise Forbidden(MESSAGES.message("people.which_seat"))
        return access.seats[0]
    if seat not in access.seats:
        raise Forbidden(MESSAGES.message("people.other_seat", seats=list(access.seats), seat=seat))
    return seat


def resign_result(table: LiveTable, resigned: int) -> dict[str, Any]:
    """The result of a game a seat resigned (see the module's docstring): the resigning seat last;
    the others by provisional score only when every score is public."""
    state = table.state
    count = state.num_players
    others = [p for p in range(count) if p != resigned]
    public_scores = not state.game.info.hidden_information
    provisional = list(state.scores()) if public_scores else [0.0] * count  # hidden: all equal
    ranking = [count] * count
    for seat in others:
        ranking[seat] = 1 + sum(1 for p in others if provisional[p] > provisional[seat])
    scores = provisional if public_scores else [None] * count
    breakdown = [dict(b) for b in state.breakdown()] if public_scores else [{} for _ in range(count)]
    return {"scores": scores, "ranking": ranking, "winners": [p for p in others if ranking[p] == 1],
            "tiebreak": None, "breakdown": breakdown, "resigned": resigned}


router = APIRouter(tags=["people"])


def people_of(request: Request) -> People:
    return request.app.state.people


@router.post("/api/tables/{table_id}/name")
async def name_seat(table_id: str, body: NameRequest, request: Request) -> dict[str, Any]:
    """Name your seat (the token in the body or an `Authorization: Bearer` header). 400: not a
    valid name (the rule is in the answer)."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    access = table.access(presented_token(request.headers, body.token))
    await people.rename(table, access, body.seat, body.name)
    return {"people": table.people}


@router.post("/api/tables/{table_id}/resign")
async def resign(table_id: str, body: ResignRequest, request: Request) -> dict[str, Any]:
    """Resign your seat: the game ends, you are last, the others are ranked (see docs/SERVER.md).
    409: the game is already over."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    access = table.access(presented_token(request.headers, body.token))
    await people.resign(table, access, body.seat)
    return {"people": table.people}


@router.get("/api/lobby")
async def lobby(request: Request) -> list[dict[str, Any]]:
    """Public tables waiting for players: game, seats (bots, names, free seats). Never a token."""
    return await asyncio.to_thread(people_of(request).lobby)


@router.post("/api/lobby/{table_id}/join")
async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
    """Take a free seat of a public table under a name. The answer carries the seat's new link and
    token (keep them: they are the seat). 409: the seat was taken; 403: the table is not public."""
    people = people_of(request)
    table = await people.tables.get(table_id)
    token = await people.join(table, body.seat, body.name)
    return {"id": table.id, "seat": body.seat, "token": token, "link": f"/table/{table.id}?token={token}"}
