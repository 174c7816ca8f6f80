"""Unit tests of the shared core helpers (the contract itself is tested by tests/conformance)."""

import random

import pytest

from ludoteca.core import Option, OptionError, plain, rank
from ludoteca.core.grid import (
    connected_groups,
    hex_row_neighbours,
    square_neighbour_table,
    square_neighbours,
)
from ludoteca.core.options import parse_options, resolve_options


def test_plain_round_trip_keeps_types():
    value = {"a": [1, (2, 3)], "s": {4, 5}, "f": frozenset({(1, 2)}), "k": {(0, 1): "x"},
             "__odd": None}
    encoded = plain.encode(value)
    assert plain.decode(encoded) == value
    assert type(plain.decode(encoded)["a"][1]) is tuple


def test_plain_copy_is_deep_for_containers():
    value = {"grid": [[0, 1], [2, 3]], "seen": {1}}
    copy = plain.copy(value)
    copy["grid"][0][0] = 9
    copy["seen"].add(2)
    assert value == {"grid": [[0, 1], [2, 3]], "seen": {1}}


def test_random_generator_state_survives_encoding():
    rng = random.Random(3)
    rng.random()
    other = random.Random()
    other.setstate(plain.decode(plain.encode(rng.getstate())))
    assert [other.random() for _ in range(3)] == [rng.random() for _ in range(3)]


def test_options_validate_and_parse():
    options = (
        Option("variant", "choice", "standard", "v", choices=("standard", "sprint")),
        Option("first", "choice", "random", "f", choices=("random", 0, 1)),
        Option("fast", "bool", False, "b"),
        Option("limit", "int", 5, "i", minimum=1, maximum=9),
        Option("excluded", "list", [], "l", choices=("a", "b", "c")),
    )
    assert resolve_options(options, {})["excluded"] == []
    parsed = parse_options(options, ["first=1", "fast=yes", "limit=3", "excluded=a,c"])
    assert parsed == {"first": 1, "fast": True, "limit": 3, "excluded": ["a", "c"]}
    for bad in ({"variant": "x"}, {"first": "1"}, {"fast": 1}, {"limit": 10},
                {"excluded": ["d"]}, {"nope": 1}):
        with pytest.raises(OptionError):
            resolve_options(options, bad)
    with pytest.raises(OptionError, match="at most 9, not 10"):
        resolve_options(options, {"limit": 10})
    open_ended = (Option("rounds", "int", 5, "r", minimum=1),)
    with pytest.raises(OptionError, match="at least 1, not 0") as caught:
        resolve_options(open_ended, {"rounds": 0})
    assert "al menos 1" in caught.value.text("es")
    with pytest.raises(OptionError, match="name=value"):
        parse_options(options, ["variant"])


def test_rank_shares_places_and_names_the_tiebreak():
    result = rank([(10, 3), (10, 5), (7, 9)], ["score", "money"], [10, 10, 7])
    assert result.ranking == [2, 1, 3] and result.winners == [1]
    assert result.tiebreak == "money"
    draw = rank([(4, 1), (4, 1)], ["score", "money"], [4, 4])
    assert draw.winners == [0, 1] and draw.ranking == [1, 1] and draw.tiebreak == "draw"
    clear = rank([(1,), (3,)], ["score"], [1, 3])
    assert clear.winners == [1] and clear.tiebreak is None


def test_square_neighbours():
    assert sorted(square_neighbours(0, 0, 3, 3)) == [(0, 1), (1, 0)]
    assert len(square_neighbours(1, 1, 3, 3, diagonal=True)) == 8
    assert square_neighbour_table(2, 2)[0] == (1, 2)


def test_hex_row_neighbours_follow_the_offset_layout():
    lengths = [12, 13, 12]
    assert sorted(hex_row_neighbours(0, 0, lengths)) == [(0, 1), (1, 0), (1, 1)]
    assert sorted(hex_row_neighbours(1, 0, lengths)) == [(0, 0), (1, 1), (2, 0)]
    assert len(hex_row_neighbours(1, 5, lengths)) == 6


def test_connected_groups():
    cells = [(0, 0), (0, 1), (2, 2), (5, 5), (5, 6)]
    groups = connected_groups(cells, lambda c: square_neighbours(*c, 9, 9))
    assert groups == [{(0, 0), (0, 1)}, {(2, 2)}, {(5, 5), (5, 6)}]
