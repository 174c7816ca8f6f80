"""Action notation (spec section 5): normalisation, the examples of 5.5 and the errors of 5.3."""

import pytest

from ludoteca import NotationError
from ludoteca.games.happy_city.notation import ALL_MOVES

from .positions import GAME


@pytest.mark.parametrize("text,canonical", [
    ("buy museum", "buy museum"),
    ("  BUY   Museum ", "buy museum"),
    ("draw 2", "draw 2"),
    ("discard factory", "discard factory"),
    ("special film_studios", "special film_studios"),
    ("market purple", "market purple"),
    ("sphinx box", "sphinx box"),
    ("Pass", "pass"),
    ("coin", "coin"),
])
def test_normalised_commands(text, canonical):
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize("text,message", [
    ("", "empty command"),
    ("take museum",
     "unknown command 'take' (expected pass, coin, discard, draw, buy, special, market, sphinx)"),
    ("draw 4", "deck must be 1, 2 or 3"),
    ("buy", "'buy' needs a card key, e.g. 'buy museum'"),
    ("coin 2", "'coin' takes no argument"),
    ("market red", "colour must be yellow, blue, green, orange or purple"),
    ("special museum", "'museum' is not a special building"),
    ("discard house", "'house' is a residence and cannot be discarded"),
    ("buy musée", "unknown card key 'musée'"),
    ("buy museum zoo", "'buy' takes one argument"),
])
def test_syntax_errors(text, message):
    with pytest.raises(NotationError, match="Happy City: " + message.replace("(", r"\(").replace(")", r"\)")):
        GAME.parse_action(text)


def test_action_ids_are_a_bijection():
    assert GAME.action_space_size == len(ALL_MOVES) == len({str(m) for m in ALL_MOVES})
    for i, move in enumerate(ALL_MOVES):
        assert GAME.action_id(move) == i and GAME.action_from_id(i, None) is move
        assert GAME.parse_action(str(move)) is move
