"""Setup (spec §3, §7, W12), hidden information (§6), determinize, notation (§5) and options."""

import json
import random
from collections import Counter

import pytest

from ludoteca import NotationError, OptionError
from ludoteca.games.bloom_town.components import (
    COMMUNITY_BASE,
    COMMUNITY_POOL,
    FIRST_SHOP,
    NUM_BUILDING_TILES,
    SHOP_KINDS,
    TILE_COPIES,
    TILE_TYPE,
    TYPE_INDEX,
)

from .helpers import GAME, all_tiles, bare_state, tile

SHOP = TYPE_INDEX["shop"]


@pytest.mark.parametrize("players,building,pool,height,left", [
    (2, 35, 41, 8, 1), (3, 55, 59, 11, 4), (4, 65, 67, 13, 2),
])
def test_w12_setup_counts(players, building, pool, height, left):
    for seed in range(5):
        state = GAME.new_state(players, seed=seed)
        assert len(state.removed) == 65 - building
        tiles = all_tiles(state)
        assert sum(n for t, n in tiles.items() if t < COMMUNITY_BASE) == building
        assert sum(len(h) for h in state.hands) == 2 * players
        on_table = sum(len(s) for s in state.stacks) + sum(m >= 0 for m in state.market)
        assert on_table + sum(state.community) + len(state.leftover) == pool
        assert all(len(s) <= height for s in state.stacks)
        assert sum(state.community) + len(state.leftover) >= left


def test_w12_two_players_remove_one_shop_of_each_kind():
    state = GAME.new_state(2, seed=3)
    removed_shops = [t for t in state.removed if TILE_TYPE[t] == SHOP]
    assert sorted(removed_shops) == list(range(FIRST_SHOP, NUM_BUILDING_TILES))
    left = Counter(t for t, n in all_tiles(state).items() for _ in range(n) if t < COMMUNITY_BASE
                   and TILE_TYPE[t] == SHOP)
    assert sum(left.values()) == 7
    assert left[tile("bakery")] == 2


def test_three_players_remove_two_shops_of_different_kinds():
    pairs = set()
    for seed in range(40):
        state = GAME.new_state(3, seed=seed)
        shops = [t for t in state.removed if TILE_TYPE[t] == SHOP]
        assert len(shops) == 2 and shops[0] != shops[1]
        assert Counter(TILE_TYPE[t] for t in state.removed) == Counter({k: 2 for k in range(5)})
        pairs.add(tuple(shops))
    assert len(pairs) > 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_reference_procedure_of_section_7(players):
    seed = 11
    state = GAME.new_state(players, seed=seed)
    rng = random.Random(seed)
    copies = list(TILE_COPIES)
    per_type = {2: 6, 3: 2, 4: 0}[players]
    for code in range(FIRST_SHOP):
        copies[code] -= per_type
    if players == 2:
        for code in range(FIRST_SHOP, NUM_BUILDING_TILES):
            copies[code] -= 1
    if players == 3:
        for kind in rng.sample(list(SHOP_KINDS), 2):
            copies[tile(kind)] -= 1
    tiles = [code for code in range(NUM_BUILDING_TILES) for _ in range(copies[code])]
    rng.shuffle(tiles)
    assert [sorted(h) for h in state.hands] == [sorted(tiles[2 * i: 2 * i + 2]) for i in range(players)]
    pool = tiles[2 * players:] + list(COMMUNITY_POOL)
    rng.shuffle(pool)
    height = {2: 8, 3: 11, 4: 13}[players]
    start = rng.randrange(players)
    assert state.order[0] == start
    for j in range(5):
        stack = pool[j * height: (j + 1) * height]  # first tile on top
        drawn = 0
        while drawn < len(stack) and stack[drawn] >= COMMUNITY_BASE:
            drawn += 1
        assert state.market[j] == (stack[drawn] if drawn < len(stack) else -1)
        assert state.stacks[j] == stack[drawn + 1:][::-1]
    left_buildings = [t for t in pool[5 * height:] if t < COMMUNITY_BASE]
    assert state.leftover == left_buildings


def test_community_scoring_during_setup_scores_zero_but_marks_the_type():
    for seed in range(200):
        state = GAME.new_state(4, seed=seed)
        if any(state.scored):
            assert state.points == [0] * 4
            assert all(state.community[k] == 2 for k in range(5) if state.scored[k])
            return
    pytest.fail("no seed revealed two community tiles of a type during setup")


def test_start_player_option_and_its_check():
    state = GAME.new_state(3, seed=2, start_player=2)
    assert state.order == [2, 0, 1]
    assert state.to_move == (2,)
    with pytest.raises(OptionError, match="start_player 3"):
        GAME.new_state(3, seed=2, start_player=3)
    with pytest.raises(OptionError):
        GAME.new_state(2, seed=2, board_side="C")


def test_board_side_b_uses_its_own_flowers():
    state = bare_state(2, "B")
    state.tokens = [False, False]
    state.market = [tile("P"), tile("S"), tile("H"), tile("O"), tile("O")]
    state.apply("build office c2")  # side B: c2 is a sunflower = space 4
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("O")])
    assert state.market[3] == tile("O") and state.known[0] == [tile("O")]
    state.apply("build office a1", 1)  # side B: a1 tulip, blooming
    assert state.phase == "bonus"


# ---- hidden information ---------------------------------------------------------------------------


def hidden_position():
    state = bare_state(2, "A")
    state.hands = [[tile("H"), tile("P")], [tile("S"), tile("pets")]]
    state.known = [[], [tile("pets")]]
    state.stacks[0] = [tile("books")] * 3
    state.removed = state.leftover = []
    return state


def test_views_hide_private_hand_tiles_and_stacks():
    state = hidden_position()
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert mine["hands"][0] == {"size": 2, "tiles": ["park", "home"], "unknown": 0}
    assert mine["hands"][1] == {"size": 2, "tiles": ["shop:pets"], "unknown": 1}
    assert theirs["hands"][0] == {"size": 2, "tiles": [], "unknown": 2}
    assert spectator["hands"][1]["tiles"] == ["shop:pets"]
    for view in (mine, theirs, spectator):
        text = json.dumps(view)
        assert "books" not in text and view["stack_heights"][0] == 3
    assert "Pet shop" in state.render("en", player=0) and "Subway" not in state.render("en", player=0)


def test_open_hands_and_game_over_show_every_hand():
    state = hidden_position()
    state.options = {**state.options, "open_hands": True}
    assert state.view(0)["hands"][1]["tiles"] == ["subway", "shop:pets"]


def test_a_face_down_take_stays_private_and_a_built_tile_leaves_the_known_set():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.hands[0] = [tile("O"), tile("O")]
    state.market = [tile("P"), -1, tile("O"), tile("O"), tile("O")]
    state.stacks[1] = [tile("books")]
    state.apply("build office b1")  # rose, space 2 empty -> face-down take
    assert state.view(1)["hands"][0] == {"size": 2, "tiles": [], "unknown": 2}
    assert state.view(0)["hands"][0]["tiles"] == ["office", "shop:books"]
    state.apply("build office a1", 1)
    state.apply("build shop:books a1", 0)  # tulip: takes the office refilled into space 1
    assert state.view(1)["hands"][0] == {"size": 2, "tiles": ["office"], "unknown": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_redeals_only_what_the_player_cannot_see(players):
    rng = random.Random(4)
    state = GAME.new_state(players, seed=5, board_side="B")
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    player = state.to_move[0]
    changed = False
    for trial in range(20):
        sample = state.determinize(player, random.Random(trial))
        assert sample.view(player) == state.view(player)
        assert sample.hands[player] == state.hands[player]
        assert all_tiles(sample) == all_tiles(state)
        assert [len(s) for s in sample.stacks] == [len(s) for s in state.stacks]
        assert all(t < COMMUNITY_BASE for hand in sample.hands for t in hand)
        for seat in range(players):
            assert not (Counter(state.known[seat]) - Counter(sample.hands[seat]))
        changed |= sample.stacks != state.stacks or sample.hands != state.hands
    assert changed


def test_determinize_with_open_hands_keeps_every_hand():
    state = GAME.new_state(3, seed=8, open_hands=True)
    sample = state.determinize(0, random.Random(1))
    assert sample.hands == state.hands
    assert sorted(t for s in sample.stacks for t in s) == sorted(t for s in state.stacks for t in s)


# ---- notation ---------------------------------------------------------------------------------------


def test_parse_round_trips_and_normalises_spacing_and_case():
    for text in ("build office c2", "build shop:icecream b4", "bloom double", "token rescore home",
                 "pass", "take 4", "keep park"):
        assert str(GAME.parse_action(text)) == text
        assert str(GAME.parse_action("  " + text.upper().replace(" ", "   ") + " ")) == text


@pytest.mark.parametrize("text,message", [
    ("jump", "expected one of: build, bloom, token, pass, take, keep"),
    ("build office", "write build TILE SQUARE"),
    ("build shop c2", "'shop' needs a kind, e.g. shop:cafe"),
    ("build shop:florist c2", "unknown shop kind 'florist'"),
    ("build tower c2", "unknown tile 'tower'"),
    ("build office f6", "square 'f6' is outside a1-e5"),
    ("take 6", "take SPACE with a space from 1 to 5"),
    ("token rescore", "token rescore needs one type"),
    ("token rescore shop:cafe", "token rescore needs one type"),
    ("keep", "keep TYPE"),
    ("bloom triple", "bloom double or bloom extra"),
    ("pass now", "pass takes no other words"),
])
def test_malformed_actions_are_rejected_with_a_reason(text, message):
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_action_ids_are_a_bijection():
    state = GAME.new_state(2, seed=1)
    ids = set()
    for text in ("build office a1", "build shop:pets e5", "pass", "take 1", "keep shop"):
        action = GAME.parse_action(text)
        ids.add(GAME.action_id(action))
        assert GAME.action_from_id(GAME.action_id(action), state) == action
    assert len(ids) == 5 and max(ids) < GAME.action_space_size == 270


def test_every_hand_is_public_when_the_game_is_over():
    state = hidden_position()
    state.phase = "over"
    assert state.view(0)["hands"][1] == {"size": 2, "tiles": ["subway", "shop:pets"], "unknown": 0}
    assert state.view(None)["hands"][0]["tiles"] == ["park", "home"]


def test_determinize_keeps_the_hands_the_player_can_see_at_the_end():
    state = hidden_position()
    state.phase = "over"
    for trial in range(10):
        sample = state.determinize(0, random.Random(trial))
        assert sample.hands == state.hands
        assert sample.view(0) == state.view(0)
