"""Building Bloom Town positions for tests: towns from the spec's pictures, bare states."""

from __future__ import annotations

from collections import Counter

import ludoteca
from ludoteca.games.bloom_town.components import CELLS, COMMUNITY_BASE, SPACES, TILE_CODE, TYPE_INDEX

GAME = ludoteca.load("bloom-town")
LETTERS = {"O": "office", "S": "subway", "P": "park", "H": "home"}


def tile(word: str) -> int:
    """Tile code of a spec picture letter (`O`), a kind id (`icecream`) or a notation word."""
    if word in LETTERS:
        return TILE_CODE[LETTERS[word]]
    if word in TILE_CODE:
        return TILE_CODE[word]
    return TILE_CODE[f"shop:{word}"]


def town(picture: str) -> list[int]:
    """A town from a picture in the spec's format (header row of letters, then 5 numbered rows)."""
    rows = [line.split()[1:] for line in picture.strip().splitlines()[1:]]
    cells = [word.strip("[]") for row in rows for word in row]
    assert len(cells) == CELLS
    return [-1 if w == "." else tile(w) for w in cells]


def community(kind: str) -> int:
    return COMMUNITY_BASE + TYPE_INDEX[kind]


def bare_state(players: int = 2, side: str = "A", filler: int = 6, **options):
    """A state at the start of seat 0's turn with empty towns, area and market.

    Every hand holds two offices and every stack `filler` offices, so no turn is skipped and no
    stack is exhausted unless a test says so.
    """
    state = GAME.new_state(players, seed=1, board_side=side, start_player=0, **options)
    state.towns = [[-1] * CELLS for _ in range(players)]
    state.hands = [[tile("O"), tile("O")] for _ in range(players)]
    state.known = [[] for _ in range(players)]
    state.community = [0] * len(TYPE_INDEX)
    state.scored = [False] * len(TYPE_INDEX)
    state.market = [-1] * SPACES
    state.stacks = [[tile("O")] * filler for _ in range(SPACES)]
    state.points = [0] * players
    state.parts = [[0] * 4 for _ in range(players)]
    state.triggered = False
    state._legal_cache = {}
    return state


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def all_tiles(state) -> Counter:
    """Every tile still in play or revealed, by code (community tiles in the area included)."""
    tiles = Counter()
    for group in (*state.hands, *state.towns, *state.stacks, state.market, state.leftover):
        tiles.update(t for t in group if t >= 0)
    for kind, count in enumerate(state.community):
        tiles[COMMUNITY_BASE + kind] += count
    return tiles
