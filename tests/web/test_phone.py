"""Phones: at 390 px (and 360 px) no page scrolls sideways, in any game, in either language.

Measured without mobile emulation (which zooms out and hides overflow): the document's
`scrollWidth` must not exceed its `clientWidth`. Screenshots of every game at both sizes go to
the artifacts.
"""

from __future__ import annotations

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

GAMES = [info.id for info in ludoteca.list_games()]
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _table_link(base_url: str, game_id: str) -> str:
    table = httpx.post(f"{base_url}/api/tables", json={
        "game": game_id, "seed": 3, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }).json()
    return next(seat["link"] for seat in table["seats"] if seat.get("link"))


@pytest.mark.parametrize("width", [390, 360])
def test_the_home_page_and_its_form_fit_a_phone(page, base_url, width):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(base_url)
    choose_language(page, "es")
    page.locator('.game-card[data-game="santa-monica"] button').click()
    page.wait_for_selector("#create-form select[name=num_players]")
    assert page.evaluate(OVERFLOW) <= 0
    assert page.locator("#lang").bounding_box()["x"] + page.locator("#lang").bounding_box()["width"] <= width


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_fits_a_phone(page, base_url, game_id):
    link = _table_link(base_url, game_id)
    for width, lang in ((390, "en"), (360, "es")):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(link if link.startswith("http") else base_url + link)
        choose_language(page, lang)
        page.wait_for_selector("#board > *")
        assert page.evaluate(OVERFLOW) <= 0, f"{game_id} scrolls sideways at {width} px"
        shot(page, f"{game_id}-phone-{width}-{lang}")
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, f"{game_id}-desktop-1366")
