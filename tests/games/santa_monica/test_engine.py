"""Notation, setup randomness, options, hidden information and replays of Santa Monica."""

from __future__ import annotations

import json
import random
import re

import pytest

from ludoteca import IllegalAction, NotationError, OptionError
from ludoteca.games.santa_monica.notation import ACTION_SPACE_SIZE

from .helpers import CONTENT, GAME, build_city, card, legal, new_game, set_display


@pytest.mark.parametrize("text,canonical", [
    ("take f2 b-1", "take F2 B-1"),
    ("  TAKE   F2   B-1 ", "take F2 B-1"),
    ("swap B3 B-1", "swap B-1 B3"),
    ("tile garden", "tile GARDEN"),
    ("sd two", "sd TWO"),
    ("pick r2 s-1", "pick R2 S-1"),
    ("mv v s0 s1", "mv V S0 S1"),
    ("HAPPY Mix", "happy mix"),
    ("Pass", "pass"),
])
def test_parse_canonical(text, canonical):
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize("text,message", [
    ("take F5 B1", "display column must be 1–4"),
    ("take R2 B1", "`take` only uses the front row"),
    ("take F2 B+1", "bad space `B+1`: use B or S followed by a column"),
    ("take F2 X1", "bad space `X1`: row must be B (beach) or S (street)"),
    ("take F2 B-0", "bad space `B-0`"),
    ("mv X S0 S1", "kind must be L, T or V"),
    ("step", "`step` needs 1 argument (the destination space)"),
    ("happy double", "happy-day choice must be sd, mix or move"),
    ("swap B1 S2", "a swap needs two spaces in the same row"),
    ("jump B1", "unknown action `jump`"),
    ("sd NOPE", "unknown sand dollar face"),
])
def test_parse_errors(text, message):
    with pytest.raises(NotationError, match=re.escape(message)):
        GAME.parse_action(text)


def test_not_legal_now_reasons():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "SURF", {}, sand=2)
    set_display(state, ["B19", "S07", None, "S01"], ["B04", "S04", "B05", "S06"])
    for text, reason in (("take F3 B1", "F3 is empty"), ("take F1 B4", "B4 does not touch your city"),
                         ("sd TWO", "you have 2 sand dollars, TWO costs 4"), ("take F1 S1", "goes in row B")):
        with pytest.raises(IllegalAction, match=reason):
            state.apply(text)


def test_setup_follows_the_reference_procedure():
    for players, seed in ((2, 11), (4, 3)):
        state = GAME.new_state(players, seed=seed)
        rng = random.Random(seed)
        objective = rng.choice(["blue", "green", "orange"])
        tiles = rng.sample([1, 2, 3, 4], 2)
        codes = [f["code"] for f in CONTENT.faces]
        faces = [rng.choice([codes[2 * t - 2], codes[2 * t - 1]]) for t in tiles]
        drawn = rng.sample([t["id"] for t in CONTENT.tiles], players)
        deck = [c["id"] for c in CONTENT.cards]
        rng.shuffle(deck)
        view = state.view(None)
        assert view["objective"] == objective and view["faces"] == faces and view["drawn_tiles"] == drawn
        assert view["front"] == deck[:4] and view["back"] == deck[4:8] and view["deck_size"] == 70
        assert state.deck == [card(c) for c in deck[8:]]


def test_random_starting_tiles_deal_drawn_tile_k_to_seat_k():
    state = GAME.new_state(3, seed=4, starting_tiles="random")
    assert state.tiles == state.drawn and state.phase == "place_truck" and state.to_move == (2,)


def test_options_are_checked():
    with pytest.raises(OptionError, match="two faces of one tile"):
        GAME.new_state(2, sand_dollar_faces=["TWO", "COL"])
    with pytest.raises(OptionError, match="unknown sand dollar face"):
        GAME.new_state(2, sand_dollar_faces=["TWO", "XYZ"])
    with pytest.raises(OptionError):
        GAME.new_state(2, sand_dollar_faces="TWO")
    with pytest.raises(OptionError):
        GAME.new_state(2, end_cards=0)
    assert GAME.parse_options(["sand_dollar_faces=two,swap"]) == {"sand_dollar_faces": ["TWO", "SWAP"]}


def test_views_hide_the_deck_and_determinize_reshuffles_it():
    state = GAME.new_state(3, seed=8)
    assert state.view(0)["deck_size"] == len(state.deck)
    hidden = [CONTENT.cards[c]["id"] for c in state.deck]
    shown = set(json.dumps(state.view(1)).replace('"', " ").replace(",", " ").split())
    assert not set(hidden) & shown
    other = state.determinize(0, random.Random(1))
    assert other.view(0) == state.view(0)
    assert sorted(other.deck) == sorted(state.deck) and other.deck != state.deck


def test_record_with_forced_actions_replays_exactly():
    state = GAME.new_state(3, seed=2)
    chooser = random.Random(3)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    assert len(state.log) > len(state.history)  # the last starting tile at least was forced
    replayed = GAME.replay(json.loads(json.dumps(GAME.record(state))))
    assert replayed.to_json() == state.to_json()
    assert replayed.visible_history(None) == state.log


def test_action_ids_are_a_bijection_on_legal_actions():
    state = new_game(faces=("COL", "SWAP"))
    build_city(state, 0, "POST", {"B1": "B08", "B2": "B03", "S1": "S08"}, {"B2": "2T", "S0": "1V"}, sand=5)
    ids = set()
    for action in state.legal_actions():
        i = GAME.action_id(action)
        assert 0 <= i < ACTION_SPACE_SIZE and GAME.action_from_id(i, state) == action
        ids.add(i)
    assert len(ids) == len(state.legal_actions())
    assert legal(state)[0].startswith("sd ")


def test_clone_copies_every_field_and_shares_nothing_mutable():
    """`clone` is written field by field for speed: it must equal the original everywhere, and
    playing the clone to the end must leave the original untouched."""
    chooser = random.Random(5)
    for seed in range(3):
        state = GAME.new_state(2 + seed, seed=seed)
        while not state.is_over:
            before = state.to_json()
            copy = state.clone()
            assert copy.to_json() == before
            while not copy.is_over:
                copy.apply(chooser.choice(copy.legal_actions()))
            assert state.to_json() == before
            state.apply(chooser.choice(state.legal_actions()))
