"""Santa Monica's dedicated renderer in headless chromium: play a bot by clicking the drawn board."""

from __future__ import annotations

import httpx
import pytest

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser


def log_length(page) -> int:
    return page.locator("#log li").count()


def wait_longer_log(page, before: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")


def play_one_decision(page) -> str:
    """Make the shown seat's current decision by clicking the board; returns what was clicked."""
    page.wait_for_selector(".status.your-turn, #summary:not([hidden])")
    if page.locator("#summary:not([hidden])").count():
        return "over"
    before = log_length(page)
    board = page.locator("#board")
    slots = board.locator("svg.sm-display g.sm-pickable")
    people = board.locator("g.sm-person.movable")
    if slots.count():
        slots.last.click()  # choose a card, then a highlighted space of the city
        assert board.locator("svg.sm-display g.sm-selected").count() == 1
        board.locator("svg.sm-city rect.sm-anchor").first.click()
        clicked = "card"
    elif people.count() and board.locator("rect.sm-anchor").count() == 0:
        people.first.click()
        board.locator("svg.sm-city rect.sm-anchor").first.click()
        clicked = "person"
    elif board.locator("rect.sm-anchor").count():
        board.locator("rect.sm-anchor").first.click()
        clicked = "space"
    else:
        board.locator(".sm-buttons button, button.sm-tile").first.click()
        clicked = "button"
    wait_longer_log(page, before)
    return clicked


def test_santa_monica_by_clicking_reload_and_spanish(page, base_url):
    table = httpx.post(f"{base_url}/api/tables", json={
        "game": "santa-monica", "seed": 5,
        "options": {"objective": "blue", "sand_dollar_faces": ["TWO", "SWAP"]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }).json()
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector("svg.sm-display")
    clicks = []
    for _ in range(6):
        clicks.append(play_one_decision(page))
    assert "card" in clicks, clicks
    shot(page, "santa-monica-renderer-playing-es")
    # Spanish labels on the drawn board.
    assert page.locator("svg.sm-display text", has_text="Delante").count() == 1
    assert page.locator("svg.sm-city text", has_text="Playa").count() >= 2
    seen = log_length(page)
    page.reload()
    page.wait_for_selector("svg.sm-display")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {seen}")
    for _ in range(3):
        play_one_decision(page)
    choose_language(page, "en")
    page.wait_for_selector("svg.sm-display text:has-text('Front')")
    shot(page, "santa-monica-renderer-after-reload-en")


def test_sand_dollar_pick_and_swap_by_clicking(page, base_url):
    table = httpx.post(f"{base_url}/api/tables", json={
        "game": "santa-monica", "seed": 9,
        "options": {"objective": "blue", "sand_dollar_faces": ["TWO", "SWAP"]},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }).json()
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector("svg.sm-display")
    mine = page.locator('svg.sm-city[data-seat="0"] g.sm-card')
    swap_face = page.locator('button[data-action="sd SWAP"]')
    for _ in range(20):  # until two of my feature cards exist: a third card makes a row pair
        page.wait_for_selector(".status.your-turn")
        if mine.count() >= 2 and swap_face.count():
            break
        play_one_decision(page)
    before = log_length(page)
    swap_face.click()
    wait_longer_log(page, before)
    before = log_length(page)
    page.locator("svg.sm-display g.sm-pickable").first.click()
    page.locator("svg.sm-city rect.sm-anchor").first.click()
    wait_longer_log(page, before)
    assert page.locator('.sm-buttons button[data-action="keep"]').count() == 1  # the swap step asks
    before = log_length(page)
    page.locator('svg.sm-city[data-seat="0"] g.sm-card.sm-pickable').first.click()
    shot(page, "santa-monica-renderer-swap-choosing")
    page.locator('svg.sm-city[data-seat="0"] rect.sm-anchor').first.click()
    wait_longer_log(page, before)
    assert "swapped" in page.locator("#log li").nth(before).inner_text()  # the log in words
    page.locator("#log-notation").click()  # and the notation one click away
    notation = page.locator("#log li .text").all_inner_texts()
    assert any(" swap " in f" {line} " for line in notation), notation
    page.locator("#log-notation").click()
    shot(page, "santa-monica-renderer-swap")


def test_the_view_names_only_shown_cards():
    import ludoteca

    state = ludoteca.load("santa-monica").new_state(2, seed=4)
    view = state.view(0)
    shown = {c for c in view["front"] + view["back"] if c}
    assert set(view["catalogue"]["cards"]) == shown
    assert view["scores"] == state.scores()
