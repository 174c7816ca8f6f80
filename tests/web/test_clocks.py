"""A clock in the browser: chosen on the creation form, shown in the seat bar in the page's
language, ticking for the seat to move, and timing out (per move: the heuristic bot plays for the
seat; per game: the seat loses on time, and the end screen says so).

The clocks are one or two seconds long; waits are generous bounds, never timing assertions."""

from __future__ import annotations

import re

import httpx
import pytest

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser
HTTP = httpx.Client(timeout=120)  # a busy machine answers slowly; this is not a timing check
WAIT = 300_000  # ms: the bot runner's processes start slowly on a busy machine
HUMANS = [{"kind": "human"}, {"kind": "human"}]


def clocked_table(base_url: str, game_id: str, clock: dict) -> dict:
    answer = HTTP.post(f"{base_url}/api/tables", json={"game": game_id, "seats": HUMANS, "clock": clock})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_per_move_clock_chosen_on_the_form_ticks_and_times_out(page, base_url):
    page.set_default_timeout(120_000)  # a busy machine serves the page slowly; not a timing check
    page.goto(base_url)
    choose_language(page, "es")
    page.click(".game-card[data-game='blue-lagoon'] button.primary")
    page.wait_for_selector("#clock-kind")
    assert page.locator("label[for='clock-kind']").inner_text() == "Límite de tiempo"
    page.select_option("select[name='seat-1']", "human")
    page.select_option("#clock-kind", "move")
    page.fill("#clock-amount", "2")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/table/"))
    mine = page.locator("#seats [data-clock='0']")
    mine.wait_for()
    assert re.fullmatch(r"⏱ 0:0[0-2]", mine.inner_text().strip()), mine.inner_text()
    assert "decisión" in (mine.get_attribute("title") or "")
    shot(page, "clock-per-move-es")
    # Nobody plays: the server's heuristic bot plays seat 0's decision, and seat 1's clock runs.
    page.wait_for_function("document.querySelectorAll('#log li').length >= 1", timeout=WAIT)
    page.locator("#seats [data-clock='1'].running").wait_for(timeout=WAIT)


def test_a_per_game_clock_running_out_ends_the_game_on_time(page, base_url):
    table = clocked_table(base_url, "blue-lagoon", {"kind": "game", "seconds": 2})
    page.set_default_timeout(120_000)
    page.goto(base_url + table["seats"][1]["link"])
    choose_language(page, "en")
    page.locator("#seats [data-clock='0']").wait_for()  # running, or already out on a slow machine
    page.locator("#why-ended:has-text('ran out of time')").wait_for(timeout=WAIT)
    assert page.locator("#verdict").inner_text() == "You won!"
    page.locator("#seats [data-clock='0'].out:not(.running)").wait_for()
    assert page.locator("#seats [data-clock='0']").inner_text().strip() == "⏱ 0:00"
    assert page.locator("#seats [data-clock='1']").inner_text().strip() == "⏱ 0:02"  # never ran
    shot(page, "clock-per-game-timeout-en")
