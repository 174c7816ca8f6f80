"""The worked examples of the City Square Off spec (§11), one test each."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import ludoteca
from ludoteca import IllegalAction, NotationError
from ludoteca.games.city_square_off.components import catalogue, orientations
from ludoteca.games.city_square_off.scoring import compare_regions, open_regions

GAME = ludoteca.load("city-square-off")
LETTERS = "abcdefghi"

W4_GRID = """
. . . # . # # # #
. # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # # #
# # # # # # # . .
"""


def square(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


def name(row: int, col: int) -> str:
    return f"{LETTERS[col]}{row + 1}" if 0 <= row < 9 and 0 <= col < 9 else f"[{row + 1},{col + 1}]"


def grid_from_open(open_names: set[str]) -> int:
    geometry = catalogue().geometry
    return geometry.mask((r, c) for r in range(9) for c in range(9) if name(r, c) not in open_names)


def grid_from_picture(picture: str) -> int:
    rows = [line.split() for line in picture.strip().splitlines()]
    opens = {name(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "."}
    return grid_from_open(opens)


def position(grids: list[int], card: str, variant: str = "standard"):
    """A state past the starters whose next revealed card is `card` and whose cities are `grids`."""
    state = GAME.new_state(seed=0, variant=variant, first_chooser=0)
    state.starters = ["modern", "egyptian"]
    state.covered = list(grids)
    state.deck = [card] + [t for t in state.deck if t != card]
    state._start_round()
    return state


def placements(state, player: int, tile: str) -> list[str]:
    return [str(action) for action in state._placements_of(player, [tile])]


def covers(action_text: str) -> set[str]:
    action = GAME.parse_action(action_text, GAME.new_state(seed=0, variant="city_expansion"))
    return {name(r, c) for r, c in catalogue().squares_of(action)}


# ---- W1 -------------------------------------------------------------------------------------------


def test_w1_orientation_tokens_and_anchors():
    v3 = catalogue().pieces["V3"].orientations
    assert v3 == {
        "r0": ((0, 0), (1, 0), (1, 1)),
        "r1": ((0, 0), (0, 1), (1, 0)),
        "r2": ((0, 0), (0, 1), (1, 1)),
        "r3": ((0, 1), (1, 0), (1, 1)),
    }
    z4 = catalogue().pieces["Z4"].orientations
    assert z4 == {
        "r0": ((0, 1), (0, 2), (1, 0), (1, 1)),
        "r1": ((0, 0), (1, 0), (1, 1), (2, 1)),
        "f0": ((0, 0), (0, 1), (1, 1), (1, 2)),
        "f1": ((0, 1), (1, 0), (1, 1), (2, 0)),
    }
    assert list(catalogue().pieces["X5"].orientations) == ["r0"]
    assert covers("X5 r0 d1") == {"d1", "c2", "d2", "e2", "d3"}
    assert covers("V3 r3 b2") == {"b2", "a3", "b3"}


def test_orientations_are_derived_exactly_as_the_data_file_lists_them():
    shapes = json.loads(
        resources.files("ludoteca.games.city_square_off").joinpath("data/shapes.json").read_text()
    )
    total = 0
    for piece in shapes["tiles"] + shapes["starters"]:
        listed = {o["token"]: tuple(map(tuple, o["cells"])) for o in piece["orientations"]}
        assert orientations(piece["cells"])[0] == listed, piece["id"]
        total += len(listed) if piece in shapes["tiles"] else 0
    assert total == 91
    assert sum(len(t["cells"]) for t in shapes["tiles"]) == 89


# ---- W2 -------------------------------------------------------------------------------------------

W2 = {
    "modern": "r0 d4, r0 e4, r1 d4, r1 d5",
    "medieval": "r0 d4, r1 e4, r2 e4, r3 d4",
    "egyptian": "r0 d3, r0 d4, r0 e4, r1 d4, r1 e4, r1 d5, r2 c4, r2 d4, r2 d5, r3 f3, r3 e4, r3 f4",
    "futuristic": "r0 c4, r0 d4, r1 f3, r1 f4, r2 d4, r2 e4, r3 e4, r3 e5, f0 e4, f0 f4, f1 d4, "
    "f1 d5, f2 d4, f2 e4, f3 d3, f3 d4",
}


def test_w2_starter_placements():
    state = GAME.new_state(seed=0, first_chooser=0)
    legal = [str(a) for a in state.legal_actions()]
    for starter, placements_text in W2.items():
        expected = {f"start {starter} {p}" for p in placements_text.split(", ")}
        assert {a for a in legal if a.split()[1] == starter} == expected
    assert covers("start egyptian r0 d3") == {"d3", "d4", "e4", "d5", "e5", "f5"}
    state.apply("start egyptian r0 d3")
    assert state.to_move == (1,)


def test_w2_starter_anywhere_counts():
    state = GAME.new_state(seed=0, first_chooser=0, starter_anywhere=True)
    counts = {}
    for action in state.legal_actions():
        counts[action.piece] = counts.get(action.piece, 0) + 1
    assert counts == {"egyptian": 196, "medieval": 196, "modern": 112, "futuristic": 392}


def test_second_chooser_cannot_take_the_same_starter():
    state = GAME.new_state(seed=0, first_chooser=1)
    state.apply("start modern r0 d4", 1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="other player has taken"):
        state.apply("start modern r0 d4", 0)
    assert state.to_json() == before
    assert {a.piece for a in state.legal_actions(0)} == {"egyptian", "medieval", "futuristic"}


def test_random_starters_are_dealt_different_and_excluded_ones_never_appear():
    for seed in range(20):
        state = GAME.new_state(seed=seed, starter_choice="random", excluded_starters=["modern"])
        assert state.dealt[0] != state.dealt[1] and "modern" not in state.dealt
        assert {a.piece for a in state.legal_actions()} == {state.dealt[state.first]}


def test_too_many_excluded_starters_is_an_option_error():
    with pytest.raises(ludoteca.OptionError, match="at least 2 starters"):
        GAME.new_state(seed=0, excluded_starters=["modern", "medieval", "egyptian"])


# ---- W3 -------------------------------------------------------------------------------------------


def test_w3_counts_after_the_starter():
    geometry = catalogue().geometry
    modern = geometry.mask(square(s) for s in ("d4", "e4", "d5", "e5", "d6", "e6"))
    state = position([modern, modern], "I1")
    assert placements(state, 0, "I1") == [
        f"I1 r0 {s}" for s in ("d3", "e3", "c4", "f4", "c5", "f5", "c6", "f6", "d7", "e7")
    ]
    i2 = placements(state, 0, "I2")
    assert len(i2) == 24 and sum(" r0 " in a for a in i2) == 12
    assert len(placements(state, 0, "V3")) == 52
    assert [a.split()[2] for a in placements(state, 0, "O4")] == (
        "c2 d2 e2 b3 f3 b4 f4 b5 f5 b6 f6 c7 d7 e7".split()
    )
    i5 = placements(state, 0, "I5")
    assert len(i5) == 20 and sum(" r1 " in a for a in i5) == 10
    assert [a.split()[2] for a in placements(state, 0, "X5")] == (
        "d1 e1 c2 f2 b3 g3 b4 g4 b5 g5 c6 f6 d7 e7".split()
    )


# ---- W4 -------------------------------------------------------------------------------------------


def test_w4_nearly_full_grid():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I1")
    assert state._open_regions(0) == [4, 2, 1]
    assert placements(state, 0, "I1") == [f"I1 r0 {s}" for s in ("b1", "c1", "e1", "a2", "h9", "i9")]
    assert placements(state, 0, "I2") == ["I2 r0 a1", "I2 r0 b1", "I2 r0 h9", "I2 r1 a1"]
    assert placements(state, 0, "I3") == ["I3 r0 a1"]
    assert placements(state, 0, "V3") == ["V3 r1 a1"]
    assert covers("V3 r1 a1") == {"a1", "b1", "a2"}
    assert placements(state, 0, "L4") == ["L4 r1 a1"]
    assert covers("L4 r1 a1") == {"a1", "b1", "c1", "a2"}
    for tile in ("I4", "O4", "T4", "Z4", "F5", "I5", "L5", "N5", "P5", "T5", "U5", "V5", "W5", "X5",
                 "Y5", "Z5"):
        assert placements(state, 0, tile) == [], tile


def test_w4_a_square_touching_nothing_is_illegal_with_a_reason():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I1")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="does not touch your city"):
        state.apply("I1 r0 a1", 0)
    with pytest.raises(IllegalAction, match="already covered"):
        state.apply("I1 r0 e5", 0)
    with pytest.raises(IllegalAction, match="revealed shape is I1"):
        state.apply("I2 r0 a1", 0)
    assert state.to_json() == before


# ---- W5 to W7 -------------------------------------------------------------------------------------


def test_w5_one_player_blocked():
    a = grid_from_picture(W4_GRID)
    b = grid_from_open({"a1", "b1", "c1", "d1", "g5", "h9", "i9"})
    probe = position([a, b], "I1")
    assert placements(probe, 1, "I4") == ["I4 r0 a1"]
    state = position([a, b], "I4")
    assert state.is_over
    assert state.result().winners == [1]
    assert state.scores() == [0.0, 1.0]
    assert len(state.history) == 0, "nobody places the card once a player is blocked"


def test_w6_both_blocked_largest_open_region_decides():
    a_open = {f"{c}{r}" for c in "abc" for r in range(1, 5)} | {"d1"}
    b_open = {f"{c}{r}" for c in "ghi" for r in (7, 8)}
    state = position([grid_from_open(a_open), grid_from_open(b_open)], "I5")
    assert state.is_over
    assert state.breakdown() == [{"open_regions": [13]}, {"open_regions": [6]}]
    assert state.result().winners == [0]


def test_w7_deeper_tiebreak_and_draw():
    a_open = {"a1", "b1", "c1", "d1", "e1", "a9", "b9", "c9", "i5"}
    b_open = {"i1", "i2", "i3", "i4", "i5", "a5", "a6", "a9", "b9", "e9", "f9"}
    assert open_regions(sorted(square(s) for s in a_open)) == [5, 3, 1]
    assert open_regions(sorted(square(s) for s in b_open)) == [5, 2, 2, 2]
    state = position([grid_from_open(a_open), grid_from_open(b_open)], "X5")
    assert state.is_over and state.result().winners == [0]
    assert compare_regions([5, 2], [5, 2, 1]) == -1
    assert compare_regions([6, 4], [6, 4]) == 0
    draw = position([grid_from_open(a_open), grid_from_open(a_open)], "X5")
    assert draw.result().winners == [0, 1] and draw.scores() == [0.5, 0.5]
    assert draw.result().tiebreak == "draw"


# ---- W8 -------------------------------------------------------------------------------------------


def test_w8_city_expansion_placements():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I4", variant="city_expansion")
    assert set(placements(state, 0, "I4")) == {
        "I4 r0 [1,-1]", "I4 r0 [1,0]", "I4 r0 [2,-2]", "I4 r0 h9", "I4 r0 i9",
        "I4 r1 [-2,2]", "I4 r1 [-2,3]", "I4 r1 [-2,5]", "I4 r1 [-1,1]", "I4 r1 h9", "I4 r1 i9",
    }
    assert "I4 r1 [-2,1]" not in placements(state, 0, "I4")
    i2 = placements(state, 0, "I2")
    assert len(i2) == 11
    overhang = {a for a in i2 if len(covers(a) - {name(r, c) for r in range(9) for c in range(9)}) == 1}
    assert overhang == {"I2 r0 [2,0]", "I2 r0 i9", "I2 r1 [0,2]", "I2 r1 [0,3]", "I2 r1 [0,5]",
                        "I2 r1 h9", "I2 r1 i9"}


def test_w8_expansion_overhang_is_counted_and_blocks():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I4", variant="city_expansion")
    state.apply("I4 r0 [1,-1]", 0)
    state.apply("I4 r1 i9", 1)
    assert state.breakdown() == [{"overhang": 2}, {"overhang": 3}]
    assert state.catalogue.footprints[GAME.parse_action("I4 r0 [1,-1]", state)].mask & state.covered[0]


def test_expansion_legal_list_is_in_canonical_anchor_order():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I4", variant="city_expansion")
    actions = [a for a in state.legal_actions(0) if a.orient == "r0"]
    assert [str(a) for a in actions] == ["I4 r0 [1,-1]", "I4 r0 [1,0]", "I4 r0 [2,-2]", "I4 r0 h9",
                                         "I4 r0 i9"]


def test_expansion_ends_fewest_overhang_wins():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I4", variant="city_expansion")
    state.apply("I4 r0 [1,0]", 0)  # overhang 1
    state.apply("I4 r0 i9", 1)  # overhang 3
    # force the end: empty the deck after one more round
    while not state.is_over:
        for seat in state.to_move:
            state.apply(state.legal_actions(seat)[0], seat)
    assert state.result().winners == [
        s for s in (0, 1) if state._overhang(s) == min(state._overhang(0), state._overhang(1))
    ]


def test_standard_full_grid_is_blocked_on_the_next_card_not_a_win():
    state = position([grid_from_open({"a1"}), grid_from_open({"a1", "b1", "i9"})], "I1")
    state.deck = ["I2"]
    state.apply("I1 r0 a1", 0)
    state.apply("I1 r0 i9", 1)
    assert state.is_over and state.current_card == "I2"
    assert state.result().winners == [1], "player 0's full grid cannot take I2; player 1's can"


def test_expansion_ends_when_a_grid_is_full_and_overhang_decides():
    state = position([grid_from_open({"a1"}), grid_from_open({"a1", "b1"})], "I2", "city_expansion")
    state.apply("I2 r0 [1,0]", 0)  # fills a1, one square overhangs
    state.apply("I2 r0 a1", 1)  # fills a1 and b1, no overhang
    assert state.is_over and state.breakdown() == [{"overhang": 1}, {"overhang": 0}]
    assert state.result().winners == [1]


# ---- W9 -------------------------------------------------------------------------------------------


def sprint_position(open_a: set[str], open_b: set[str], placed_a=(), placed_b=()):
    state = GAME.new_state(seed=0, variant="city_sprint", first_chooser=0)
    state.starters = ["modern", "egyptian"]
    state.covered = [grid_from_open(open_a), grid_from_open(open_b)]
    state.placed = [[(t, "r0", 0, 0) for t in placed_a], [(t, "r0", 0, 0) for t in placed_b]]
    state._start_round()
    return state


def test_w9_sprint_first_full_grid_wins():
    state = sprint_position({"a1"}, {"a1", "b1", "c1", "i9"})
    state.apply("I1 r0 a1", 0)
    state.apply("I3 r0 a1", 1)
    assert state.is_over and state.result().winners == [0]


def test_w9_sprint_both_full_in_the_same_round_is_a_draw():
    state = sprint_position({"a1"}, {"i9"})
    state.apply("I1 r0 a1", 0)
    state.apply("I1 r0 i9", 1)
    assert state.is_over and state.scores() == [0.5, 0.5]


def test_w9_sprint_stuck_player_waits_and_fewer_uncovered_wins():
    every_tile = [t.id for t in catalogue().tiles]
    # A: 4 open squares and every tile used → stuck now; B keeps playing, then gets stuck with 6
    a_open = {"a1", "c1", "e1", "g1"}
    b_open = {"a1", "c1", "e1", "g1", "i1", "a3", "c3"}
    state = sprint_position(a_open, b_open, placed_a=every_tile, placed_b=every_tile[1:])
    assert state.stuck == [True, False] and state.to_move == (1,)
    state.apply(state.legal_actions(1)[0], 1)  # B places its monomino: 6 open, then stuck
    assert state.is_over and state.breakdown() == [{"uncovered": 4}, {"uncovered": 6}]
    assert state.result().winners == [0]


def test_w9_sprint_stuck_player_loses_if_the_other_fills_its_grid():
    every_tile = [t.id for t in catalogue().tiles]
    state = sprint_position({"a1", "c1", "e1", "g1"}, {"a1"}, placed_a=every_tile, placed_b=every_tile[1:])
    assert state.stuck == [True, False]
    state.apply("I1 r0 a1", 1)
    assert state.is_over and state.result().winners == [1] and state.result().tiebreak == "full grid"


def test_sprint_legal_actions_offer_every_unplaced_tile():
    state = GAME.new_state(seed=3, variant="city_sprint", first_chooser=0)
    state.apply("start modern r0 d4", 0)
    state.apply("start medieval r0 d4", 1)
    assert state.to_move == (0, 1)
    assert {a.piece for a in state.legal_actions(0)} == {t.id for t in catalogue().tiles}
    state.apply("X5 r0 d1", 0)
    state.apply("X5 r0 d1", 1)
    assert "X5" not in {a.piece for a in state.legal_actions(0)}
    with pytest.raises(IllegalAction, match="already placed X5"):
        state.apply("X5 r0 g4", 0)


# ---- W10 and the simultaneous move ----------------------------------------------------------------


def test_w10_parsing():
    state = GAME.new_state(seed=0)
    assert str(GAME.parse_action("x5 R0 D1", state)) == "X5 r0 d1"
    assert str(GAME.parse_action("  start   MODERN r0 d4 ", state)) == "start modern r0 d4"
    cases = {
        "Z4 r2 e5": "same orientation as r0; write Z4 r0",
        "I2 r0 j1": "off the grid",
        "I2 r0 [5,5]": "write e5",
        "I4 r0 [1,-1]": "only in City Expansion",
        "O4 r1 c2": "same orientation as r0",
        "Q5 r0 a1": "'Q5' is not a shape; shapes are I1 I2",
        "I2 r0": "write SHAPE ORIENTATION SQUARE",
        "I2 x0 a1": "r0-r3 or f0-f3",
        "I4 r0 [1,-01]": "not a square",
    }
    for text, message in cases.items():
        with pytest.raises(NotationError, match=message.replace("[", r"\[")):
            GAME.parse_action(text, state)
    expansion = GAME.new_state(seed=0, variant="city_expansion")
    assert str(GAME.parse_action("I4 r0 [1,-1]", expansion)) == "I4 r0 [1,-1]"


def test_simultaneous_placements_are_secret_until_both_arrive():
    state = GAME.new_state(seed=11, first_chooser=0)
    state.apply("start modern r0 d4")
    state.apply("start medieval r0 d4")
    assert state.to_move == (0, 1)
    card = state.current_card
    move0 = state.legal_actions(0)[0]
    state.apply(move0, 0)
    assert state.to_move == (1,)
    assert str(move0) not in json.dumps(state.view(1))
    assert str(move0) not in json.dumps(state.view(None))
    assert str(move0) in json.dumps(state.view(0))
    assert (0, str(move0)) not in state.visible_history(1)
    assert (0, str(move0)) in state.visible_history(0)
    assert state.covered[0] == state.clone().covered[0]
    sample = state.determinize(1, __import__("random").Random(1))
    assert sample.to_move == (0, 1) and (0, str(move0)) not in sample.history
    state.apply(state.legal_actions(1)[0], 1)
    assert state.current_card != card or state.is_over
    assert (0, str(move0)) in state.visible_history(1)


def test_view_never_shows_the_deck_order():
    state = GAME.new_state(seed=5)
    view = state.view(0)
    assert view["unrevealed"] == sorted(view["unrevealed"], key=catalogue().piece_order.__getitem__)
    assert "deck" not in view


def test_full_game_of_each_variant_reaches_an_end():
    import random

    for variant in ("standard", "city_sprint", "city_expansion"):
        state = GAME.new_state(seed=4, variant=variant)
        chooser = random.Random(4)
        while not state.is_over:
            seat = chooser.choice(state.to_move)
            state.apply(chooser.choice(state.legal_actions(seat)), seat)
        assert state.result().winners
        assert sum(state.scores()) == pytest.approx(1.0)


def test_errors_in_spanish():
    state = GAME.new_state(seed=0, first_chooser=0)
    with pytest.raises(NotationError) as caught:
        GAME.parse_action("Z4 r2 e5", state)
    assert caught.value.text("es").endswith("Z4 r2 es la misma orientación que r0; escribe Z4 r0")
    assert str(caught.value).endswith("Z4 r2 is the same orientation as r0; write Z4 r0")
    state.apply("start modern r0 d4")
    with pytest.raises(IllegalAction) as caught:
        state.apply("start modern r0 d4")
    assert "el otro jugador ya ha elegido esa ficha de inicio" in caught.value.text("es")
    with pytest.raises(ludoteca.OptionError) as caught:
        GAME.new_state(seed=0, excluded_starters=["modern", "medieval", "egyptian"])
    assert "deben quedar al menos 2 fichas de inicio" in caught.value.text("es")


def test_every_illegal_reason_has_a_spanish_text():
    import random

    chooser = random.Random(2)
    checked = set()
    for seed in range(6):
        state = GAME.new_state(seed=seed, variant=("standard", "city_expansion", "city_sprint")[seed % 3])
        seen = []
        while not state.is_over:
            seat = chooser.choice(state.to_move)
            legal = state.legal_actions(seat)
            for action in seen[-30:]:
                if action not in legal:
                    code, _ = state._illegal_reason(action, seat)
                    checked.add(code)
                    spanish = state.explain_illegal(action, seat, "es")
                    assert spanish != state.explain_illegal(action, seat, "en")
            seen.extend(chooser.sample(legal, min(3, len(legal))))
            state.apply(chooser.choice(legal), seat)
    assert {"not_the_card", "covered", "starter_taken"} <= checked


def test_evaluation_prefers_the_city_with_room_for_the_shapes_to_come():
    geometry = catalogue().geometry
    modern = geometry.mask(square(s) for s in ("d4", "e4", "d5", "e5", "d6", "e6"))
    state = position([grid_from_picture(W4_GRID), modern], "I1")
    assert state.evaluation(0) < 0 < state.evaluation(1)
    assert state.evaluation(0) == pytest.approx(-state.evaluation(1))
