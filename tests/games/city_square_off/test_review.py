"""Independent review of City Square Off against its spec: one test per rule the worked examples
leave untested (setup order, simultaneity, every end condition, hidden information, notation)."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca import IllegalAction, NotationError
from ludoteca.games.city_square_off.components import catalogue
from ludoteca.games.city_square_off.notation import STARTER_IDS, TILE_IDS, Place

from .test_worked_examples import W4_GRID, grid_from_open, grid_from_picture, position

GAME = ludoteca.load("city-square-off")


def started(seed: int = 0, **options):
    """A game past both starters (modern for seat 0, medieval for seat 1), first card revealed."""
    state = GAME.new_state(seed=seed, first_chooser=0, **options)
    state.apply("start modern r0 d4")
    state.apply("start medieval r0 d4")
    return state


# ---- §5 notation: every action the action space can name is accepted or refused, never a crash ----


def test_a_non_canonical_orientation_from_an_action_id_is_refused_with_a_reason():
    state = started()
    assert state.current_card == "I5"
    action = GAME.action_from_id(GAME.action_id(Place("I5", "r2", 2, 0)))
    assert action == Place("I5", "r2", 2, 0)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="I5 r2 is the same orientation as r0"):
        state.apply(action, 0)
    assert "misma orientación" in state.explain_illegal(action, 0, "es")
    assert state.to_json() == before
    fresh = GAME.new_state(seed=0, first_chooser=0)
    with pytest.raises(IllegalAction, match="modern r2 is the same orientation as r0"):
        fresh.apply(Place("modern", "r2", 3, 3))


# ---- §7 randomness: the reference procedure, call by call ------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_a_seed_draws_first_chooser_dealt_starters_and_deck_in_the_spec_order(seed):
    rng = random.Random(seed)
    first = rng.randrange(2)
    deck = list(TILE_IDS)
    rng.shuffle(deck)
    state = GAME.new_state(seed=seed)
    assert (state.first, state.deck, state.dealt) == (first, deck, [None, None])

    rng = random.Random(seed)
    first = rng.randrange(2)
    dealt = rng.sample([s for s in STARTER_IDS if s != "medieval"], 2)
    deck = list(TILE_IDS)
    rng.shuffle(deck)
    state = GAME.new_state(seed=seed, starter_choice="random", excluded_starters=["medieval"])
    assert (state.first, state.dealt[state.first], state.dealt[1 - state.first]) == (first, *dealt)
    assert state.deck == deck

    rng = random.Random(seed)  # a fixed first chooser skips its call; City Sprint shuffles no deck
    dealt = rng.sample(list(STARTER_IDS), 2)
    state = GAME.new_state(seed=seed, first_chooser=1, starter_choice="random", variant="city_sprint")
    assert (state.first, state.dealt, state.deck) == (1, [dealt[1], dealt[0]], [])
    state.apply(f"start {dealt[0]} r0 d4" if dealt[0] != "egyptian" else "start egyptian r0 d3")
    assert state.to_move == (0,)


def test_the_first_card_revealed_is_the_top_of_the_shuffled_deck():
    deck = list(GAME.new_state(seed=5, first_chooser=0).deck)
    state = started(seed=5)
    assert state.revealed == [deck[0]] and state.deck == deck[1:]


# ---- §3 setup: starter choice and placement ---------------------------------------------------------


def test_nothing_but_a_starter_before_both_starters_are_placed():
    state = GAME.new_state(seed=0, first_chooser=1)
    assert state.to_move == (1,) and state.current_card is None
    with pytest.raises(IllegalAction, match="place your starter first"):
        state.apply("X5 r0 d1", 1)
    state.apply("start futuristic r0 c4", 1)
    assert state.to_move == (0,) and state.current_card is None
    state.apply("start egyptian r0 d3", 0)
    assert state.to_move == (0, 1) and state.current_card is not None
    with pytest.raises(IllegalAction, match="starters are already placed"):
        state.apply("start modern r0 d4", 0)


def test_starter_placement_rule_reasons():
    state = GAME.new_state(seed=0, first_chooser=0)
    with pytest.raises(IllegalAction, match="must cover e5 and at least 5 logo squares"):
        state.apply("start modern r0 a1")
    with pytest.raises(IllegalAction, match="must cover e5"):
        state.apply("start modern r1 c4")  # covers c4 d4 e4 c5 d5 e5: e5 but only 4 logo squares
    with pytest.raises(IllegalAction, match="completely on the grid"):
        GAME.new_state(seed=0, first_chooser=0, starter_anywhere=True,
                       variant="city_expansion").apply("start modern r0 [0,1]")


def test_starter_anywhere_lets_a_starter_go_in_a_corner_but_still_wholly_on_the_grid():
    state = GAME.new_state(seed=0, first_chooser=0, starter_anywhere=True)
    state.apply("start modern r0 h7")
    assert state.to_move == (1,)
    assert "start modern r0 h7" not in {str(a) for a in state.legal_actions(1)}, "modern is taken"
    assert "start egyptian r0 a1" in {str(a) for a in state.legal_actions(1)}


def test_excluded_starters_are_never_legal_when_picking():
    state = GAME.new_state(seed=0, first_chooser=0, excluded_starters=["modern", "futuristic"])
    assert {a.piece for a in state.legal_actions()} == {"egyptian", "medieval"}
    with pytest.raises(IllegalAction, match="excluded in this game"):
        state.apply("start modern r0 d4")
    state.apply("start medieval r0 d4")
    assert {a.piece for a in state.legal_actions(1)} == {"egyptian"}


def test_random_starters_each_seat_must_place_the_one_dealt():
    state = GAME.new_state(seed=3, first_chooser=0, starter_choice="random")
    mine, theirs = state.dealt
    other = next(s for s in STARTER_IDS if s not in state.dealt)
    legal = state.legal_actions(0)
    with pytest.raises(IllegalAction, match=f"you were dealt the {mine} starter"):
        state.apply(f"start {other} r0 d4")
    state.apply(legal[0])
    assert {a.piece for a in state.legal_actions(1)} == {theirs}


# ---- §4.1 and §8.3 rule 1: placement legality, against a direct reading of the rules -----------------


def reference_placements(state, seat: int, pieces: list[str]) -> list[str]:
    """Every legal placement straight from the spec, square by square, in canonical order (§5.4)."""
    expansion = state.variant == "city_expansion"
    covered = set()
    for piece, orient, row, col in state.placed[seat]:
        covered |= set(catalogue().squares_of(Place(piece, orient, row, col)))
    found = []
    for piece in pieces:
        for token, cells in catalogue().pieces[piece].orientations.items():
            first_row, first_col = cells[0]
            for row in range(-5, 14):
                for col in range(-5, 14):
                    squares = [(row + r - first_row, col + c - first_col) for r, c in cells]
                    on_grid = [0 <= r < 9 and 0 <= c < 9 for r, c in squares]
                    if not (any(on_grid) if expansion else all(on_grid)):
                        continue
                    if covered & set(squares):
                        continue
                    if not any((r + dr, c + dc) in covered for r, c in squares
                               for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                        continue
                    found.append(str(Place(piece, token, row, col)))
    return found


@pytest.mark.parametrize("variant,seed", [("standard", 1), ("standard", 2), ("city_expansion", 1),
                                          ("city_expansion", 2), ("city_sprint", 1)])
def test_legal_placements_match_the_rules_read_square_by_square(variant, seed):
    state = GAME.new_state(seed=seed, variant=variant)
    chooser = random.Random(seed)
    rounds = 0
    while not state.is_over and rounds < (3 if variant == "city_sprint" else 25):
        if not state.in_starter_phase:
            rounds += 1
            for seat in state.to_move:
                legal = state.legal_actions(seat)
                expected = reference_placements(state, seat, state._playable_pieces(seat))
                assert [str(a) for a in legal] == expected
                if variant != "city_sprint":
                    card = state.current_card
                    every = [a for a in catalogue().footprints if a.piece == card]
                    assert {a for a in every if state.is_legal(a, seat)} == set(legal)
        seat = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(seat)), seat)


def test_expansion_overhang_gives_side_contact_and_blocks_later_tiles():
    """§9.10: an overhanging square is real. Above a1 ([0,1]) it makes a1 touch the city."""
    grid = grid_from_picture(W4_GRID)
    with_overhang = grid | catalogue().geometry.bit(-1, 0)
    state = position([grid, with_overhang], "I2", "city_expansion")
    assert "I2 r1 [0,1]" not in {str(a) for a in state.legal_actions(0)}, "touches nothing (W8)"
    assert "I2 r1 [0,1]" not in {str(a) for a in state.legal_actions(1)}, "[0,1] is covered"
    with pytest.raises(IllegalAction, match="already covered"):
        state.apply("I2 r1 [0,1]", 1)
    single = position([grid, with_overhang], "I1", "city_expansion")
    assert "I1 r0 a1" not in {str(a) for a in single.legal_actions(0)}
    assert "I1 r0 a1" in {str(a) for a in single.legal_actions(1)}, "a1 touches the overhang"
    standard = position([grid, with_overhang], "I1")
    assert "I1 r0 a1" not in {str(a) for a in standard.legal_actions(0)}


# ---- §4.2 a round: simultaneous, no pass, order of submission does not matter -------------------------


def test_there_is_no_pass_and_only_the_revealed_shape_may_be_placed():
    state = started()
    assert state.to_move == (0, 1)
    assert {a.piece for seat in (0, 1) for a in state.legal_actions(seat)} == {state.current_card}
    for text in ("pass", "I5 pass", ""):
        with pytest.raises(NotationError):
            state.apply(text, 0)


def _fields(state) -> dict:
    return {key: value for key, value in state.to_json().items() if key != "history"}


@pytest.mark.parametrize("variant", ["standard", "city_sprint", "city_expansion"])
def test_the_result_of_a_round_does_not_depend_on_the_order_of_submission(variant):
    state = started(seed=8, variant=variant)
    chooser = random.Random(8)
    while not state.is_over:
        moves = {seat: chooser.choice(state.legal_actions(seat)) for seat in state.to_move}
        forwards, backwards = state.clone(), state.clone()
        for seat in sorted(moves):
            forwards.apply(moves[seat], seat)
        for seat in sorted(moves, reverse=True):
            backwards.apply(moves[seat], seat)
        assert _fields(forwards) == _fields(backwards)
        state = forwards


def test_a_pending_placement_changes_nothing_the_other_seat_can_use():
    state = started(seed=2)
    move = state.legal_actions(0)[-1]
    before = {seat: (state.view(seat), [str(a) for a in state.legal_actions(1)], state.visible_history(seat),
                     state.render("en", player=seat)) for seat in (1, None)}
    state.apply(move, 0)
    for seat in (1, None):
        view, legal, history, picture = before[seat]
        after = state.view(seat)
        # only the public fact that seat 0 has submitted (it left to_move) differs
        assert after["to_move"] == [1] and after["players"][0]["submitted"]
        after["to_move"], after["players"][0]["submitted"] = view["to_move"], False
        assert after == view
        assert state.visible_history(seat) == history
        assert str(move) not in state.render("en", player=seat) and str(move) not in state.render("es")
    assert [str(a) for a in state.legal_actions(1)] == before[1][1]
    assert state.covered == started(seed=2).covered, "nothing is applied before both have submitted"
    assert state.view(0)["players"][0]["pending"] == str(move)
    assert str(move) in state.render("en", player=0)


def test_determinize_reshuffles_the_unseen_cards_and_withdraws_only_the_opponents_secret():
    state = started(seed=4)
    mine = state.legal_actions(1)[0]
    state.apply(mine, 1)
    sample = state.determinize(1, random.Random(0))
    assert sample.pending[1] == state.pending[1] and sample.to_move == (0,)
    assert sorted(sample.deck) == sorted(state.deck) and sample.revealed == state.revealed
    assert sample.covered == state.covered and sample.placed == state.placed
    assert sample.deck != state.deck, "the unrevealed order is re-sampled"
    other = state.determinize(0, random.Random(0))
    assert other.pending == [None, None] and other.to_move == (0, 1)
    assert other.history == state.history[:-1] and other.visible_history(0) == state.visible_history(0)
    assert state.pending[1] is not None, "the original keeps the placement"


def test_view_shows_public_card_information_but_never_the_deck_order():
    state = started(seed=6)
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["current_card"] == state.current_card and view["revealed"] == state.revealed
        assert view["deck_size"] == 20 and sorted(view["unrevealed"]) == sorted(state.deck)
        assert view["unrevealed"] == [t for t in TILE_IDS if t in state.deck]


# ---- §8.1 standard end: blocked at the reveal, both blocked, deck exhausted ---------------------------


def test_one_player_blocked_is_decided_at_the_reveal_and_named():
    a = grid_from_picture(W4_GRID)
    b = grid_from_open({"a1", "b1", "c1", "d1", "g5", "h9", "i9"})
    state = position([a, b], "I4")
    assert state.is_over and state.to_move == ()
    result = state.result()
    assert result.winners == [1] and result.ranking == [2, 1] and result.tiebreak == "opponent blocked"
    assert state.breakdown() == [{"open_regions": [4, 2, 1]}, {"open_regions": [4, 2, 1]}]


def test_deck_exhausted_falls_back_to_the_open_region_comparison():
    grids = [grid_from_open({"a1", "b1", "i9", "h9", "h8"}), grid_from_open({"a1", "b1", "c1", "i9"})]
    state = position(grids, "I1")
    state.deck = []  # custom data: the revealed I1 is the last card
    state.apply("I1 r0 b1", 0)  # open: a1 | h8 h9 i9 → [3, 1]
    state.apply("I1 r0 i9", 1)  # open: a1 b1 c1 → [3]
    assert state.is_over and state.result().winners == [0]
    assert state.result().tiebreak == "deck exhausted: open regions"
    assert state.breakdown() == [{"open_regions": [3, 1]}, {"open_regions": [3]}]


def test_both_blocked_names_the_open_region_rule():
    a_open = {f"{c}{r}" for c in "abc" for r in range(1, 5)} | {"d1"}
    b_open = {f"{c}{r}" for c in "ghi" for r in (7, 8)}
    state = position([grid_from_open(a_open), grid_from_open(b_open)], "I5")
    assert state.result().tiebreak == "both blocked: open regions" and state.scores() == [1.0, 0.0]


# ---- §8.3 City Expansion end conditions -------------------------------------------------------------


def test_expansion_a_player_who_cannot_place_ends_the_game_after_the_other_places():
    full = grid_from_open(set())
    state = position([full, grid_from_picture(W4_GRID)], "I4", "city_expansion")
    assert not state.is_over and state.to_move == (1,), "the player who can place still places"
    state.apply("I4 r0 [1,-1]", 1)
    assert state.is_over
    assert state.breakdown() == [{"overhang": 0}, {"overhang": 2}]
    assert state.result().winners == [0] and state.result().tiebreak == "fewer overhanging squares"


def test_expansion_nobody_can_place_ends_at_the_reveal_and_equal_overhang_is_a_draw():
    full = grid_from_open(set())
    state = position([full, full], "X5", "city_expansion")
    assert state.is_over and state.history == [] and state.scores() == [0.5, 0.5]
    assert state.result().tiebreak == "draw" and state.result().ranking == [1, 1]


def test_expansion_ends_after_the_round_of_the_last_card():
    grid = grid_from_picture(W4_GRID)
    state = position([grid, grid], "I1", "city_expansion")
    state.deck = ["I2"]
    state.apply("I1 r0 b1", 0)
    state.apply("I1 r0 c1", 1)
    assert not state.is_over and state.current_card == "I2" and state.deck == []
    state.apply("I2 r0 h9", 0)  # no overhang
    state.apply("I2 r0 i9", 1)  # one square overhangs
    assert state.is_over and state.result().winners == [0]


# ---- §8.4 reported scores -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant,key", [("standard", "open_regions"), ("city_sprint", "uncovered"),
                                         ("city_expansion", "overhang")])
def test_scores_are_zero_while_playing_and_the_breakdown_names_the_deciding_quantity(variant, key):
    state = started(variant=variant)
    assert state.scores() == [0.0, 0.0] and state.result().tiebreak is None
    value = {"standard": [75], "city_sprint": 75, "city_expansion": 0}[variant]
    assert state.breakdown() == [{key: value}, {key: value}]


def test_city_sprint_reveals_no_cards():
    state = started(variant="city_sprint")
    assert state.deck == [] and state.revealed == [] and state.current_card is None
    assert state.view(0)["current_card"] is None


# ---- §5.4 messages for well-formed but illegal actions, and §9.13 player count ------------------------


def test_illegal_placements_name_the_rule_they_break():
    state = started()  # card I5
    cases = {
        "I5 r0 f4": "goes over the edge of the grid",
        "I5 r0 d4": "already covered",
        "I5 r0 a1": "does not touch your city",
        "X5 r0 d1": "the revealed shape is I5, not X5",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalAction, match=reason):
            state.apply(text, 0)
    expansion = started(variant="city_expansion")
    with pytest.raises(IllegalAction, match="at least one square of the tile must lie on the grid"):
        expansion.apply("I5 r0 [0,1]", 0)
    assert "I5 r0 f4" in {str(a) for a in expansion.legal_actions(0)}, "overhang is allowed here"


def test_starter_id_is_echoed_as_written_when_it_is_not_a_starter():
    with pytest.raises(NotationError, match="'X5' is not a starter"):
        GAME.parse_action("start X5 r0 d1")


def test_exactly_two_players():
    for players in (1, 3):
        with pytest.raises(ludoteca.OptionError):
            GAME.new_state(players, seed=0)
