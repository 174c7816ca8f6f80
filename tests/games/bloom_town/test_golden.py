"""Golden playthroughs: recorded games (seed + actions) must replay to the same setup and result.

They pin the setup procedure of spec §7 and catch any rule change that alters a finished game.
"""

import json
from pathlib import Path

import pytest

from ludoteca.games.bloom_town.components import TILE_NAMES

from .helpers import GAME

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: f"{g['record']['num_players']}p")
def test_golden_playthrough(game):
    record = game["record"]
    start = GAME.replay(record, upto=0)
    setup = game["after_setup"]
    assert [sorted(TILE_NAMES[t] for t in hand) for hand in start.hands] == setup["hands"]
    view = start.view(None)
    assert view["market"] == setup["market"]
    assert view["stack_heights"] == setup["stack_heights"]
    assert start.order == setup["order"]

    final = GAME.replay(record)
    assert final.is_over
    assert final.scores() == game["scores"]
    assert final.breakdown() == game["breakdown"]
    assert final.result().winners == game["winners"]
