"""Rules of the spec not covered by its worked examples: board data (2), setup (3), token taking
and phase ends mid-round (4), the deal procedure (7), the tie-break (8.8) and edge cases (9)."""

import random

import pytest

import ludoteca
from ludoteca import OptionError
from ludoteca.games.blue_lagoon import phase_over, score_breakdown, to_notation
from ludoteca.games.blue_lagoon.components import map_board, maps

from . import positions as P
from .helpers import load, texts

GAME = ludoteca.load("blue-lagoon")

# ---- 2.2 / 2.3 / 2.4 board data ------------------------------------------------------------------

STANDARD_PICTURE = """\
 a A A A . b B B . d D D
A A A A a . B B b . D D d
 A a . . . . B B B . D D
. . . G G g . b B . d D d
 e . g G G G . . . . D D
E E . G G G G . H h . d D
 E E . g G G g . H H . .
e E E . G G G . h H H . c
 E E e . G g . H H H . C
e E E . . . . H H h . C C
 . . . f F . h H H . c C
f F F F F f . H H . C C C
 F F f F F F . H h . C c"""


def picture(b) -> str:
    lines = []
    for r in range(b.height):
        row = []
        for c in range(b.lengths[r]):
            t = b.index(r, c)
            island = b.island_of[t]
            letter = "." if island < 0 else chr(ord("A") + island)
            row.append(letter.lower() if b.is_stone[t] else letter)
        lines.append((" " if r % 2 == 0 else "") + " ".join(row))
    return "\n".join(lines)


def test_standard_board_is_the_printed_one():
    b = map_board("standard")
    assert picture(b) == STANDARD_PICTURE
    assert b.bonuses == (6, 6, 6, 8, 8, 8, 10, 10) and sum(b.bonuses) == 62
    assert [len(tiles) for tiles in b.island_tiles] == [11, 11, 11, 15, 14, 14, 20, 20]


def test_every_standard_sea_tile_touches_exactly_two_islands():
    b = map_board("standard")
    for t in b.sea:
        assert len({b.island_of[n] for n in b.neighbours[t]} - {-1}) == 2, b.coords[t]


@pytest.mark.parametrize("map_id,height,land,sea,bonuses", [
    ("standard", 13, 116, 46, (6, 6, 6, 8, 8, 8, 10, 10)),
    ("wheels", 13, 76, 86, (5, 5, 7, 7, 9, 9, 9, 9)),
    ("face", 13, 88, 74, (6, 6, 9, 9, 12, 12, 12)),
    ("sides", 7, 38, 7, (4, 20)),
    ("space_invaders", 23, 190, 327, (6, 6, 6, 8, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10)),
])
def test_map_table(map_id, height, land, sea, bonuses):
    b = map_board(map_id)
    assert b.height == height
    assert b.lengths == [height - 1 if r % 2 == 0 else height for r in range(height)]
    assert sum(b.is_land) == land and len(b.sea) == sea
    assert b.bonuses == bonuses
    assert len(b.stones) == 32 and all(b.is_land[t] for t in b.stones)
    entry = next(m for m in maps() if m["id"] == map_id)
    assert (entry["tile_count"], entry["land_count"], entry["sea_count"]) == (land + sea, land, sea)


def test_wheels_has_two_single_tile_islands():
    assert sum(1 for tiles in map_board("wheels").island_tiles if len(tiles) == 1) == 2


@pytest.mark.parametrize("tile,neighbours", [
    ((0, 0), [(0, 1), (1, 0), (1, 1)]),             # even row, top-left corner
    ((1, 0), [(0, 0), (1, 1), (2, 0)]),             # odd (long) row sticks out on the left
    ((1, 12), [(0, 11), (1, 11), (2, 11)]),         # ... and on the right
    ((6, 5), [(5, 5), (5, 6), (6, 4), (6, 6), (7, 5), (7, 6)]),
    ((7, 5), [(6, 4), (6, 5), (7, 4), (7, 6), (8, 4), (8, 5)]),
    ((12, 11), [(11, 11), (11, 12), (12, 10)]),     # bottom-right corner
])
def test_neighbours(tile, neighbours):
    b = map_board("standard")
    assert sorted(b.coords[n] for n in b.neighbours[b.index(*tile)]) == neighbours


# ---- 3 setup ----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 5])
def test_only_two_to_four_players(players):
    with pytest.raises(OptionError):
        GAME.new_state(players, seed=1)


def test_starting_position():
    state = GAME.new_state(3, seed=4)
    text = to_notation(state)
    assert text.startswith("a 13 3; c 0 E;")
    assert text.endswith("p 0 0 0 0 0 0 0 S T; p 1 0 0 0 0 0 0 S T; p 2 0 0 0 0 0 0 S T;")


# ---- 7 randomness: the reference procedure ----------------------------------------------------

def reference_deal(rng: random.Random, stones: list) -> dict:
    bag = list("C" * 6 + "B" * 6 + "W" * 6 + "P" * 6 + "S" * 8)
    rng.shuffle(bag)
    return dict(zip(sorted(stones), bag, strict=True))


def dealt(state) -> dict:
    b = state.board
    return {b.coords[t]: "CBWPS"[k] for t, k in enumerate(state.tokens) if k != -1}


@pytest.mark.parametrize("seed", [0, 17])
def test_both_deals_follow_the_reference_procedure(seed):
    """One generator `random.Random(seed)`: the setup deal is its first shuffle, the Settlement
    deal its next one, made when Exploration ends (spec 7). No layout is assumed."""
    state = GAME.new_state(2, seed=seed)
    stones = [state.board.coords[t] for t in state.board.stones]
    reference = random.Random(seed)
    assert dealt(state) == reference_deal(reference, stones)
    moves = random.Random(seed)
    while state.phase == "E":
        state.apply(moves.choice(state.legal_actions()))
    assert dealt(state) == reference_deal(reference, stones)


# ---- 4.4, 4.6, 4.7, 9.4, 9.5, 9.6, 9.8 --------------------------------------------------------

# W2 with every resource gone except the coconut at 1,4, and a village of seat 1 at 6,9 (H).
LAST_RESOURCE = (
    P.W2.replace("r C 0,0 0,5 1,4 1,8 2,1 3,7 B 0,9 1,12 4,0 7,0 8,2 W 3,10 7,12 10,3 10,10 12,2 12,11 "
                 "P 3,12 4,2 5,11 9,0 11,5 S", "r C 1,4 B W P S")
    .replace("p 1 0 0 1 0 0 0 S 4,9 5,9 T;", "p 1 0 0 1 0 0 0 S 4,9 5,9 T 6,9;")
)


def test_village_on_a_stone_circle_takes_the_token():
    state = load(P.W3)
    state.apply("T 12,8")
    assert state.counts[2] == [0, 0, 0, 0, 3]
    assert "12,8" not in to_notation(state).split(" r ")[1].split(";")[0]
    assert score_breakdown(state)[2]["statuettes"] == 12


def test_phase_ends_at_once_when_the_last_resource_is_taken():
    state = load(LAST_RESOURCE)
    assert not phase_over(state)
    trial = load(LAST_RESOURCE, exploration_only=True)
    trial.apply("T 1,4")
    assert trial.is_over and trial.phase == "E"  # statuettes left on the board do not matter
    assert trial.totals == [26, 15]  # A 6 + G 10 + links A-G 10; H 10 + links 5
    state.apply("T 1,4")  # seat 1 never gets the rest of the round
    assert state.phase == "S" and state.totals == [26, 15]
    assert state.history == [(0, "T 1,4")]
    # Clean-up: settlers and the village on the stone circle 1,4 are gone, 6,9 survives.
    text = to_notation(state)
    assert text.endswith("p 0 26 0 0 0 0 0 S T; p 1 15 0 0 0 0 0 S T 6,9;")
    assert (state.settlers, state.villages) == ([30, 30], [0, 0])
    # Seat 1 is next after the last explorer; seat 0 kept nothing and is skipped from now on.
    assert state.to_move == (1,)
    assert not state.has_move(0)
    state.apply("S 6,8")
    assert state.to_move == (1,)


def test_exploration_only_tiebreak_uses_exploration_tokens():
    text = (P.RULEBOOK_END_OF_EXPLORATION.replace("p 0 0 ", "p 0 92 ").replace("p 1 0 ", "p 1 92 ")
            .replace("p 2 0 ", "p 2 87 "))
    state = load(text, exploration_only=True)
    assert state.is_over and state.phase == "E"
    result = state.result()
    assert result.scores == [92, 92, 87]
    assert result.winners == [1] and result.tiebreak == "most tokens"  # 12 tokens against 10
    assert result.ranking == [2, 1, 3]


# ---- 8.8 shared victory -----------------------------------------------------------------------

def test_equal_totals_and_equal_tokens_share_the_victory():
    text = P.W7_FINAL.replace("p 0 103 4 1 2 1 1 ", "p 0 103 0 0 0 0 0 ")
    state = load(text)
    assert state.is_over
    result = state.result()
    assert result.winners == [0, 1] and result.tiebreak == "draw"
    assert result.ranking == [1, 1, 3, 4]


# ---- 9.19 out of settlers in Exploration -------------------------------------------------------

def test_out_of_settlers_in_exploration_places_only_villages():
    sea = ["0,4", "0,8", "1,5", "1,9", "2,2", "2,3", "2,4", "2,5", "2,9", "3,0", "3,1", "3,2", "3,6",
           "3,9", "4,1", "4,6", "4,7", "4,8", "4,9", "5,2", "5,7", "5,10", "6,2", "6,7", "6,10", "6,11",
           "7,3", "7,7", "7,11", "8,3"]
    text = P.W1.replace("p 0 0 0 0 0 0 0 S T;", f"p 0 0 0 0 0 0 0 S {' '.join(sea)} T;")
    state = load(text)
    assert state.settlers[0] == 0 and state.villages[0] == 5
    legal = texts(state.legal_actions())
    assert legal and all(a.startswith("T ") for a in legal)
    assert state.illegal_reason(GAME.parse_action("S 8,6"), 0) == "none_in_hand"
    assert state.illegal_reason(GAME.parse_action("T 8,6"), 0) == "village_on_sea"


# ---- 4.6 (b) and 9.3: nobody can place, with resources still on the board ----------------------

def test_exploration_ends_when_every_piece_is_placed():
    """Both seats have placed all 35 pieces; every token is still out, yet the phase is over."""
    b = map_board("standard")
    free = [b.coords[t] for t in range(len(b.coords)) if not b.is_stone[t]]
    sea = [rc for rc in free if not b.is_land[b.index(*rc)]]
    land = [rc for rc in free if b.is_land[b.index(*rc)]]
    villages0, villages1, land = land[:5], land[5:10], land[10:]
    settlers0, rest = sea[:30], sea[30:] + land
    settlers1 = rest[:30]

    def coords(tiles):
        return " ".join(f"{r},{c}" for r, c in sorted(tiles))

    text = P.W1.replace("c 0 E", "c 1 E").replace(
        "p 0 0 0 0 0 0 0 S T; p 1 0 0 0 0 0 0 S T;",
        f"p 0 0 0 0 0 0 0 S {coords(settlers0)} T {coords(villages0)}; "
        f"p 1 0 0 0 0 0 0 S {coords(settlers1)} T {coords(villages1)};")
    state = load(text)
    assert phase_over(state)
    assert [state.has_move(p) for p in (0, 1)] == [False, False]
    assert state.to_move == (0,)  # the end of Exploration is processed, seat 0 follows seat 1
    assert state.phase == "S" and len(state.pad) == 1
    assert sorted(b.coords[t] for t, c in enumerate(state.cells) if c != -1) == sorted(
        villages0 + villages1)
