"""Component names are catalogue texts: no game's component data names a card, building, colour
or shape per language (so a third language is a `messages.<lang>.json`, not a data field), and
every name the games show comes from a catalogue code `component.<kind>.<id>`."""

from __future__ import annotations

import json
from importlib import resources

import pytest

import ludoteca
from ludoteca.core.messages import catalogues, languages

GAME_IDS = [info.id for info in ludoteca.list_games()]


def _data_files(package):
    folder = resources.files(package).joinpath("data")
    return [entry for entry in folder.iterdir()
            if entry.name.endswith(".json") and not entry.name.startswith("messages.")]


def _names_by_language(value, path=""):
    """Where `value` holds a name per language: a `name_<lang>` field or a `name` table."""
    if isinstance(value, dict):
        for key, inner in value.items():
            here = f"{path}.{key}"
            per_language = key.startswith("name_") and key[len("name_"):] in languages()
            if per_language or (key == "name" and isinstance(inner, dict)):
                yield here
            else:
                yield from _names_by_language(inner, here)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _names_by_language(inner, f"{path}[{index}]")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_component_data_keeps_ids_and_numbers_not_names(game_id):
    package = ludoteca.load(game_id).package
    for entry in _data_files(package):
        found = list(_names_by_language(json.loads(entry.read_text(encoding="utf-8"))))
        assert not found, f"{game_id} {entry.name} names components per language: {found[:3]}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_names_its_components_in_the_catalogue(game_id):
    texts = catalogues()[ludoteca.load(game_id).package].texts
    for lang in languages():
        names = {code: text for code, text in texts[lang].items() if code.startswith("component.")}
        assert names, f"{game_id} has no component names in {lang}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_show_names_components_in_the_readers_language(game_id):
    """The terminal's `show` texts (keyed by what a player types, which may be a name in that
    language): as many in every language, and the Spanish ones read in Spanish."""
    state = ludoteca.load(game_id).new_state(seed=2)
    texts = {lang: state.components(lang) for lang in languages()}
    english = texts["en"]
    for lang, shown in texts.items():
        assert len(shown) == len(english), f"{game_id}: {lang} shows other components"
    if english:
        assert sorted(texts["es"].values()) != sorted(english.values()), f"{game_id}: show is not in Spanish"
