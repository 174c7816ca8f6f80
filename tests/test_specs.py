"""The rules specifications in docs/specs/ are copies of the shared originals and must stay so.

The originals live in a `shared/rules/` folder beside the clone (as in CI); where there is none,
the comparison is skipped, but every game must still have its copy.
"""

from pathlib import Path

import pytest

import ludoteca

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "docs" / "specs"
SHARED = ROOT.parent / "shared" / "rules"
GAME_IDS = [info.id for info in ludoteca.list_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_its_specification(game_id):
    spec = SPECS / f"{game_id}.md"
    assert spec.is_file() and spec.read_text(encoding="utf-8").strip(), f"no {spec.relative_to(ROOT)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_specification_copy_matches_the_shared_original(game_id):
    original = SHARED / f"{game_id}.md"
    if not original.is_file():
        pytest.skip(f"no shared original beside the clone ({original.name})")
    copy = SPECS / f"{game_id}.md"
    assert copy.read_bytes() == original.read_bytes(), (
        f"docs/specs/{game_id}.md differs from the shared original: copy it again")
