"""Every game and player count the research API supports."""

from __future__ import annotations

import pytest

import ludoteca


def game_cases():
    for info in ludoteca.list_games():
        for players in info.player_counts:
            yield pytest.param(info.id, players, id=f"{info.id}-{players}p")


GAME_CASES = list(game_cases())
TWO_PLAYER_CASES = [pytest.param(info.id, id=info.id) for info in ludoteca.list_games()]
