"""Colour counts in reasons: the grammar (gender, plural, joins) is catalogue data, not code."""

from __future__ import annotations

import pytest

from ludoteca.games.happy_city.rules import _colour_counts

BLUE, GREEN, YELLOW, PURPLE = 1, 2, 0, 4


@pytest.mark.parametrize("counts,english,spanish", [
    (((BLUE, 2), (GREEN, 1), (PURPLE, 1)), "B2 G1 P1", "2 cartas azules, 1 verde y 1 morada"),
    (((BLUE, 2), (GREEN, 1)), "B2 G1", "2 cartas azules y 1 verde"),
    (((YELLOW, 1),), "Y1", "1 carta amarilla"),
    (((YELLOW, 0), (GREEN, 3)), "G3", "3 cartas verdes"),
    (((BLUE, 0),), "no colour", "0 cartas de color"),
])
def test_colour_counts_read_as_each_language_writes_them(counts, english, spanish):
    assert _colour_counts(counts, "en") == english
    assert _colour_counts(counts, "es") == spanish
