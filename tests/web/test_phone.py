"""Phones: at 360–414 px no page scrolls sideways, in any game, in either language; every tap
target is at least 40 px and every text at least 12 px as rendered (SVG text included); a tap shows
what a hover shows.

Measured without mobile emulation (which zooms out and hides overflow): the document's
`scrollWidth` must not exceed its `clientWidth`. A board too small to tap pans inside its own
strip (touch.js), so the page does not. At a desktop size the page must not overflow either, text
stays 12 px or more and targets 24 px or more (a mouse is finer than a finger). Screenshots of
every game at both sizes go to the artifacts.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

import ludoteca

from .conftest import ARTIFACTS, choose_language, shot
from .measure import OVERFLOW, small_targets, small_text

pytestmark = pytest.mark.browser

GAMES = [info.id for info in ludoteca.list_games()]


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
    assert small_targets(page) == []
    assert small_text(page) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_fits_a_phone(page, base_url, game_id):
    link = _table_link(base_url, game_id)
    # 390 px in Spanish, with a clock in the seat bar: test_every_game_clocked.py
    for width, lang in ((360, "es"), (414, "en")):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(link if link.startswith("http") else base_url + link)
        choose_language(page, lang)
        page.wait_for_selector("#board > *")
        assert page.evaluate(OVERFLOW) <= 0, f"{game_id} scrolls sideways at {width} px"
        assert small_targets(page) == [], f"{game_id}: targets under 40 px at {width} px"
        assert small_text(page) == [], f"{game_id}: text under 12 px at {width} px"
        shot(page, f"{game_id}-phone-{width}-{lang}")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_fits_a_desktop(page, base_url, game_id):
    link = _table_link(base_url, game_id)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(base_url + link)
    page.wait_for_selector("#board > *")
    assert page.evaluate(OVERFLOW) <= 0
    assert small_targets(page, 24) == []
    assert small_text(page) == []
    shot(page, f"{game_id}-desktop-1366")


# The first thing on the board that has a tooltip and does nothing when tapped (so that the tap
# shows the tip and plays no move): marked for the test, its hover text returned.
_TIPPED = """() => {
  const titled = [...document.querySelectorAll("#board [title], #board svg title")]
    .map((node) => node.tagName === "title" ? node.parentElement : node)
    .filter((node) => getComputedStyle(node).cursor !== "pointer" && node.getBoundingClientRect().width > 4
      && node.getBoundingClientRect().top >= 0);
  const chosen = titled[0];
  if (!chosen) return null;
  chosen.dataset.tipTest = "1";
  const own = chosen.getAttribute("title");
  return own || [...chosen.children].find((c) => c.tagName === "title").textContent.trim();
}"""


# City Square Off shows nothing by hover alone: its only titled elements are the orientation
# buttons, which a tap presses (the piece's drawing on the button says what the title says).
HOVER_GAMES = [game_id for game_id in GAMES if game_id != "city-square-off"]


def test_city_square_off_has_no_hover_only_text(page, base_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url + _table_link(base_url, "city-square-off"))
    page.wait_for_selector("#board > *")
    assert page.evaluate(_TIPPED) is None


def _tap_a_titled_element(page, game_id: str, attempts: int = 3) -> str:
    """Mark a titled element in view, tap it and wait for the bubble; its title is returned.

    The board may redraw between marking and tapping (a socket message, the bot's first move,
    scrolling), which replaces the marked element: then mark again, a bounded number of times.
    """
    for _ in range(attempts - 1):
        try:
            return _tap_once(page, game_id)
        except PlaywrightError:  # a timeout, or the element gone from the page
            continue
    return _tap_once(page, game_id)


def _tap_once(page, game_id: str) -> str:
    assert page.evaluate(_TIPPED), f"{game_id} shows no tooltip on its board"
    page.locator("[data-tip-test]").first.scroll_into_view_if_needed(timeout=10_000)
    expected = page.evaluate(_TIPPED)  # (scrolling hides a bubble and may redraw; mark again)
    page.locator("[data-tip-test]").first.tap(timeout=10_000)
    page.wait_for_selector("#tip:not([hidden])", timeout=10_000)
    return expected


@pytest.mark.parametrize("game_id", HOVER_GAMES)
def test_a_tap_shows_what_a_hover_shows(browser, base_url, game_id):
    link = _table_link(base_url, game_id)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(base_url + link)
        page.wait_for_selector("#board > *")
        expected = _tap_a_titled_element(page, game_id)
        assert page.locator("#tip").inner_text().strip() == expected.strip()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{game_id}-phone-tap-tooltip.png"))
        page.locator("#status").tap()
        page.wait_for_selector("#tip[hidden]", state="attached")
    finally:
        context.close()
    assert not errors, errors
