"""Component names and texts are catalogue texts: no game's component data names a card, building,
colour or shape, prints a card's rule text or a tag's name, per language (so a third language is a
`messages.<lang>.json`, not a data field), and every name the games show comes from a catalogue
code `component.<kind>.<id>` (rule texts: `text.<kind>.<id>`)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

import ludoteca
from ludoteca.core.messages import catalogues, languages

GAME_IDS = [info.id for info in ludoteca.list_games()]


def _data_files(package):
    folder = resources.files(package).joinpath("data")
    return [entry for entry in folder.iterdir()
            if entry.name.endswith(".json") and not entry.name.startswith("messages.")]


# A field a person would read, in one language or per language: `name`, `text` or `label`, bare
# or as `name_fr`, `text_en`, `label_es`... (any two-letter language, spoken by ludoteca or not).
_WORDS_FIELD = re.compile(r"(name|text|label|tag_names)(_[a-z]{2})?")


def _per_language_table(value) -> bool:
    """`{"en": ..., "es": ...}`: a table of texts by language code."""
    return (isinstance(value, dict) and len(value) >= 2 and "en" in value
            and all(re.fullmatch(r"[a-z]{2}", key) for key in value))


def _names_by_language(value, path=""):
    """Where `value` holds words in a language: a name, text or label field, or a table by language."""
    if _per_language_table(value):
        yield path
    elif isinstance(value, dict):
        for key, inner in value.items():
            here = f"{path}.{key}"
            if _WORDS_FIELD.fullmatch(key):
                yield here
            else:
                yield from _names_by_language(inner, here)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _names_by_language(inner, f"{path}[{index}]")


def test_the_search_finds_words_in_data():
    """The search itself: every shape of per-language words the data once held is found."""
    once = {"cards": [{"id": "B01", "text": "Add 1 local", "text_es": "Añade 1 local"}],
            "tag_names": {"wave": {"en": "Wave", "es": "Olas"}},
            "types": {"Y": {"en": "Yellow", "es": "Amarillo", "fr": "jaune"}},
            "buildings": [{"key": "zoo", "name_fr": "Zoo"}], "islands": [{"label": {"en": "top"}}]}
    found = set(_names_by_language(once))
    assert found == {".cards[0].text", ".cards[0].text_es", ".tag_names", ".types.Y",
                     ".buildings[0].name_fr", ".islands[0].label"}
    assert not list(_names_by_language({"id": "B01", "tags": ["wave"], "row_lengths": "12 and 13"}))


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
