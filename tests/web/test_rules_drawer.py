"""The rules open in a drawer over the table, in the page's language, without leaving it: the
page is not reloaded (its socket and state stay), and the drawer closes with its button or Escape."""

from __future__ import annotations

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

GAMES = [info.id for info in ludoteca.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_open_in_a_drawer_over_the_table(page, base_url, game_id):
    table = httpx.post(f"{base_url}/api/tables", timeout=60, json={
        "game": game_id, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    link = next(seat["link"] for seat in table["seats"] if seat.get("link"))
    spanish = ludoteca.load(game_id).rules_summary("es")
    heading = next(line.lstrip("#").strip() for line in spanish.splitlines() if line.startswith("#"))
    page.goto(base_url + link)
    choose_language(page, "es")
    page.wait_for_selector("#board > *")
    page.evaluate("window.__stayed = true")  # lost if the page were left or reloaded
    address = page.url
    page.locator("#rules-link").click()
    page.wait_for_selector("#rules-drawer:not([hidden]) .drawer-body :is(h2, h3)")
    assert heading.replace("**", "") in page.locator("#rules-drawer .drawer-body").inner_text()
    assert "Reglas" in page.locator("#rules-drawer-title").inner_text()
    assert page.url == address and page.evaluate("window.__stayed === true")
    shot(page, f"{game_id}-rules-drawer-es")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-drawer", state="hidden")
    page.locator("#rules-link").click()
    page.locator("#rules-close").click()
    page.wait_for_selector("#rules-drawer", state="hidden")
    assert page.evaluate("window.__stayed === true")
    # (still a link, for a new tab)
    assert page.locator("#rules-link").get_attribute("href") == f"/rules/{game_id}"
