"""One colour per seat on the whole page, distinct for four players (two players in every game,
board and seat bar alike: test_every_game_clocked.py)."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.browser

PALETTE = ["rgb(0, 114, 178)", "rgb(213, 94, 0)", "rgb(0, 158, 115)", "rgb(204, 121, 167)"]


def _open(page, base_url, game_id, players=2):
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    table = httpx.post(f"{base_url}/api/tables", json={"game": game_id, "seed": 2, "seats": seats}).json()
    link = next(seat["link"] for seat in table["seats"] if seat.get("link"))
    page.goto(link if link.startswith("http") else base_url + link)
    page.wait_for_selector("#board > *")


def _bar_colours(page):
    """Every seat's colour, read in one go (the bar is redrawn whenever a bot moves, and an element
    read after it was replaced has no style)."""
    script = "() => [...document.querySelectorAll('#seats .seat')].map((e) => getComputedStyle(e).color)"
    return page.evaluate(script)


def test_four_bloom_town_seats_have_four_distinct_colours_and_marks(page, base_url):
    _open(page, base_url, "bloom-town", players=4)
    assert _bar_colours(page) == PALETTE
    marks = [page.inner_text(f"#seats .seat-{seat} .mark").strip() for seat in range(4)]
    assert len(set(marks)) == 4
