"""Bloom Town components as flat lookup tables, built once from the package's data files.

Tiles are small ints so the hot path (legal actions, apply, clone) stays on plain lists:
building tiles first (the non-shop types in data order, then one code per shop kind, which is also
the canonical build order of the spec), then one community tile code per building type.
Squares are ints 0..24 in reading order (a1, b1, …, e1, a2, …, e5). Names of types, shop
kinds, flowers and board sides are catalogue texts (`messages.py`); the data keeps ids and numbers.
"""

from __future__ import annotations

from ludoteca.core.data import load_json
from ludoteca.core.grid import square_neighbour_table

PACKAGE = "ludoteca.games.bloom_town"

_TILES = load_json(PACKAGE, "tiles.json")
_BOARDS = load_json(PACKAGE, "boards.json")
_FLOWERS = load_json(PACKAGE, "flowers.json")

# ---- building types -------------------------------------------------------------------------

TYPES: tuple[str, ...] = tuple(t["id"] for t in _TILES["building_types"])
TYPE_INDEX = {name: i for i, name in enumerate(TYPES)}
SHOP = TYPE_INDEX["shop"]
OFFICE, SUBWAY, PARK, HOME = (TYPE_INDEX[n] for n in ("office", "subway", "park", "home"))
TYPE_COLOURS: tuple[str, ...] = tuple(t["colour"]["id"] for t in _TILES["building_types"])
TYPE_COUNTS: tuple[int, ...] = tuple(t["count"] for t in _TILES["building_types"])

# ---- tiles ------------------------------------------------------------------------------------

SHOP_KINDS: tuple[str, ...] = tuple(k["id"] for k in _TILES["shop_kinds"])
_PLAIN_TYPES = tuple(i for i in range(len(TYPES)) if i != SHOP)

TILE_NAMES: tuple[str, ...] = tuple(TYPES[i] for i in _PLAIN_TYPES) + tuple(
    f"shop:{k}" for k in SHOP_KINDS
)
NUM_BUILDING_TILES = len(TILE_NAMES)
TILE_CODE = {name: code for code, name in enumerate(TILE_NAMES)}
# Type of every building tile code, then of every community tile code.
TILE_TYPE: tuple[int, ...] = (
    tuple(_PLAIN_TYPES) + (SHOP,) * len(SHOP_KINDS) + tuple(range(len(TYPES)))
)
FIRST_SHOP = len(_PLAIN_TYPES)
SHOP_ROOF: tuple[frozenset[int], ...] = (frozenset(),) * FIRST_SHOP + tuple(
    frozenset(TYPE_INDEX[t] for t in k["roof"]) for k in _TILES["shop_kinds"]
)
# Copies of each building tile code in the full box, in canonical order.
TILE_COPIES: tuple[int, ...] = tuple(TYPE_COUNTS[i] for i in _PLAIN_TYPES) + tuple(
    k["count"] for k in _TILES["shop_kinds"]
)
COMMUNITY_BASE = NUM_BUILDING_TILES  # community tile of type t has code COMMUNITY_BASE + t
COMMUNITY_POOL: tuple[int, ...] = tuple(
    COMMUNITY_BASE + TYPE_INDEX[c["type"]] for c in _TILES["community_tiles"] for _ in range(c["count"])
)

SETUP = {int(k): v for k, v in _TILES["setup_by_player_count"].items() if k.isdigit()}
# Exhausted stacks that trigger the end, by player count [rulebook].
END_TRIGGER = {2: 3, 3: 2, 4: 2}



# ---- boards and flowers -------------------------------------------------------------------------

ROWS = _BOARDS["rows"]
COLS = _BOARDS["columns"]
CELLS = ROWS * COLS
LETTERS = _BOARDS["column_letters"]
SQUARE_NAMES: tuple[str, ...] = tuple(f"{LETTERS[i % COLS]}{i // COLS + 1}" for i in range(CELLS))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}

ORTHOGONAL: tuple[tuple[int, ...], ...] = tuple(square_neighbour_table(ROWS, COLS))
DIAGONAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in both if n not in orth)
    for both, orth in zip(square_neighbour_table(ROWS, COLS, diagonal=True), ORTHOGONAL, strict=True)
)

FLOWERS: tuple[str, ...] = tuple(
    f["id"] for f in sorted(_FLOWERS["flowers"], key=lambda f: f["market_space"])
)
SPACES = len(FLOWERS)
SIDES: tuple[str, ...] = tuple(_BOARDS["sides"])
# Market space (0-based) of the flower on every square, per side.
FLOWER_SPACE: dict[str, tuple[int, ...]] = {
    side: tuple(FLOWERS.index(f) for row in data["flowers"] for f in row)
    for side, data in _BOARDS["sides"].items()
}
BLOOMING: dict[str, frozenset[int]] = {
    side: frozenset(SQUARE_INDEX[s] for s in data["blooming"]) for side, data in _BOARDS["sides"].items()
}
