"""Edge cases of spec §4 and §9 not covered by the worked examples: face-down takes meeting
community tiles, stacks running out, empty hands, doubles worth 0, the final keep."""

from ludoteca.games.bloom_town.components import HOME, OFFICE, PARK, SHOP, SQUARE_INDEX, TYPE_INDEX

from .helpers import GAME, bare_state, community, texts, tile


def place(state, seat: int, **squares: str) -> None:
    for square, word in squares.items():
        state.towns[seat][SQUARE_INDEX[square]] = tile(word)


def test_face_down_take_resolves_a_community_tile_and_keeps_drawing_from_that_stack():
    """§4.3-2, §9.11: the second park tile met while taking scores parks for everyone."""
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.community[PARK] = 1
    place(state, 0, e5="P")
    place(state, 1, a1="P", b1="P")
    state.market = [-1, tile("O"), tile("O"), tile("O"), tile("O")]
    state.stacks[0] = [tile("S")] * 3 + [tile("H"), community("park")]  # top last
    state.apply("build office a1")  # tulip = space 1, which is empty
    assert state.community[PARK] == 2 and state.scored[PARK]
    assert [parts[2] for parts in state.parts] == [2, 4]
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("H")])
    assert state.known[0] == [], "a tile taken face down is private"
    assert state.view(1)["hands"][0] == {"size": 2, "tiles": [], "unknown": 2}
    assert state.market[0] == tile("S"), "the refill goes on with the same stack"
    assert state.stacks[0] == [tile("S")] * 2


def test_stack_running_out_of_building_tiles_during_a_face_down_take_allows_any_market_tile():
    """§4.3-3: the matching stack held only a community tile; the player chooses a market tile."""
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.market = [-1, tile("P"), tile("H"), -1, -1]
    state.stacks[0] = [community("office")]
    state.apply("build office a1")
    assert state.community[OFFICE] == 1 and not state.scored[OFFICE]
    assert state.stacks[0] == []
    assert texts(state.legal_actions()) == ["take 2", "take 3"]
    state.apply("take 3")
    assert sorted(state.hands[0]) == sorted([tile("O"), tile("H")])
    assert state.market == [-1, tile("P"), tile("O"), tile("O"), tile("O")], "spaces 3-5 refilled"


def test_double_of_a_park_worth_zero_is_offered_and_gives_zero():
    """§4.4: double gives exactly P more, even if P is 0; it still uses the turn's double."""
    state = bare_state(2, "A")
    state.market = [tile("O")] * 5
    state.hands[0] = [tile("P"), tile("O")]
    place(state, 0, b1="P", a2="P", c2="P")
    state.apply("build park b2")  # lily, blooming: group of 4 -> 0 points
    assert state.last_points == 0 and state.points[0] == 0
    assert texts(state.legal_actions())[:2] == ["bloom double", "bloom extra"]
    state.apply("bloom double")
    assert state.points[0] == 0 and state.double_used
    assert texts(state.legal_actions()) == ["token extra", "pass"]


def test_token_double_in_the_extra_build_doubles_the_second_tile():
    """§4.7: the second build has its own bonus step; a double there doubles its own P."""
    state = bare_state(2, "A")
    state.market = [tile("O")] * 5
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office b2")  # lily, blooming: P = 1
    state.apply("bloom extra")
    assert texts(state.legal_actions()) == ["token double", "pass"]
    state.apply("pass")
    state.apply("build office c2")  # tulip; run with b2: P = 2
    assert texts(state.legal_actions()) == ["token double", "pass"]
    state.apply("token double")
    assert state.points[0] == 1 + 2 + 2
    assert state.parts[0][1] == 2
    assert state.to_move == (1,) and not state.tokens[0]


def test_extra_build_with_an_empty_hand_is_skipped_and_the_refill_ends_the_turn():
    """§4.7 and §9.13: nothing could be taken, so the hand is empty when the extra build is due."""
    state = bare_state(2, "A", filler=0)
    state.triggered = True
    state.hands[0] = [tile("O")]
    state.apply("build office b2")  # lily, blooming; market and stacks empty: nothing taken
    assert state.hands[0] == []
    state.apply("bloom extra")
    state.apply("pass")
    assert state.to_move == (1,) and state.phase == "build"
    assert state.turn == 1


def test_turn_with_an_empty_hand_is_skipped_but_counts():
    """§4.1 and §9.14: the last position's turn is skipped and the game ends after it."""
    state = bare_state(3, "A")
    state.tokens = [False] * 3
    state.triggered = True
    state.market = [tile("O")] * 5
    state.hands[2] = []
    state.apply("build office a1", 0)
    state.apply("build office a1", 1)
    assert state.phase == "over", "position 3 skipped; every hand holds a single type"
    assert state.towns[2] == [-1] * 25


def test_end_triggered_before_the_first_turn_plays_exactly_one_round():
    """§9.18: a trigger during setup; every position plays once."""
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.triggered = True
    state.market = [tile("O")] * 5
    state.apply("build office a1", 0)
    assert state.to_move == (1,)
    state.apply("build office a1", 1)
    assert state.is_over


def test_several_community_tiles_in_one_refill_are_resolved_in_reveal_order():
    """§4.6, §9.23: the refill of spaces 1 and 3 meets the second shop and the second home."""
    state = bare_state(2, "A")
    state.community[SHOP] = state.community[HOME] = 1
    place(state, 1, a1="H", b1="bakery")  # home 1 + {shop} = 2; bakery 1 + {home} = 2
    state.market = [tile("P"), tile("O"), tile("S"), tile("O"), tile("O")]
    state.stacks[0] = [tile("S"), tile("H"), community("shop")]
    state.stacks[2] = [tile("S"), tile("O"), community("home")]
    state.hands[0] = [tile("O"), tile("O")]
    state.apply("build office b4")  # tulip, blooming: takes the park of space 1
    state.apply("bloom extra")
    state.apply("pass")
    state.apply("build office c1")  # daisy: takes the subway of space 3
    assert sorted(state.hands[0]) == sorted([tile("P"), tile("S")])
    state.apply("pass")
    assert state.scored[SHOP] and state.scored[HOME]
    assert state.parts[1][2] == 2 + 2
    assert state.market[0] == tile("H") and state.market[2] == tile("O")
    assert state.to_move == (1,)


def test_final_keep_is_automatic_for_one_type_and_nothing_for_an_empty_hand():
    """§4.9, §9.21, §9.24: one tile, or two shops of different kinds, need no decision."""
    state = bare_state(3, "A")
    place(state, 0, a1="O", b1="O")
    place(state, 1, a1="bakery", b1="O", c3="pets")
    state.hands = [[tile("O")], [tile("bakery"), tile("pets")], []]
    state.triggered = True
    state.turn = 2
    state._end_turn()
    assert state.is_over
    assert state.kept == [OFFICE, TYPE_INDEX["shop"], -1]
    assert [parts[3] for parts in state.parts] == [4, 2 + 1, 0]


def test_every_tied_group_is_ranked_later_turn_order_first():
    """§8.3: no draws; ties below the winner are broken the same way."""
    state = bare_state(4, "A")
    state.order = [2, 3, 0, 1]
    state.points = [10, 10, 7, 7]  # seats 0, 1 tie; seats 2, 3 tie
    result = state.result()
    assert result.winners == [1]
    assert result.ranking == [2, 1, 4, 3]
    assert result.tiebreak == "later in turn order"


def test_default_board_side_is_a_for_every_town():
    """§3 step 2, §10: side A unless the option says otherwise."""
    assert GAME.new_state(2, seed=1).side == "A"
    assert GAME.new_state(2, seed=1, board_side="B").view(None)["side"] == "B"
