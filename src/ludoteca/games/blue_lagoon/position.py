"""The position notation of spec section 12: read (with every check of 12.6) and write (canonical).

Reading yields a `Position` of plain values; the state class turns it into a state without changing
anything (loading is exact). Writing reads the state's fields directly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core import NotationError

from .components import (
    COMPONENTS,
    EMPTY,
    TOKEN_LETTERS,
    TOKEN_LIMITS,
    VILLAGES,
    board,
    coords_text,
    row_lengths,
)
from .components import settler_allowance as allowance
from .messages import MESSAGES, notation_error

if TYPE_CHECKING:
    from .rules import BlueLagoonState

_L = r"((?: [0-9]+,[0-9]+)*)"
_STATEMENTS = {
    "a": re.compile(r"a ([0-9]+) ([0-9]+);"),
    "c": re.compile(r"c ([0-9]+) ([ES]);"),
    "i": re.compile(r"i ([0-9]+)" + _L + ";"),
    "s": re.compile(r"s" + _L + ";"),
    "r": re.compile(r"r C" + _L + " B" + _L + " W" + _L + " P" + _L + " S" + _L + ";"),
    "p": re.compile(r"p ([0-9]+)" + r" ([0-9]+)" * 6 + " S" + _L + " T" + _L + ";"),
}
# Statement order (12.3): one a, one c, any number of i, one s, one r, any number of p.
_ORDER = (("a", False), ("c", False), ("i", True), ("s", False), ("r", False), ("p", True))
_COORD = re.compile(r"([0-9]+),([0-9]+)")

Coord = tuple[int, int]


@dataclass
class Seat:
    score: int
    counts: list[int]
    settlers: list[Coord]
    villages: list[Coord]


@dataclass
class Position:
    """A position as written, after the checks of spec 12.6."""

    height: int
    num_players: int
    current: int
    phase: str
    islands: list[tuple[int, list[Coord]]]
    stones: list[Coord]
    tokens: list[list[Coord]]  # per token kind, in TOKEN_LETTERS order
    seats: list[Seat]


def _error(code: str, /, **args: Any) -> NotationError:
    """The refusal `code` of the position notation (messages `position.*`)."""
    return notation_error(f"position.{code}", **args)


def _coords(text: str) -> list[Coord]:
    return [(int(r), int(c)) for r, c in _COORD.findall(text)]


def _statements(text: str) -> list[tuple[str, re.Match]]:
    """Match the statements in their fixed order, naming the first one that does not fit."""
    found, pos = [], 0
    for tag, repeated in _ORDER:
        while True:
            start = pos + 1 if pos else 0
            match = None
            if not pos or text.startswith(" ", pos):
                match = _STATEMENTS[tag].match(text, start)
            if match is None:
                if repeated:
                    break
                raise _malformed(text, pos)
            found.append((tag, match))
            pos = match.end()
            if not repeated:
                break
    if pos != len(text):
        raise _malformed(text, pos)
    return found


def _malformed(text: str, pos: int) -> NotationError:
    end = text.find(";", pos)
    statement = text[pos:end + 1 if end >= 0 else len(text)].strip()
    return _error("malformed",
                  statement=repr(statement) if statement else MESSAGES.message("position.end_of_text"))


def parse_position(text: str) -> Position:
    """Read a position string; `NotationError` names the first problem (spec 12.6)."""
    if not isinstance(text, str):
        raise _error("not_text", type=type(text).__name__)
    statements = _statements(text.strip())
    groups = {tag: [m for t, m in statements if t == tag] for tag in _STATEMENTS}
    a, c, s, r = groups["a"][0], groups["c"][0], groups["s"][0], groups["r"][0]
    position = Position(
        height=int(a[1]), num_players=int(a[2]), current=int(c[1]), phase=c[2],
        islands=[(int(m[1]), _coords(m[2])) for m in groups["i"]],
        stones=_coords(s[1]),
        tokens=[_coords(r[k + 1]) for k in range(len(TOKEN_LETTERS))],
        seats=[Seat(int(m[2]), [int(m[k]) for k in range(3, 8)], _coords(m[8]), _coords(m[9]))
               for m in groups["p"]],
    )
    _check_players(position, [int(m[1]) for m in groups["p"]])
    _check_on_board(position)
    land = _check_islands(position)
    _check_stones(position, land)
    _check_tokens(position)
    _check_pieces(position, land)
    return position


def _check_players(position: Position, ids: list[int]) -> None:
    n = position.num_players
    if not 2 <= n <= 4:
        raise _error("players", n=n)
    if not 2 <= position.height <= 50:
        raise _error("height", height=position.height)
    if len(ids) != n:
        raise _error("player_statements", n=n, count_ids=len(ids))
    if ids != list(range(n)):
        raise _error("seat_order", last=n - 1, ids=ids)
    if position.current >= n:
        raise _error("current", current=position.current, n=n)


def _all_coords(position: Position) -> Iterator[tuple[int, int]]:
    for _, tiles in position.islands:
        yield from tiles
    yield from position.stones
    for tiles in position.tokens:
        yield from tiles
    for seat in position.seats:
        yield from seat.settlers
        yield from seat.villages


def _check_on_board(position: Position) -> None:
    lengths = row_lengths(position.height)
    for r, c in _all_coords(position):
        if r >= position.height or c >= lengths[r]:
            raise _error("off_board", r=r, c=c, height=position.height)


def _check_islands(position: Position) -> set[Coord]:
    if not position.islands:
        raise _error("no_island")
    land: set[Coord] = set()
    for bonus, tiles in position.islands:
        if not tiles:
            raise _error("empty_island", bonus=bonus)
        for tile in tiles:
            if tile in land:
                raise _error("island_tile_twice", row=tile[0], col=tile[1])
            land.add(tile)
    return land


def _check_stones(position: Position, land: set[Coord]) -> None:
    stones = position.stones
    if len(stones) != 32 or len(set(stones)) != 32 or not set(stones) <= land:
        raise _error("stone_circles")


def _check_tokens(position: Position) -> None:
    stones = set(position.stones)
    occupied = {tile for seat in position.seats for tile in seat.settlers + seat.villages}
    seen: set[Coord] = set()
    for kind, tiles in enumerate(position.tokens):
        for tile in tiles:
            where = f"{tile[0]},{tile[1]}"
            if tile not in stones:
                raise _error("token_off_circle", where=where)
            if tile in seen:
                raise _error("two_tokens", where=where)
            if tile in occupied:
                raise _error("token_on_piece", where=where)
            seen.add(tile)
        held = len(tiles) + sum(seat.counts[kind] for seat in position.seats)
        if held > TOKEN_LIMITS[kind]:
            raise _error("too_many_tokens", held=held, token_letters=TOKEN_LETTERS[kind],
                         token_limits=TOKEN_LIMITS[kind])


def _check_pieces(position: Position, land: set[Coord]) -> None:
    limit = allowance(position.num_players)
    stones = set(position.stones)
    occupied: set[Coord] = set()
    for seat in position.seats:
        for tile in seat.settlers + seat.villages:
            if tile in occupied:
                raise _error("tile_two_pieces", row=tile[0], col=tile[1])
            occupied.add(tile)
    for number, seat in enumerate(position.seats):
        for r, c in seat.villages:
            if (r, c) not in land:
                raise _error("village_at_sea", number=number, r=r, c=c)
        if len(seat.settlers) > limit:
            raise _error("too_many_settlers", number=number, count_settlers=len(seat.settlers), limit=limit)
        if len(seat.villages) > VILLAGES:
            raise _error("too_many_villages", number=number, count_villages=len(seat.villages),
                         villages=VILLAGES)
    if position.phase == "S":
        for number, seat in enumerate(position.seats):
            for r, c in seat.villages:
                if (r, c) in stones:
                    raise _error("village_on_circle", number=number, r=r, c=c)


def to_notation(state: BlueLagoonState) -> str:
    """The canonical position string of `state` (spec 12.4)."""
    b = board(state.geo)
    coords = b.coords
    n = state.num_players
    token_lists: list[list[tuple[int, int]]] = [[] for _ in TOKEN_LETTERS]
    for t, kind in enumerate(state.tokens):
        if kind != EMPTY:
            token_lists[kind].append(coords[t])
    settlers: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    villages: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for t, code in enumerate(state.cells):
        if code != EMPTY:
            (villages if code & 1 else settlers)[code >> 1].append(coords[t])
    parts = [f"a {b.height} {n};", f"c {state.current} {state.phase};", b.text,
             "r" + "".join(f" {letter}{coords_text(tiles)}"
                           for letter, tiles in zip(TOKEN_LETTERS, token_lists, strict=True)) + ";"]
    for p in range(n):
        counts = " ".join(str(x) for x in state.counts[p])
        parts.append(f"p {p} {state.totals[p]} {counts} S{coords_text(settlers[p])} "
                     f"T{coords_text(villages[p])};")
    return " ".join(parts)


def board_data(state: BlueLagoonState) -> dict[str, Any]:
    """The position as structures (what `to_notation` writes as text), for renderers.

    `rows` are the row lengths (even rows are shifted half a hex right), islands are lettered A,
    B, ... in the order of the notation, and every coordinate is `[row, col]`. `token_kinds` are
    the token letters in the order of a seat's `counts`, each with its type (the id of its name in
    the catalogue, `component.token.<type>`), so a renderer names a token without a copy of names.
    """
    b = board(state.geo)
    coords = b.coords
    pieces = [
        {"at": list(coords[t]), "seat": code >> 1, "kind": "village" if code & 1 else "settler"}
        for t, code in enumerate(state.cells)
        if code != EMPTY
    ]
    return {
        "height": b.height,
        "rows": list(b.lengths),
        "islands": [
            {"letter": chr(ord("A") + number), "bonus": bonus, "tiles": [list(coords[t]) for t in tiles]}
            for number, (bonus, tiles) in enumerate(zip(b.bonuses, b.island_tiles, strict=True))
        ],
        "stones": [list(coords[t]) for t in b.stones],
        "tokens": [
            {"at": list(coords[t]), "resource": TOKEN_LETTERS[kind]}
            for t, kind in enumerate(state.tokens)
            if kind != EMPTY
        ],
        "pieces": pieces,
        "token_kinds": [{"letter": token["letter"], "type": token["type"]} for token in COMPONENTS["tokens"]],
    }
