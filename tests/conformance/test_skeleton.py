"""One skeleton for every game: the same files, names and wiring (docs/ADDING_A_GAME.md).

A reader who knows one game's folder knows them all: the component data, the notation and its
parser, the picture and the texts are in files of the same name, the default preset has the same
name, and the picture is wired by the `Game`, so the rules never import it.
"""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

import ludoteca

GAME_IDS = [info.id for info in ludoteca.list_games()]
FILES = ("__init__.py", "rules.py", "scoring.py", "notation.py", "components.py", "render.py",
         "words.py", "messages.py", "data/messages.en.json", "data/rules.en.md")


def _folder(game_id: str) -> pathlib.Path:
    return pathlib.Path(importlib.import_module(ludoteca.load(game_id).package).__file__).parent


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_the_same_files(game_id):
    folder = _folder(game_id)
    missing = [name for name in FILES if not (folder / name).is_file()]
    assert not missing, f"{game_id} lacks {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_notation_parser_has_one_name_and_the_default_preset_comes_first(game_id):
    game = ludoteca.load(game_id)
    notation = importlib.import_module(f"{game.package}.notation")
    assert callable(getattr(notation, "parse_action", None)), f"{game_id}: notation.parse_action"
    assert next(iter(game.presets)) == "default" and game.presets["default"] == {}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_never_import_the_picture(game_id):
    tree = ast.parse((_folder(game_id) / "rules.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {node.module or ""} | {alias.name for alias in node.names}
            assert "render" not in names, f"{game_id}: rules.py imports render (line {node.lineno})"
    cls = ludoteca.load(game_id).state_class
    for method in ("render", "components", "_copy_fields_into"):
        assert method not in cls.__dict__, f"{game_id}: {cls.__name__} overrides {method}"
    assert "_render" in type(ludoteca.load(game_id)).__dict__


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_clone_groups_name_fields_once(game_id):
    cls = ludoteca.load(game_id).state_class
    shared, flat, nested, rest = cls._group_fields()
    assert sorted((*shared, *flat, *nested, *rest)) == sorted(cls._own_fields())
