"""The web page's own words are catalogue data (web/data/messages.<lang>.json), held to the same
promise as every catalogue: every code in every language, with the same arguments, for exactly
the languages ludoteca speaks; and every code the page's scripts, pages and game renderers ask for
exists. The renderers (web/games/*.js) carry no words of any language: a third language in the
browser is a data change."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

import ludoteca
from ludoteca.bots.base import LEVELS
from ludoteca.core.messages import catalogues, languages, placeholders

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


# ---- the game renderers ---------------------------------------------------------------------

RENDERERS = sorted((WEB / "games").glob("*.js"))
CODE = r"[A-Za-z][\w.-]*"


def _first_arguments(source: str, helper: str) -> list[str]:
    """The first argument of every call `helper(...)` (nested calls and objects skipped over)."""
    found = []
    for start in (m.end() for m in re.finditer(rf"(?<![\w$]){helper}\(", source)):
        depth, end = 0, start
        while end < len(source):
            char = source[end]
            if char in "([{":
                depth += 1
            elif char in ")]}" and depth:
                depth -= 1
            elif (char == "," or char == ")") and depth == 0:
                break
            end += 1
        found.append(source[start:end])
    return found


def _renderer_codes(script: pathlib.Path) -> tuple[set[str], set[str]]:
    """The codes a renderer asks for, and the code families it builds from data (`` tr(`ask.${phase}`) ``
    asks for some `<game>.ask.*`). A renderer's `tr("key")` is the page code `<game>.key` (its
    file's name), `t("code")` and `env.t("code")` the code itself. In `tr(a === "x" ? "b" : "c")`
    the codes are "b" and "c"."""
    source = script.read_text(encoding="utf-8")
    codes, families = set(), set()
    for helper, prefix in (("tr", f"{script.stem}."), ("t", ""), ("env.t", "")):
        for key in _first_arguments(source, re.escape(helper)):
            key = re.sub(r'[=!]==?\s*"[^"]*"', "", key)
            codes |= {prefix + code for code in re.findall(rf'"({CODE})"', key)}
            families |= {prefix + family for family in re.findall(rf"`({CODE}\.)\$\{{", key)}
    return codes, families


def test_the_renderer_search_finds_what_it_must():
    codes, families = _renderer_codes(WEB / "games" / "santa-monica.js")
    assert {"santa-monica.hover", "santa-monica.ask.pick", "santa-monica.use"} <= codes
    assert {"santa-monica.ask.", "santa-monica.kindNames."} <= families
    codes, _ = _renderer_codes(WEB / "games" / "city-square-off.js")
    assert {"yourCity", "city-square-off.board"} <= codes


@pytest.mark.parametrize("script", RENDERERS, ids=lambda path: path.stem)
def test_every_code_a_renderer_asks_for_is_in_every_language(script):
    codes, families = _renderer_codes(script)
    for lang in languages():
        texts = _catalogue(lang)
        assert sorted(codes - set(texts)) == [], f"{script.name} asks for codes {lang} lacks"
        for family in families:
            assert any(code.startswith(family) for code in texts), f"{script.name}: no {family}* in {lang}"


def _phases_and_reasons() -> dict[str, set[str]]:
    """Code families a renderer fills from the game's own lists: each must hold every member."""
    from ludoteca.games.bloom_town.observation import PHASES as BLOOM_TOWN_PHASES
    from ludoteca.games.city_square_off import LABELS
    from ludoteca.games.happy_city.observation import PHASES as HAPPY_CITY_PHASES
    from ludoteca.games.santa_monica.rules import DECISIONS

    phases = {*DECISIONS, "game_over"}
    playing = set(HAPPY_CITY_PHASES) - {"game_over"}
    reasons = {re.sub(r"\W+", "_", label) for label in LABELS if " " in label}  # the end reasons
    return {
        "santa-monica.ask.": phases, "santa-monica.phases.": phases, "city-square-off.end.": reasons,
        "happy-city.ask.": playing, "happy-city.doing.": playing,
        "bloom-town.waiting.": set(BLOOM_TOWN_PHASES) - {"over"},
        "blue-lagoon.phase.": {"E", "S"}, "blue-lagoon.rule.": {"E", "S"},
        "happy-city.colour.": set("YBGOP"), "happy-city.kind.": set("YBGOP"),
    }


def test_families_filled_from_the_games_lists_are_complete():
    english = _catalogue("en")
    for family, members in _phases_and_reasons().items():
        assert sorted(m for m in members if family + m not in english) == [], family


# A literal that reads as words: a letter outside ASCII (á, ñ, ¡…), a capitalised word ("Front",
# "Player"), or a word before a little word of a sentence ("click a card", "to move"). Class lists,
# attribute names, ids and action kinds are lower-case words without those; symbols (✿, ★, →, ×)
# are not letters.
_WORDY = re.compile(r"[^\W\d_a-zA-Z]|\b[A-Z][a-z]{2,}\b|\b[a-z]+ (?:a|an|the|to|of|or|and|is|your)\b")
_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
# Branching on a language, or a table keyed by one, is a language in the code.
_BY_LANGUAGE = re.compile(r'===?\s*"(en|es)"|\b(en|es):\s*[{"`]|\b\w+_(en|es)\b')


def _without_comments(source: str) -> str:
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", source)


def _words_in(source: str) -> list[str]:
    found = []
    for match in _LITERAL.finditer(_without_comments(source)):
        text = next(group for group in match.groups() if group is not None)
        text = re.sub(r"\$\{[^}]*\}", " ", text)  # a template's code is not its text
        if _WORDY.search(text):
            found.append(text)
    return found


def test_the_word_search_finds_words():
    sample = '''const TEXT = { front: "Front", ask: "click a highlighted card" };
    el("span", { class: "sm-chip muted" }, `${tr("player")} ${p} · ${n} ×`);
    const es = "¿Ahora?"; // a comment: "Not Code"
    svg("title", {}, "footprint / huella"); x === "es" ? face.name_es : face.name;'''
    assert _words_in(sample) == ["Front", "click a highlighted card", "¿Ahora?"]
    assert len(_BY_LANGUAGE.findall(_without_comments(sample))) == 2


@pytest.mark.parametrize("script", RENDERERS, ids=lambda path: path.stem)
def test_renderers_carry_no_words_of_any_language(script):
    source = script.read_text(encoding="utf-8")
    assert _words_in(source) == [], f"{script.name} holds words: move them to web/data/messages.<lang>.json"
    assert _BY_LANGUAGE.findall(_without_comments(source)) == [], f"{script.name} branches on a language"


# ---- the games' component names -------------------------------------------------------------

GAME_IDS = [info.id for info in ludoteca.list_games()]
# Page codes whose word is also one of the game's component names but names something else:
# Santa Monica's kinds of people (a local, a tourist), not its cards' tags of the same words.
NOT_COMPONENTS = {"santa-monica.kindOne.L", "santa-monica.kindOne.T"}


def _component_names(game_id: str, lang: str) -> dict[str, str]:
    texts = catalogues()[ludoteca.load(game_id).package].texts[lang]
    return {code: text for code, text in texts.items() if code.startswith("component.")}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_games_component_names_are_not_copied_into_the_page(game_id):
    """A tile, flower or token is named once, in the game's catalogue; the page has the names
    from the game's /api/games entry (`components`), never a copy of its own that could drift."""
    for lang in languages():
        names = {name.casefold() for name in _component_names(game_id, lang).values()}
        copies = sorted(code for code, text in _catalogue(lang).items()
                        if code.startswith(f"{game_id}.") and code not in NOT_COMPONENTS
                        and text.casefold() in names)
        assert copies == [], f"{lang}: the page's catalogue copies {game_id}'s component names"


def test_the_copy_search_finds_a_copied_name():
    """The search itself: a page code holding a Bloom Town flower's name, in any case, is a copy."""
    tulip = _component_names("bloom-town", "es")["component.flower.tulip"]
    page = {"bloom-town.flowers.tulip": tulip.upper(), "bloom-town.market": "Mercado"}
    names = {name.casefold() for name in _component_names("bloom-town", "es").values()}
    assert [code for code, text in page.items() if text.casefold() in names] == ["bloom-town.flowers.tulip"]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_entry_hands_the_page_its_component_names(game_id):
    from ludoteca.server.routes import _game_entry

    entry = _game_entry(ludoteca.load(game_id).info, set())
    for lang in languages():
        shown = {f"component.{kind}.{key}": name for kind, names in entry["components"][lang].items()
                 for key, name in names.items()}
        assert shown == _component_names(game_id, lang)
