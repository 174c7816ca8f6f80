"""The pages work under the server's real Content Security Policy (no bypass): no violation, no
error, and the policy is the one sent."""

from __future__ import annotations

import httpx
import pytest

import ludoteca

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_pages_run_under_the_content_security_policy(browser, base_url, game_id):
    table = httpx.post(f"{base_url}/api/tables", json={
        "game": game_id, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
    link = next(seat["link"] for seat in table["seats"] if seat.get("link"))
    assert "script-src 'self'" in httpx.get(base_url).headers["content-security-policy"]
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    table_url = link if link.startswith("http") else base_url + link
    for url in (base_url, f"{base_url}/rules/{game_id}", table_url):
        page.goto(url)
        page.wait_for_load_state("networkidle")
    page.locator("#board > *").first.wait_for(state="attached")  # drawn once the live payload came
    assert page.locator("#board > *").count() > 0
    context.close()
    assert not errors, errors
