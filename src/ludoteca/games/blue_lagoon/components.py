"""Component tables, and board geometry as precomputed tables, shared by every state on the same map.

A position carries its own map (the notation describes height, islands and stone circles), so a
state stores only a text key of its map; `board(key)` builds the tables once per process. Tiles are
numbered row by row, so sorting tile numbers sorts by (row, column) as the spec requires.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ludoteca.core.data import load_json
from ludoteca.core.grid import hex_row_neighbours

from .notation import Place

_PACKAGE = "ludoteca.games.blue_lagoon"
_COORD = re.compile(r"([0-9]+),([0-9]+)")
COMPONENTS = load_json(_PACKAGE, "components.json")
TOKEN_LETTERS = tuple(t["letter"] for t in COMPONENTS["tokens"])
TOKEN_LIMITS = tuple(t["count"] for t in COMPONENTS["tokens"])
# The bag in the fixed order of spec 7 (C x6, B x6, W x6, P x6, S x8), shuffled for each deal.
TOKEN_BAG = tuple(kind for kind, count in enumerate(TOKEN_LIMITS) for _ in range(count))
STATUETTE = TOKEN_LETTERS.index("S")
VILLAGES = COMPONENTS["allowance_by_player_count"]["2"]["villages"]
EMPTY = -1


def settler_allowance(num_players: int) -> int:
    return COMPONENTS["allowance_by_player_count"][str(num_players)]["settlers"]


def row_lengths(height: int) -> list[int]:
    """Short even rows (h-1 tiles) alternate with long odd rows (h tiles)."""
    return [height - 1 if r % 2 == 0 else height for r in range(height)]


def coords_text(coords: Iterable[tuple[int, int]]) -> str:
    """A sorted coordinate list as written in the position notation (each with a leading space)."""
    return "".join(f" {r},{c}" for r, c in sorted(coords))


class Board:
    """Immutable tables of one map: tile numbering, neighbours, islands, stone circles, actions."""

    __slots__ = ("key", "height", "lengths", "offsets", "coords", "neighbours", "island_of",
                 "is_land", "bonuses", "island_tiles", "stones", "is_stone", "sea", "settle",
                 "village", "text")

    def __init__(self, height: int, islands: list[tuple[int, list]], stones: list):
        self.height = height
        self.lengths = row_lengths(height)
        self.offsets = [sum(self.lengths[:r]) for r in range(height)]
        self.coords = [(r, c) for r in range(height) for c in range(self.lengths[r])]
        self.neighbours = [
            tuple(self.index(*n) for n in hex_row_neighbours(r, c, self.lengths))
            for r, c in self.coords
        ]
        ordered = sorted(((bonus, sorted(tiles)) for bonus, tiles in islands),
                         key=lambda island: (island[0], island[1][0]))
        self.bonuses = tuple(bonus for bonus, _ in ordered)
        self.island_tiles = tuple(tuple(self.index(*rc) for rc in tiles) for _, tiles in ordered)
        self.island_of = [-1] * len(self.coords)
        for number, tiles in enumerate(self.island_tiles):
            for t in tiles:
                self.island_of[t] = number
        self.is_land = [i >= 0 for i in self.island_of]
        self.stones = tuple(sorted(self.index(*rc) for rc in stones))
        self.is_stone = [False] * len(self.coords)
        for t in self.stones:
            self.is_stone[t] = True
        self.sea = tuple(t for t in range(len(self.coords)) if not self.is_land[t])
        self.settle = [Place("S", r, c) for r, c in self.coords]
        self.village = [Place("T", r, c) for r, c in self.coords]
        self.text = self.map_text()
        self.key = f"{height};{self.text}"

    def index(self, row: int, col: int) -> int:
        return self.offsets[row] + col

    def on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.lengths[row]

    def map_text(self) -> str:
        """The `i` and `s` statements of the position notation, in canonical form."""
        parts = [
            f"i {bonus}{coords_text(self.coords[t] for t in tiles)};"
            for bonus, tiles in zip(self.bonuses, self.island_tiles, strict=True)
        ]
        parts.append(f"s{coords_text(self.coords[t] for t in self.stones)};")
        return " ".join(parts)


BOARDS: dict[str, Board] = {}


def register_board(new: Board) -> Board:
    """The shared instance for this map (a board read from a position may equal a known map)."""
    return BOARDS.setdefault(new.key, new)


def board(key: str) -> Board:
    """The board of a state's `geo` key, rebuilt from the key itself if not yet known."""
    found = BOARDS.get(key)
    if found is None:
        height, _, text = key.partition(";")
        islands, stones = [], []
        for statement in text.split(";"):
            statement = statement.strip()
            coords = [(int(r), int(c)) for r, c in _COORD.findall(statement)]
            if statement.startswith("i "):
                islands.append((int(statement.split()[1]), coords))
            elif statement.startswith("s"):
                stones = coords
        found = register_board(Board(int(height), islands, stones))
    return found


def maps() -> list[dict]:
    """The published maps (`data/maps.json`), in file order."""
    return load_json(_PACKAGE, "maps.json")["maps"]


@cache
def map_board(map_id: str) -> Board:
    """The board of a named map from `maps.json`."""
    for entry in maps():
        if entry["id"] == map_id:
            islands = [(i["bonus"], [tuple(rc) for rc in i["tiles"]]) for i in entry["islands"]]
            return register_board(
                Board(entry["height"], islands, [tuple(rc) for rc in entry["stone_circles"]])
            )
    raise KeyError(map_id)


def map_id_of(key: str) -> str | None:
    """The id of the named map with this board key, if any."""
    for entry in maps():
        if map_board(entry["id"]).key == key:
            return entry["id"]
    return None
