"""Bloom Town's dedicated renderer in headless chromium: play a bot by clicking the drawn board."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

TURNS = 3


def log_length(page) -> int:
    return page.locator("#log li").count()


def my_step(page) -> str | None:
    """Wait until this seat acts (the prompt is marked as ours) or the game is over.

    The table page can show a stale position when a bot's reply arrives over the WebSocket before
    the answer to our own action (the answer then overwrites the newer position); the test bot
    answers instantly, so this happens here. Reloading shows the server's position; see the report.
    """
    ready = ".bt-prompt.mine, #summary:not([hidden])"
    try:
        page.wait_for_selector(ready, timeout=1500)
    except PlaywrightTimeout:
        page.reload()
        page.wait_for_selector(ready)
    if page.locator("#summary:not([hidden])").count():
        return None
    return page.locator(".bt-prompt.mine").get_attribute("data-phase")


def play_step(page) -> bool:
    """One action by clicking the picture: a hand tile then a town square, a market tile, or a button."""
    phase = my_step(page)
    if phase is None:
        return False
    before = log_length(page)
    if phase == "build":
        tiles = page.locator("button.bt-hand-tile.choosable")
        tiles.last.click()  # choose the last hand tile, so the selection really changes
        assert page.locator("button.bt-hand-tile.selected").count() == 1
        square = page.locator("svg.bt-town.mine rect.anchor").first
        chosen = square.get_attribute("data-square")
        square.click()
        page.wait_for_selector(f"svg.bt-town.mine rect.sq[data-square={chosen}] + g.bt-tile")
    elif phase == "take":
        page.locator("svg.bt-square rect.anchor").first.click()
    else:  # bonus step or final keep: take the first offered bonus, or keep the first type
        page.locator("button.bt-action").first.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    return True


def test_bloom_town_by_clicking_reload_and_continue_in_spanish(page, base_url):
    answer = httpx.post(f"{base_url}/api/tables", json={
        "game": "bloom-town", "seed": 11,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }).json()
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + answer["seats"][0]["link"])
    page.wait_for_selector("svg.bt-town.mine")
    assert page.locator("svg.bt-square text.heading").first.text_content() == "Mercado"
    assert page.locator("svg.bt-town").count() == 2
    assert page.locator("svg.bt-town.mine rect.sq.blooming").count() == 5
    assert page.locator("svg.bt-square g.bt-space").count() == 5
    if my_step(page) == "build":
        assert page.locator(".bt-prompt.mine p").inner_text().startswith("Construir")
        # hovering a legal square lights up the market space of its flower
        square = page.locator("svg.bt-town.mine rect.anchor").first
        square.hover()
        assert page.locator("svg.bt-square g.bt-space.target").count() == 1
    shot(page, "bloom-town-start-es")
    steps = 0
    while steps < TURNS * 2 and play_step(page):
        steps += 1
    assert steps > 0
    shot(page, "bloom-town-playing-es")
    seen = log_length(page)
    page.mouse.move(0, 0)  # a square under the pointer shows the hand tile's ghost: not a built tile
    built = page.locator("svg.bt-town.mine g.bt-tile").count()
    assert built >= 1
    page.reload()
    page.wait_for_selector("svg.bt-town.mine")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {seen}")
    assert page.locator("svg.bt-town.mine g.bt-tile").count() == built
    for _ in range(2):
        if not play_step(page):
            break
    assert page.locator(".bt-player .bt-score").count() == 2
    shot(page, "bloom-town-after-reload-es")


def test_bloom_town_spectating_three_towns_and_a_replay(page, base_url):
    waiting = httpx.post(f"{base_url}/api/tables", json={
        "game": "bloom-town", "seed": 5, "options": {"board_side": "B"}, "seats": [{"kind": "human"}] * 3,
    }).json()
    page.goto(f"{base_url}/table/{waiting['id']}")  # the spectator link: no seat, nothing to click
    page.wait_for_selector("svg.bt-town")
    assert page.locator("svg.bt-town").count() == 3
    assert page.locator("rect.anchor, button.bt-action, button.bt-hand-tile").count() == 0
    shot(page, "bloom-town-spectator-3p")
    finished = httpx.post(f"{base_url}/api/tables", json={
        "game": "bloom-town", "seed": 5, "seats": [{"kind": "bot", "bot": "random"}] * 2,
    }).json()
    page.goto(f"{base_url}/table/{finished['id']}")
    page.wait_for_selector("#summary:not([hidden]) table.breakdown")
    shot(page, "bloom-town-over")
    page.locator("#replay-start").click()
    page.wait_for_selector("#replay-step")
    for step in range(1, 7):
        page.locator("#replay-next").click()
        page.wait_for_selector(f"#replay-step:has-text('Step {step} /')")
    assert page.locator("svg.bt-town g.bt-tile").count() >= 2
    assert page.locator("rect.anchor, button.bt-action").count() == 0
    shot(page, "bloom-town-replay")
