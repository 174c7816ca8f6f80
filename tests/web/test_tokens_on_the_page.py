"""A seat's secret stays out of every URL the page uses: seat links carry it in the fragment
(`#token=`, which browsers never send), requests send it as an `Authorization: Bearer` header and
the live socket as its `ludoteca-token.` subprotocol. Older `?token=` links still open the seat,
and are rewritten to the fragment form at once."""

from __future__ import annotations

import json

import httpx
import pytest

from .conftest import choose_language
from .test_browser import play_one_turn

pytestmark = pytest.mark.browser


def _watch(page) -> dict:
    """Every request URL, the Authorization header of every table request, every socket's URL and
    the seats its messages were for."""
    seen: dict = {"urls": [], "auth": [], "sockets": [], "socket_seats": []}

    def request(req):
        seen["urls"].append(req.url)
        if "/api/tables/" in req.url:
            seen["auth"].append((req.url, req.headers.get("authorization")))

    def socket(ws):
        seen["sockets"].append(ws.url)
        ws.on("framereceived", lambda frame: seen["socket_seats"].append(json.loads(frame)["you"]["seats"]))

    page.on("request", request)
    page.on("websocket", socket)
    return seen


def test_a_table_made_on_the_home_page_keeps_its_secret_out_of_urls(page, base_url):
    seen = _watch(page)
    page.goto(base_url)
    choose_language(page, "en")
    page.locator('.game-card[data-game="blue-lagoon"] button').click()
    page.wait_for_selector("#create-form select[name=bot-1]")
    page.select_option("select[name=bot-1]", "random")
    page.locator("#create-button").click()
    page.wait_for_url("**/table/**")
    page.wait_for_selector(".status.your-turn")
    table_id = page.url.split("/table/")[1].split("#")[0]
    token = page.url.split("#token=")[1]
    assert "?" not in page.url and token
    assert play_one_turn(page)
    page.wait_for_selector(".status.your-turn", timeout=90000)  # the bot answered over the socket
    assert not [url for url in seen["urls"] + seen["sockets"] if token in url]
    table_requests = [(url, auth) for url, auth in seen["auth"] if f"/api/tables/{table_id}" in url]
    assert table_requests and all(auth == f"Bearer {token}" for _, auth in table_requests), table_requests
    assert any("/undo?seat=" in url for url, _ in table_requests)  # the undo rule is asked with the header
    # the socket knew the seat
    assert seen["socket_seats"] and all(seats == [0] for seats in seen["socket_seats"])
    inputs = page.locator("#invite input")
    links = [inputs.nth(i).input_value() for i in range(inputs.count())]
    assert links and not [link for link in links if "?token=" in link]
    assert any(f"#token={token}" in link for link in links)


def test_an_old_query_link_still_opens_the_seat_and_becomes_a_fragment(page, base_url):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    table = httpx.post(f"{base_url}/api/tables", timeout=60,
                       json={"game": "blue-lagoon", "seed": 2, "seats": seats}).json()
    token = table["seats"][0]["token"]
    assert table["seats"][0]["link"].endswith(f"#token={token}")  # what the REST API answers now
    link = f"/table/{table['id']}?token={token}"  # the form it answered before
    seen = _watch(page)
    page.goto(base_url + link)
    page.wait_for_selector(".status.your-turn")
    assert page.url == f"{base_url}/table/{table['id']}#token={token}"
    page.reload()
    page.wait_for_selector(".status.your-turn")
    assert play_one_turn(page)
    page.wait_for_selector(".status.your-turn", timeout=90000)
    later = seen["urls"][1:] + seen["sockets"]  # (the first is the old link itself)
    assert not [url for url in later if token in url]
    assert seen["socket_seats"] and all(seats == [0] for seats in seen["socket_seats"])
