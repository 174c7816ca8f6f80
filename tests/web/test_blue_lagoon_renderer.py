"""Blue Lagoon's dedicated renderer in headless chromium: play a bot by clicking hexes, reload, in Spanish."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from .conftest import _free_port, choose_language, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def paced_url(tmp_path_factory) -> Iterator[str]:
    """A server whose bots wait a moment before moving, as `ludoteca serve` does.

    With no pause the bot's move can reach the page over the WebSocket before the answer to our
    own action, which then overwrites it with the older position (the table page keeps whichever
    payload arrived last), leaving the page waiting for a bot that has already moved.
    """
    import uvicorn

    from ludoteca.server import create_app

    port = _free_port()
    database = tmp_path_factory.mktemp("blue-lagoon") / "tables.sqlite3"
    app = create_app(str(database), bot_delay=0.3)
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # a readiness wait, not a timing assertion
        if not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def log_length(page) -> int:
    return page.locator("#log li").count()


def pieces_on_board(page) -> int:
    return page.locator("svg.bl-board .pieces .piece").count()


def click_hex(page, kind: str = "S") -> str:
    """Wait for our turn, choose `kind` with its key, click the first lit hex; return the action."""
    page.wait_for_selector(".status.your-turn")
    before = log_length(page)
    if page.locator(".bl-toggle").count():
        page.keyboard.press(kind.lower())
        page.wait_for_selector(f'.bl-toggle button[data-kind="{kind}"].active')
    anchors = page.locator("svg.bl-board rect.anchor")
    assert anchors.count() > 0
    kinds = {a.split()[0] for a in anchors.evaluate_all("els => els.map(e => e.dataset.action)")}
    assert kinds == {kind}, kinds  # only the chosen piece's hexes are lit
    action = anchors.first.get_attribute("data-action")
    tile = anchors.first.get_attribute("data-tile")
    assert page.locator(f'svg.bl-board polygon.hex.legal[data-tile="{tile}"]').count() == 1
    anchors.first.click()
    # our placement and the bot's answer
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {before + 2}")
    assert page.locator(f'svg.bl-board .piece[data-tile="{tile}"]').count() == 1
    return action


def test_blue_lagoon_by_clicking_hexes_reload_and_spanish(page, paced_url):
    base_url = paced_url
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    spec = {"game": "blue-lagoon", "seed": 3, "seats": seats}
    table = httpx.post(f"{base_url}/api/tables", json=spec).json()
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector("svg.bl-board")

    # The standard map: 13 rows of 12/13 hexes, 8 islands with bonus badges, 32 stone circles, 32 tokens.
    assert page.locator("svg.bl-board polygon.hex").count() == 162
    assert page.locator("svg.bl-board polygon.hex.land").count() == 116
    assert page.locator("svg.bl-board .badge").count() == 8
    assert page.locator("svg.bl-board .stone").count() == 32
    assert page.locator("svg.bl-board .token").count() == 32
    assert page.locator(".bl-phase").inner_text().startswith("Fase de exploración")
    assert page.locator(".bl-sheet caption").inner_text() == "Hoja de puntuación"

    played = [click_hex(page, "S")]
    played.append(click_hex(page, "S"))
    assert page.locator(".bl-toggle").count() == 1, "settlers and villages should both be legal by now"
    played.append(click_hex(page, "T"))
    assert played[2].startswith("T ")
    assert pieces_on_board(page) >= 6
    hand = page.locator('.bl-player[data-seat="0"] .bl-hand').inner_text()
    assert "28 colonos" in hand and "4 aldeas" in hand, hand
    shot(page, "blue-lagoon-renderer-playing-es")

    seen = log_length(page)
    page.reload()
    page.wait_for_selector("svg.bl-board")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {seen}")
    assert pieces_on_board(page) == seen
    click_hex(page, "S")
    assert pieces_on_board(page) >= seen + 2
    total = int(page.locator('.bl-sheet .bl-grand td[data-seat="0"]').inner_text())
    assert total == int(page.locator('.bl-player[data-seat="0"] .bl-total').inner_text())
    shot(page, "blue-lagoon-renderer-after-reload-es")


def test_blue_lagoon_replay_draws_the_board_without_targets(page, base_url):
    table = httpx.post(f"{base_url}/api/tables", json={
        "game": "blue-lagoon", "seed": 5, "options": {"exploration_only": True},
        "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()
    page.goto(f"{base_url}/table/{table['id']}")
    page.wait_for_selector("#summary:not([hidden])")
    assert page.locator(".bl-phase").inner_text().startswith("Exploration phase")
    page.locator("#replay-start").click()
    page.wait_for_selector("#replay-step")
    page.locator("#replay-next").click()
    page.wait_for_selector("#replay-step:has-text('Step 1 /')")
    assert pieces_on_board(page) == 1
    assert page.locator("svg.bl-board rect.anchor").count() == 0
    shot(page, "blue-lagoon-renderer-replay")
