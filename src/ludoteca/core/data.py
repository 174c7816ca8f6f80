"""Loading a game's component data (JSON files inside the game's package), once per process."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load_json(package: str, name: str) -> Any:
    """The parsed JSON file `data/<name>` of `package` (e.g. "ludoteca.games.blue_lagoon").

    Cached: components are read once and shared by every state, so they must never be mutated.
    """
    path = resources.files(package).joinpath("data").joinpath(name)
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def load_text(package: str, name: str) -> str:
    """A text file `data/<name>` of `package` (rules summaries and the like)."""
    return resources.files(package).joinpath("data").joinpath(name).read_text(encoding="utf-8")
