"""Every game at a phone's width with a per-move clock, in Spanish, on one page each: the clock runs
out and the chosen stand-in bot plays the person's decision (the page shows the move); the page
does not scroll sideways with the clock in the seat bar (targets ≥ 40 px, text ≥ 12 px); the log
reads as Spanish sentences (not the notation, not English, as the server words them); and each
seat has one colour and one mark (shape) in the seat bar and on the board alike.

One page per game, and the shortest clock the bounds allow (1 s): the checks share the wait for
the timeout; test_phone.py measures the other phone widths. Waits are for conditions, with
generous bounds (the bot runner's processes start slowly on a busy machine); nothing here is a
timing assertion."""

from __future__ import annotations

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot
from .measure import small_targets, small_text

pytestmark = pytest.mark.browser
HTTP = httpx.Client(timeout=120)  # a busy machine answers slowly; this is not a timing check
WAIT = 300_000  # ms, a bound only
GAMES = [info.id for info in ludoteca.list_games()]
# The bot at easy, as the stand-in: both are served by the easy lane's one process.
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random", "level": "easy"}]
MARKS = ["●", "▲"]
PRINTED = {"blue-lagoon": ["rgb(232, 90, 155)", "rgb(47, 111, 214)"]}  # its pink and blue pieces

# Read in one go (the page redraws at every move, about once a second here): the overflow, the
# seat bar's colour and mark per seat, whether the bar shows a clock, each seat's marks on the
# board with their colour (an SVG mark's colour is its piece's fill), and the log's lines.
_LOOK = """() => {
  const css = (colour) => { const probe = document.createElement("i"); probe.style.color = colour;
    document.body.append(probe); const value = getComputedStyle(probe).color; probe.remove(); return value; };
  const marks = (seat) => [...document.querySelectorAll(`#board [data-seat-mark="${seat}"]`)].map((node) => {
    if (node instanceof SVGElement) {
      const painted = node.querySelector("[fill]");
      const badge = node.querySelector(".seat-badge") ? "badge" : "";
      return { text: badge, colour: painted ? css(painted.getAttribute("fill")) : "" };
    }
    return { text: node.textContent.trim(), colour: getComputedStyle(node).color };
  });
  const bar = [...document.querySelectorAll("#seats .seat")].map((node) => ({
    colour: getComputedStyle(node).color, mark: node.querySelector(".mark").textContent.trim() }));
  return {
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    clock: document.querySelectorAll("#seats [data-clock='0']").length,
    bar, board: [marks(0), marks(1)],
  };
}"""
# The log's lines, read once the table stopped (a secret placement is worded anew once revealed).
_LOG = """() => [...document.querySelectorAll("#log li")].map((li) => ({
  seat: Number(li.querySelector(".who").className.match(/seat-(\\d)/)[1]),
  text: li.querySelector(".text").textContent,
  round: li.querySelector(".round")?.textContent ?? null, hover: li.getAttribute("title") }))"""


def _seat_view(base_url: str, table: dict, token: str) -> dict:
    answer = HTTP.get(f"{base_url}/api/tables/{table['id']}", headers={"authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return answer.json()["views"][0]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clocked_table_on_a_phone_in_spanish(page, base_url, game_id):
    clock = {"kind": "move", "seconds": 1, "bot": "random"}
    spec = {"game": game_id, "seed": 3, "seats": SEATS, "clock": clock}
    answer = HTTP.post(f"{base_url}/api/tables", json=spec)
    assert answer.status_code == 201, answer.text
    table = answer.json()
    token = table["seats"][0]["token"]
    page.set_default_timeout(120_000)  # a busy machine serves the page slowly; not a timing check
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(base_url + table["seats"][0]["link"])
        choose_language(page, "es")
        page.locator("#seats [data-clock='0']").wait_for()
        # Nobody clicks: the stand-in plays seat 0's decisions, the bot answers, the log shows both.
        both = "#log li .who.seat-0').length && document.querySelectorAll('#log li .who.seat-1').length"
        page.wait_for_function(f"document.querySelectorAll('{both}", timeout=WAIT)
        look = page.evaluate(_LOOK)
        small = small_targets(page), small_text(page)
        shot(page, f"{game_id}-clocked-phone-390-es")
    finally:  # stop the table: a 1 s clock would keep the server's bot lanes busy for later tests
        HTTP.post(f"{base_url}/api/tables/{table['id']}/resign", json={"token": token})
    view = _seat_view(base_url, table, token)  # the table no longer moves
    page.wait_for_selector("#summary:not([hidden])")
    # the page's log is the server's, line for line (one per recorded action; the notation list,
    # `history`, is another length in Santa Monica, which also lists the rules' own decisions)
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(view['log']['es'])}")
    lines = page.evaluate(_LOG)

    assert look["clock"] == 1
    assert look["overflow"] <= 0, f"{game_id} scrolls sideways by {look['overflow']} px at 390 px"
    assert small == ([], []), f"{game_id}: targets under 40 px or text under 12 px at 390 px"
    # one colour and one mark per seat, in the seat bar and on the board
    assert [seat["mark"] for seat in look["bar"]] == MARKS
    assert look["bar"][0]["colour"] != look["bar"][1]["colour"]
    if game_id in PRINTED:  # a game with printed piece colours wears them in the seat bar too
        assert [seat["colour"] for seat in look["bar"]] == PRINTED[game_id]
    for seat in (0, 1):
        marks = look["board"][seat]
        assert marks, f"{game_id}: seat {seat} has no mark on the board"
        assert {mark["colour"] for mark in marks} == {look["bar"][seat]["colour"]}, (game_id, seat, marks)
        assert all(mark["text"] in (MARKS[seat], "badge") for mark in marks), (game_id, seat, marks)
    # the log: Spanish sentences, neither the notation nor the English, the bot's named
    assert len(lines) >= 2
    server = [(seat, text) for seat, text, *_ in view["log"]["es"]]
    assert [(line["seat"], line["text"]) for line in lines] == server
    # grouped by round (a heading on each round's first line), the notation on hover where seen
    rounds = [made_in for _, _, _, made_in, _ in view["log"]["es"]]
    headings = [None if index and made_in == rounds[index - 1]
                else f"Ronda {made_in}" if made_in else "Preparación" for index, made_in in enumerate(rounds)]
    assert [line["round"] for line in lines] == headings, game_id
    assert [line["hover"] for line in lines] == [notation for *_, notation in view["log"]["es"]], game_id
    notations = {notation for _, notation in view["history"]}
    for line, (_, english, *_) in zip(lines, view["log"]["en"], strict=True):
        assert line["text"] not in notations and line["text"] != english, (game_id, line)
        if line["seat"] == 1:
            assert line["text"].startswith("Jugador 1"), (game_id, line)
