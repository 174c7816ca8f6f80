"""The view's `board` structure says what the position notation says, so renderers need no parser."""

import random

import ludoteca
from ludoteca.games.blue_lagoon.components import TOKEN_LETTERS
from ludoteca.games.blue_lagoon.position import parse_position

GAME = ludoteca.load("blue-lagoon")


def _cells(coords):
    return sorted(tuple(c) for c in coords)


def test_board_structure_matches_the_notation():
    state = GAME.new_state(3, seed=5)
    chooser = random.Random(2)
    for _ in range(12):
        state.apply(chooser.choice(state.legal_actions()))
    view = state.view(0)
    board, position = view["board"], parse_position(view["position"])
    assert board["height"] == position.height and len(board["rows"]) == position.height
    assert [(i["bonus"], _cells(i["tiles"])) for i in board["islands"]] == [
        (bonus, _cells(tiles)) for bonus, tiles in position.islands]
    assert [i["letter"] for i in board["islands"]][:3] == ["A", "B", "C"]
    assert _cells(board["stones"]) == _cells(position.stones)
    for kind, letter in enumerate(TOKEN_LETTERS):
        shown = [t["at"] for t in board["tokens"] if t["resource"] == letter]
        assert _cells(shown) == _cells(position.tokens[kind])
    for seat, written in enumerate(position.seats):
        for kind, coords in (("settler", written.settlers), ("village", written.villages)):
            shown = [p["at"] for p in board["pieces"] if p["seat"] == seat and p["kind"] == kind]
            assert _cells(shown) == _cells(coords)
    assert len(board["pieces"]) == 12
