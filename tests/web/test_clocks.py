"""A clock in the browser: chosen on the creation form with its stand-in bot, shown in the seat bar
in the page's language, ticking for the seat to move, and timing out per game (the seat loses on
time, and the end screen says so). A per-move timeout in every game: test_every_game_clocked.py.

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


def test_a_per_move_clock_and_its_stand_in_chosen_on_the_form_are_kept_and_shown(page, base_url):
    """The form offers the stand-in (the server's bots, heuristic first chosen; mcts at easy or
    normal only), keeps it over a language switch, and the table names it by the ticking clock."""
    page.set_default_timeout(120_000)  # a busy machine serves the page slowly; not a timing check
    page.goto(base_url)
    choose_language(page, "es")
    page.click(".game-card[data-game='blue-lagoon'] button.primary")
    page.wait_for_selector("#clock-kind")
    assert page.locator("label[for='clock-kind']").inner_text() == "Límite de tiempo"
    assert page.locator("#clock-bot").is_hidden()  # no clock: no stand-in
    page.select_option("select[name='seat-1']", "human")
    page.select_option("#clock-kind", "move")
    label = page.locator("label[for='clock-bot']")
    assert label.inner_text() == "Si se acaba el tiempo, quién juega la decisión"
    assert "mcts" in page.locator("#clock-bot-help").inner_text()
    bots = HTTP.get(f"{base_url}/api/games").json()["bots"]
    assert page.locator("#clock-bot option").all_inner_texts() == bots
    assert page.locator("#clock-bot").input_value() == "heuristic"
    assert page.locator("#clock-level").is_hidden()  # heuristic has no levels
    page.select_option("#clock-bot", "mcts")
    assert page.locator("#clock-level option").all_inner_texts() == ["fácil", "normal"]  # no hard
    page.select_option("#clock-level", "easy")
    page.fill("#clock-amount", "600")
    choose_language(page, "en")  # the form is redrawn in English with the same choices
    page.wait_for_selector("#create-button:text('Create table')")
    assert label.inner_text() == "If the time runs out, who plays the decision"
    kept = [page.locator(f"#clock-{field}").input_value() for field in ("kind", "amount", "bot", "level")]
    assert kept == ["move", "600", "mcts", "easy"]
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/table/"))
    mine = page.locator("#seats [data-clock='0']")
    mine.wait_for()
    shown = re.fullmatch(r"⏱ (\d+):(\d\d)", mine.inner_text().strip())
    assert shown and 0 < int(shown[1]) * 60 + int(shown[2]) <= 600, mine.inner_text()
    assert mine.get_attribute("title").endswith("then mcts (easy) plays it"), mine.get_attribute("title")
    table_id = page.url.split("/table/")[1].split("#")[0]
    clock = HTTP.get(f"{base_url}/api/tables/{table_id}").json()["table"]["clock"]
    assert (clock["kind"], clock["seconds"]) == ("move", 600)
    assert clock["standin"] == {"bot": "mcts", "level": "easy"}
    choose_language(page, "es")
    page.wait_for_selector("#seats [data-clock='0'][title*='mcts (fácil)']")
    assert "decisión" in mine.get_attribute("title")
    shot(page, "clock-per-move-standin-es")


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
