"""The web page's own words are catalogue data (web/data/messages.<lang>.json), held to the same
promise as every catalogue: every code in every language, with the same arguments, for exactly
the languages ludoteca speaks; and every code the page's scripts and pages ask for exists."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

import ludoteca
from ludoteca.bots.base import LEVELS
from ludoteca.core.messages import languages, placeholders

WEB = pathlib.Path(ludoteca.__file__).parent / "web"
DATA = WEB / "data"


def _catalogue(lang: str) -> dict[str, str]:
    return json.loads((DATA / f"messages.{lang}.json").read_text(encoding="utf-8"))


def test_the_page_speaks_exactly_the_languages_of_the_core_english_first():
    listed = json.loads((DATA / "languages.json").read_text(encoding="utf-8"))
    assert listed[0] == "en" and set(listed) == set(languages())
    assert {p.name.split(".")[1] for p in DATA.glob("messages.*.json")} == set(languages())


@pytest.mark.parametrize("lang", languages())
def test_every_web_code_exists_in_every_language_with_the_same_arguments(lang):
    english, texts = _catalogue("en"), _catalogue(lang)
    only_english, only_here = sorted(set(english) - set(texts)), sorted(set(texts) - set(english))
    assert not only_english and not only_here, f"only in English {only_english}, only in {lang} {only_here}"
    for code, template in texts.items():
        assert isinstance(template, str) and template.strip(), f"{lang} {code} is empty"
        assert placeholders(template) == placeholders(english[code]), f"{lang} {code}"


def _asked_for() -> set[str]:
    """The codes named in the page's code: `t("code")` (string literals among t's arguments, so
    `t(on ? "a" : "b")` counts both) and `data-i18n="code"` in the pages."""
    codes: set[str] = set()
    for script in WEB.glob("*.js"):
        for call in re.findall(r"\bt\(([^()]*)\)", script.read_text(encoding="utf-8")):
            codes |= set(re.findall(r'"([A-Za-z]\w*)"', call.split("{")[0]))
    for page in WEB.glob("*.html"):
        codes |= set(re.findall(r'data-i18n="(\w+)"', page.read_text(encoding="utf-8")))
    return codes


def test_every_code_the_page_asks_for_is_in_the_catalogue():
    english = _catalogue("en")
    asked = _asked_for() | set(LEVELS)  # levels are shown as t(level)
    assert {"yourTurn", "rules", "placeOf"} <= asked  # (the search finds what it must)
    assert sorted(asked - set(english)) == []
