"""The Happy City renderer in headless chromium: play a bot by clicking decks, cards and specials."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

# What to click on the drawn board, in order of preference: a deck to draw from, a card to buy, a
# special to take, then the renderer's own buttons (keep the display, coin, Happy Market colour).
CLICKS = [
    ".hc-pile.legal",
    "button.hc-card.legal[data-action^='buy']:not([data-action='buy house'])",
    "button.hc-card.legal[data-action^='special']",
    "button.hc-card.legal[data-action^='buy']",
    ".hc-btn[data-action^='market']",
    ".hc-btn[data-action='pass']",
    ".hc-btn[data-action='coin']",
]


def log_length(page) -> int:
    return page.locator("#log li").count()


def wait_for_my_turn(page) -> None:
    """Wait until the board asks this seat to act. The page shows the answer of its own action
    request last; when a quick bot's move arrived on the socket before that answer, the page can
    keep the older position until the next message, so a reload (as a person would do) fetches it."""
    ready = ".hc-banner.mine, #summary:not([hidden])"
    try:
        page.wait_for_selector(ready, timeout=4000)
    except PlaywrightTimeout:
        page.reload()
        page.wait_for_selector(ready)


def click_once(page) -> str | None:
    """Click the first preferred legal thing on the board; its action, or None when the game is over."""
    wait_for_my_turn(page)
    if page.locator("#summary:not([hidden])").count():
        return None
    before = log_length(page)
    for selector in CLICKS:
        target = page.locator(f"#board {selector}")
        if target.count():
            action = target.first.get_attribute("data-action")
            target.first.click()
            page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
            return action
    raise AssertionError("nothing to click on the board")


def new_table(base_url: str, **options) -> str:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    answer = httpx.post(f"{base_url}/api/tables",
                        json={"game": "happy-city", "seats": seats, "seed": 11, "options": options})
    answer.raise_for_status()
    return base_url + answer.json()["seats"][0]["link"]


def test_family_game_by_clicking_reload_and_spanish(page, base_url):
    page.goto(base_url)
    choose_language(page, "en")
    link = new_table(base_url)
    page.goto(link)
    page.wait_for_selector(".hc-banner")
    assert page.locator(".hc-city").count() == 2
    assert page.locator(".hc-city.mine .hc-slots > *").count() == 10
    assert page.locator(".hc-pile").count() == 3
    # Round 1, empty display: the refill step asks for a deck.
    assert page.locator(".hc-steps li.now").inner_text() == "2 Draw"
    played = [click_once(page) for _ in range(3)]
    assert played == ["draw 1", "draw 1", "draw 1"] or all(p.startswith("draw") for p in played)
    assert page.locator(".hc-display .hc-card[data-card]").count() == 3
    shot(page, "happy-city-main-step")
    bought = click_once(page)
    assert bought.startswith("buy ") or bought == "coin"
    if bought.startswith("buy "):
        key = bought.split()[1]
        page.wait_for_selector(f".hc-city.mine [data-card='{key}']")
    wait_for_my_turn(page)
    if page.locator(".hc-display.discarding").count():  # the display is full: discard by clicking a card
        assert page.locator(".hc-steps li.now").inner_text() == "1 Discard"
        shot(page, "happy-city-discard-step")
        target = page.locator(".hc-display button.hc-card.legal[data-action^='discard']").first
        key = target.get_attribute("data-card")
        before = log_length(page)
        target.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
        assert "discarded" in page.locator("#log li").last.inner_text()  # the log in words
        page.locator("#log-notation").click()  # and the notation one click away
        assert page.locator("#log li").last.inner_text().endswith(f"discard {key}")
        page.locator("#log-notation").click()
        page.wait_for_selector(".hc-pile.legal")
    for _ in range(6):
        click_once(page)
    seen = log_length(page)
    page.reload()
    page.wait_for_selector(".hc-banner")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {seen}")
    choose_language(page, "es")
    page.wait_for_selector("text=Zona central")
    assert page.locator(".hc-residences h4").inner_text() == "Viviendas"
    for _ in range(4):
        click_once(page)
    assert page.locator(".hc-city.mine .hc-stat.coins b").inner_text().isdigit()
    shot(page, "happy-city-playing-es")


def test_expert_draft_and_specials_are_clickable(page, base_url):
    page.goto(base_url)
    choose_language(page, "en")
    page.goto(new_table(base_url, expert=True))
    page.wait_for_selector(".hc-banner")
    # Seat 1 (the bot) picks first; then seat 0 picks from the four colours left.
    page.wait_for_selector(".hc-btn[data-action^='market']")
    assert page.locator(".hc-btn[data-action^='market']").count() == 4
    shot(page, "happy-city-expert-draft")
    assert click_once(page).startswith("market ")
    market = page.locator(".hc-city.mine [data-card='happy_market']").get_attribute("class").split()
    assert "c-none" not in market and any(c in market for c in ("c-Y", "c-B", "c-G", "c-O", "c-P"))
    assert page.locator(".hc-specials .hc-card.k-expert .hc-text").count() == 4
    for _ in range(8):
        click_once(page)
    shot(page, "happy-city-expert")
