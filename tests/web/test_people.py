"""People at the table, in two browsers: names chosen on joining, presence, "waiting for", resign,
and the lobby of public tables, in every game and in both languages."""

from __future__ import annotations

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser
HTTP = httpx.Client(timeout=120)  # a busy machine answers slowly; this is not a timing check

GAMES = [info.id for info in ludoteca.list_games()]
# Each game in one language, so both languages are covered without doubling the slow browser runs.
CASES = [(game_id, "es" if index % 2 else "en") for index, game_id in enumerate(GAMES)]
WORDS = {
    "en": {"online": "online", "away": "away", "waiting": "Waiting for", "resigned": "resigned.",
           "won": "You won!", "lost": "You lost"},
    "es": {"online": "conectado", "away": "ausente", "waiting": "Esperando a", "resigned": "abandonó.",
           "won": "¡Has ganado!", "lost": "Has perdido"},
}


def open_page(browser, url: str, lang: str):
    """A browser of its own (own storage, own socket) on `url`, in `lang`; console errors collected."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(30000)
    page.console_errors = []
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    page.on("console", lambda msg: page.console_errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url)
    choose_language(page, lang)
    page.wait_for_selector("#status:not(:empty)")
    return page


def two_person_table(base_url: str, game_id: str, **people) -> dict:
    seats = [{"kind": "human"}, {"kind": "human"}]
    answer = HTTP.post(f"{base_url}/api/tables", json={"game": game_id, "seats": seats, "people": people})
    assert answer.status_code == 201, answer.text
    return answer.json()


def seat_chip(page, seat: int):
    return page.locator(f"#seats .seat[data-seat='{seat}']")


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_names_presence_waiting_and_resign_seen_by_the_other_browser(browser, base_url, game_id, lang):
    words = WORDS[lang]
    table = two_person_table(base_url, game_id, name="Ana")
    ana = open_page(browser, base_url + table["seats"][0]["link"], lang)
    assert ana.locator("#join").is_hidden()  # the creator named her seat when creating the table
    seat_chip(ana, 1).locator(f"[data-presence=away]:has-text('{words['away']}')").wait_for()
    bea = open_page(browser, base_url + table["seats"][1]["link"], lang)
    bea.wait_for_selector("#join:not([hidden]) #join-name")
    bea.fill("#join-name", "<b>Bea</b>")  # refused, with the rule in the page's language
    bea.locator("#join-button").click()
    bea.wait_for_selector("#join-error:not(:empty)")
    assert "24" in bea.locator("#join-error").inner_text()
    bea.console_errors.clear()  # the browser notes the refused request itself
    bea.fill("#join-name", "Bea Ñu")
    bea.locator("#join-button").click()
    bea.wait_for_selector("#join", state="hidden")
    # Ana's browser sees Bea's name and that she is online; both see Ana online
    seat_chip(ana, 1).locator(".seat-name:text-is('Bea Ñu')").wait_for()
    seat_chip(ana, 1).locator(f"[data-presence=online]:has-text('{words['online']}')").wait_for()
    seat_chip(bea, 0).locator("[data-presence=online]").wait_for()
    assert seat_chip(bea, 0).locator(".seat-name").inner_text() == "Ana"
    # whoever does not move reads who is awaited, by name
    to_move = HTTP.get(f"{base_url}/api/tables/{table['id']}").json()["table"]["to_move"]
    if to_move == [0]:
        bea.wait_for_selector(f"#status:text-is('{words['waiting']} Ana…')")
    elif to_move == [1]:
        ana.wait_for_selector(f"#status:text-is('{words['waiting']} Bea Ñu…')")
    shot(ana, f"{game_id}-people-{lang}")
    # Bea leaves: Ana sees her away
    bea_context = bea.context
    assert not bea.console_errors, bea.console_errors
    bea_context.close()
    seat_chip(ana, 1).locator("[data-presence=away]").wait_for()
    # Ana resigns, after confirming; Bea comes back to the end screen: she won, Ana resigned
    ana.locator("#resign").click()
    ana.wait_for_selector("#resign-question")
    ana.locator("#resign-no").click()  # a second thought: nothing happens
    ana.wait_for_selector("#resign")
    assert HTTP.get(f"{base_url}/api/tables/{table['id']}").json()["table"]["people"]["resigned"] is None
    ana.locator("#resign").click()
    ana.locator("#resign-yes").click()
    ana.wait_for_selector("#summary:not([hidden]) #verdict")
    assert ana.locator("#verdict").inner_text().startswith(words["lost"])
    assert ana.locator("#why-ended").inner_text().endswith(f"Ana {words['resigned']}")
    assert ana.locator("#resign-box").is_hidden() and ana.locator("#undo-box").is_hidden()
    assert ana.locator("#board button.action").count() == 0  # no move is offered any more
    bea = open_page(browser, base_url + table["seats"][1]["link"], lang)
    bea.wait_for_selector("#summary:not([hidden]) #verdict")
    assert bea.locator("#verdict").inner_text() == words["won"]
    assert bea.locator("#why-ended").inner_text().endswith(f"Ana {words['resigned']}")
    shot(bea, f"{game_id}-resigned-{lang}")
    for page in (ana, bea):
        assert not page.console_errors, page.console_errors
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lobby_lists_public_tables_and_a_stranger_takes_a_free_seat(browser, base_url, lang):
    private = two_person_table(base_url, "blue-lagoon", name="Hidden")
    public = two_person_table(base_url, "happy-city", name="Ana", public=True)
    context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    home = context.new_page()
    home.set_default_timeout(30000)
    home.goto(base_url + "/")
    choose_language(home, lang)
    row = home.locator(f"#lobby li[data-table='{public['id']}']")
    row.wait_for()
    assert home.locator(f"#lobby li[data-table='{private['id']}']").count() == 0
    assert "Ana" in row.inner_text()
    html = home.content()
    assert all(seat["token"] not in html for seat in public["seats"] if seat["token"])
    assert public["hotseat_token"] not in html
    home.fill("#lobby-name", "Cid")
    row.locator("button.join-seat[data-seat='1']").click()
    home.wait_for_url("**/table/**")
    home.wait_for_selector("#status:not(:empty)")
    assert home.locator("#join").is_hidden()  # named when joining from the lobby
    assert seat_chip(home, 1).locator(".seat-name").inner_text() == "Cid"
    # the creator's own page shows the newcomer; the taken seat leaves the lobby
    ana = open_page(browser, base_url + public["seats"][0]["link"], lang)
    seat_chip(ana, 1).locator(".seat-name:text-is('Cid')").wait_for()
    seat_chip(ana, 1).locator("[data-presence=online]").wait_for()
    lobby = HTTP.get(f"{base_url}/api/lobby").json()
    assert public["id"] not in [entry["id"] for entry in lobby]
    shot(home, f"lobby-joined-{lang}")
    ana.context.close()
    context.close()
