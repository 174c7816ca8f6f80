"""Seeded random games give exactly the games recorded before the engine speed work.

Every legal list (in order), every action, the history and the full log, the scores and the
winners must match the fixture, for 2, 3 and 4 players and the presets. To record it again
(only after an intended rule change): `python -m tests.games.santa_monica.test_replay_fingerprints`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..replay_digest import fingerprint, write

FIXTURE = Path(__file__).parent / "data" / "replay_fingerprints.json"
GAMES = 40  # per case
CASES = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"objective": "green", "sand_dollar_faces": ["TWO", "SWAP"]}),
    (2, {"objective": "orange", "sand_dollar_faces": ["COL", "MOVE"], "starting_tiles": "random"}),
]
RECORDED = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


@pytest.mark.parametrize("case", list(RECORDED))
def test_random_games_replay_exactly(case: str) -> None:
    players, options = json.loads(case)
    for recorded in RECORDED[case]:
        assert fingerprint("santa-monica", players, recorded["seed"], options) == recorded


def test_every_case_is_recorded() -> None:
    assert sorted(RECORDED) == sorted(json.dumps(list(c), sort_keys=True) for c in CASES)
    assert all(len(games) == GAMES for games in RECORDED.values())


if __name__ == "__main__":
    write(FIXTURE, "santa-monica", CASES, GAMES)
