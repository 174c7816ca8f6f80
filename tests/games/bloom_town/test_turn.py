"""The turn (spec §4) and the end (§8.3): worked examples W6-W11 and the bonus-step rules."""

import pytest

from ludoteca import IllegalAction
from ludoteca.games.bloom_town.components import HOME, PARK, SQUARE_INDEX, TYPE_INDEX

from .helpers import bare_state, community, texts, tile, town


def place(state, seat: int, **squares: str) -> None:
    for square, word in squares.items():
        state.towns[seat][SQUARE_INDEX[square]] = tile(word)


# ---- W6: bonus step, blooming square, double -----------------------------------------------------


def w6_state():
    state = bare_state(2, "A")
    state.community[HOME] = 1
    state.community[PARK] = 2
    state.scored[PARK] = True
    state.hands[0] = [tile("H"), tile("O")]
    state.market = [tile("O"), tile("O"), tile("O"), tile("pets"), tile("O")]
    place(state, 0, c2="O", b3="P", d3="S")
    return state


def test_w6_bonus_step_offers_bloom_and_token_actions_in_canonical_order():
    state = w6_state()
    state.apply("build home c3")
    assert state.points[0] == 4
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("pets")])
    assert state.market[3] == -1
    assert texts(state.legal_actions()) == [
        "bloom double", "bloom extra", "token double", "token extra", "token rescore home", "pass",
    ]
    state.apply("bloom double")
    assert state.points[0] == 8
    assert texts(state.legal_actions()) == ["token extra", "token rescore home", "pass"]
    with pytest.raises(IllegalAction, match="double already used this turn"):
        state.apply("token double")
    with pytest.raises(IllegalAction, match="parks have already been community-scored"):
        state.apply("token rescore park")
    state.apply("pass")
    assert state.market[3] == tile("O")  # refilled from stack 4
    assert state.to_move == (1,)
    assert state.tokens[0] is True


def test_bonus_step_is_skipped_when_no_bonus_action_is_legal():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.hands[0] = [tile("O"), tile("O")]
    state.market = [tile("P")] * 5
    state.apply("build office a1")  # tulip, not blooming
    assert state.to_move == (1,)
    assert state.phase == "build"


# ---- W7: extra turn and the market -----------------------------------------------------------------


def test_w7_extra_build_takes_face_down_and_refills_only_at_the_end():
    state = bare_state(2, "A")
    state.market = [tile("P"), tile("O"), tile("H"), tile("pets"), tile("S")]
    filler = [tile("S")] * 5
    state.stacks[0] = filler + [tile("O"), community("park"), tile("H")]  # top last
    state.hands[0] = [tile("O"), tile("P")]

    state.apply("build park b4")
    assert state.points[0] == 1
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("P")])
    assert state.market[0] == -1
    assert texts(state.legal_actions()) == [
        "bloom double", "bloom extra", "token double", "token extra", "pass",
    ]
    state.apply("bloom extra")
    assert texts(state.legal_actions()) == ["token double", "pass"]
    state.apply("pass")
    assert state.to_move == (0,) and state.phase == "build"
    assert state.market[0] == -1, "no refill before the extra build"

    state.apply("build office c2")
    assert state.points[0] == 2
    assert sorted(state.hands[0]) == sorted([tile("P"), tile("H")])
    assert state.known[0] == [tile("P")], "the face-down home is private"
    assert texts(state.legal_actions()) == ["token double", "pass"]
    state.apply("pass")

    assert state.community[PARK] == 1 and not state.scored[PARK]
    assert state.market[0] == tile("O")
    assert state.stacks[0] == filler
    assert state.to_move == (1,)
    assert state.points == [2, 0]


def test_extra_build_on_a_blooming_square_cannot_give_another_extra():
    state = bare_state(2, "A")
    state.market = [tile("O")] * 5
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office b2")  # lily, blooming
    state.apply("token extra")
    assert texts(state.legal_actions()) == ["bloom double", "pass"]
    state.apply("pass")
    state.apply("build office d2")  # rose, blooming
    assert texts(state.legal_actions()) == ["bloom double", "pass"]
    state.apply("bloom double")
    assert state.to_move == (1,)
    assert state.points[0] == 1 + 1 + 1


def test_unused_blooming_bonus_is_lost_on_pass():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.market = [tile("O")] * 5
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office b2")
    assert texts(state.legal_actions()) == ["bloom double", "bloom extra", "pass"]
    state.apply("pass")
    assert state.to_move == (1,)


# ---- W8: bonus-token rescoring and the ignored second tile -----------------------------------------


def test_w8_token_rescore_scores_every_player_and_the_second_tile_is_ignored():
    state = bare_state(2, "A")
    state.community[HOME] = 1
    place(state, 0, a1="H", b1="O", a2="P")
    place(state, 1, b2="H", b1="H", a2="cafe", c2="S", b3="O")
    state.hands[0] = [tile("O"), tile("O")]
    state.hands[1] = [tile("O"), tile("O")]
    state.market = [tile("O")] * 5
    state.stacks[1].append(community("home"))  # revealed by the refill of space 2

    state.apply("build office e5")  # rose = space 2
    assert texts(state.legal_actions()) == [
        "token double", "token extra", "token rescore home", "pass",
    ]
    state.apply("token rescore home")
    assert state.parts[0][2] == 3 and state.parts[1][2] == 7
    assert state.points == [1 + 3, 7]
    assert state.scored[HOME]
    assert state.community[HOME] == 2, "second home tile revealed in the refill"
    assert state.points == [4, 7], "and nothing scored"

    assert state.to_move == (1,)
    state.apply("build office e4")  # sunflower, not blooming
    assert texts(state.legal_actions()) == ["token double", "token extra", "pass"]
    with pytest.raises(IllegalAction, match="homes have already been community-scored"):
        state.apply("token rescore home")


def test_token_rescore_needs_exactly_one_community_tile():
    state = bare_state(2, "A")
    state.hands[0] = [tile("O"), tile("O")]
    state.market = [tile("O")] * 5
    state.apply("build office a1")
    with pytest.raises(IllegalAction, match="exactly one office community tile"):
        state.apply("token rescore office")


def test_second_community_tile_from_a_stack_scores_everyone():
    state = bare_state(3, "A")
    state.tokens = [False] * 3
    state.community[TYPE_INDEX["subway"]] = 1
    place(state, 1, a1="S", e5="S")
    place(state, 2, c3="S")
    state.hands[0] = [tile("O"), tile("O")]
    state.market = [tile("O")] * 5
    state.stacks[0].append(community("subway"))
    state.apply("build office a1")
    assert state.parts[0][2] == 0 and state.parts[1][2] == 4 and state.parts[2][2] == 2


# ---- W9: build action counts -----------------------------------------------------------------------


@pytest.mark.parametrize("hand,first,count", [
    (("O", "O"), "build office c1", 23),
    (("O", "H"), "build office c1", 46),
    (("bakery", "pets"), "build shop:bakery c1", 46),
])
def test_w9_build_actions(hand, first, count):
    state = bare_state(2, "A")
    place(state, 0, a1="P", b1="P")
    state.hands[0] = [tile(w) for w in reversed(hand)]
    legal = texts(state.legal_actions())
    assert len(legal) == count
    assert legal[0] == first
    assert legal[22] == first.rsplit(" ", 1)[0] + " e5"
    assert len(set(legal)) == count


# ---- W10: taking from any market tile --------------------------------------------------------------


def test_w10_take_any_tile_when_space_and_stack_are_empty():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.market = [tile("P"), -1, -1, tile("H"), -1]
    state.stacks[1] = []
    state.stacks[2] = []
    state.stacks[4] = []
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office c1")  # daisy = space 3
    assert texts(state.legal_actions()) == ["take 1", "take 4"]
    with pytest.raises(IllegalAction, match="market space 2 is empty"):
        state.apply("take 2")
    state.apply("take 4")
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("H")])
    assert state.known[0] == [tile("H")]
    assert state.market == [tile("P"), -1, -1, tile("O"), -1]
    assert state.to_move == (1,)


def test_w10_single_market_tile_is_taken_automatically():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.market = [-1, -1, -1, tile("H"), -1]
    for space in (0, 1, 2, 4):
        state.stacks[space] = []
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office c1")
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("H")])


def test_nothing_to_take_shrinks_the_hand():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.stacks = [[] for _ in range(5)]
    state.triggered = True
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office c1")
    assert state.hands[0] == [tile("O")]


# ---- W11: end trigger, final round, tie-break -------------------------------------------------------

SEAT0 = """
     a      b      c   d   e
1    P      books  P   .   P
2    .      O      .   .   books
3    .      .      .   .   .
4    .      .      .   .   .
5    .      .      .   .   .
"""


def test_w11_end_trigger_final_round_keep_and_tie_break():
    state = bare_state(3, "A")
    state.tokens = [False] * 3
    state.turn = 1  # turn-order position 2 (seat 1) is to move
    state.stacks = [[], [tile("S")], [tile("S")] * 4, [tile("S")] * 3, [tile("S")] * 2]
    state.market = [tile("P"), tile("O"), tile("S"), tile("H"), tile("S")]
    state.towns[0] = town(SEAT0)
    place(state, 1, a5="O", b5="O", c5="O", d5="O")
    place(state, 2, a5="H")
    state.hands = [[tile("P"), tile("books")], [tile("O"), tile("H")], [tile("H"), tile("S")]]
    state.points = [35, 30, 39]

    state.apply("build home a3", 1)  # rose = space 2
    assert state.triggered
    assert state.stacks[1] == [] and state.market[1] == tile("S")
    assert state.to_move == (2,)
    state.apply("build subway d1", 2)  # sunflower = space 4
    assert state.hands[2] == [tile("H"), tile("H")]

    assert state.phase == "keep" and state.to_move == (0,), "position 1 does not play again"
    assert texts(state.legal_actions()) == ["keep park", "keep shop"]
    state.apply("keep park")
    assert state.is_over
    assert state.kept == [PARK, TYPE_INDEX["office"], HOME]
    assert state.points == [41, 39, 41]
    result = state.result()
    assert result.winners == [2]
    assert result.ranking == [2, 3, 1]
    assert result.tiebreak == "later in turn order"


def test_w11_keep_shop_would_score_the_shops():
    state = bare_state(2, "A")
    state.towns[0] = town(SEAT0)
    state.hands[0] = [tile("P"), tile("books")]
    state.hands[1] = []
    state.triggered = True
    state.turn = 1
    state._end_turn()
    assert state.to_move == (0,)
    state.apply("keep shop")
    assert state.parts[0][3] == 5
    assert state.kept == [TYPE_INDEX["shop"], -1]


@pytest.mark.parametrize("players,exhausted", [(2, 3), (3, 2), (4, 2)])
def test_end_trigger_by_player_count(players, exhausted):
    state = bare_state(players, "A")
    for space in range(exhausted - 1):
        state.stacks[space] = []
    state.stacks[exhausted - 1] = [tile("O")]
    state._draw(exhausted - 1)
    assert state.triggered
    state = bare_state(players, "A")
    for space in range(exhausted - 1):
        state.stacks[space] = []
    state._check_trigger()
    assert not state.triggered


def test_trigger_during_the_last_position_ends_the_game_after_that_turn():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.turn = 1
    state.stacks = [[], [], [tile("O")], [tile("O")], [tile("O")]]
    state.market = [tile("O"), tile("O"), -1, tile("O"), tile("O")]
    state.hands = [[tile("O"), tile("H")], [tile("O"), tile("O")]]
    state.apply("build office c1", 1)  # daisy: space 3 empty -> face-down take empties stack 3
    assert state.triggered
    assert state.phase == "keep" and state.to_move == (0,)
    state.apply("keep home")
    assert state.is_over


def test_illegal_actions_name_the_reason():
    state = bare_state(2, "A")
    state.hands[0] = [tile("O"), tile("O")]
    place(state, 0, c2="P")
    with pytest.raises(IllegalAction, match="no home in your hand"):
        state.apply("build home a1")
    with pytest.raises(IllegalAction, match="square c2 is occupied"):
        state.apply("build office c2")
    with pytest.raises(IllegalAction, match="it is the build step"):
        state.apply("pass")
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply("build office a1", 1)
