"""Following a game in the browser: what changed since your move is marked, the log reads as
sentences (notation one click away), a move in flight locks the board, a refusal resyncs, undo
follows the core's rule, and the end screen says who won and why."""

from __future__ import annotations

import random
import re

import httpx
import pytest

import ludoteca
from ludoteca.core.undo import Undo

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser


def new_table(base_url: str, game: str, seats: list[dict], seed: int = 3) -> dict:
    answer = httpx.post(f"{base_url}/api/tables", json={"game": game, "seed": seed, "seats": seats})
    assert answer.status_code == 201, answer.text
    return answer.json()


def token_of(link: str) -> str:
    return link.split("token=")[1]


def state(base_url: str, table: dict, seat: int = 0) -> dict:
    link = table["seats"][seat]["link"]
    return httpx.get(f"{base_url}/api/tables/{table['id']}", params={"token": token_of(link)}).json()


def log_length(page) -> int:
    return page.locator("#log li").count()


def wait_log(page, length: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {length}")


BOT = {"kind": "bot", "bot": "random"}
HUMAN = {"kind": "human"}


def test_blue_lagoon_marks_the_bots_move_and_logs_it_in_spanish(page, base_url):
    table = new_table(base_url, "blue-lagoon", [HUMAN, BOT])
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector(".status.your-turn")
    assert page.locator("svg.bl-board .changed").count() == 0  # nothing has happened yet
    page.locator("svg.bl-board rect.anchor").first.click()
    wait_log(page, 2)
    page.wait_for_selector(".status.your-turn")
    # the bot's settler is outlined, ours is not: only what changed since our move
    marked = page.locator("svg.bl-board .last-move.changed")
    assert marked.count() == 1
    tile = marked.get_attribute("data-tile")
    bot_piece = page.locator(f'svg.bl-board .piece.seat-1[data-tile="{tile}"]')
    assert bot_piece.count() == 1
    lines = page.locator("#log li")
    assert lines.nth(0).locator(".text").inner_text().startswith("Colocaste")  # a sentence, not "S 3,4"
    assert lines.nth(1).locator(".text").inner_text().startswith("Jugador 1 colocó")
    assert lines.nth(0).locator(".number").inner_text() == "1."
    assert page.locator("#log li.recent").count() == 1  # the bot's move, since ours
    shot(page, "blue-lagoon-last-move-es")
    page.locator("#log-notation").click()
    assert page.locator("#log li").nth(1).locator(".text").inner_text().startswith("S ")
    page.locator("#log-notation").click()
    assert "colocó" in page.locator("#log li").nth(1).inner_text()
    # after our next move the old mark goes and the bot's new one comes
    page.locator("svg.bl-board rect.anchor").first.click()
    wait_log(page, 4)
    page.wait_for_selector(".status.your-turn")
    assert page.locator("svg.bl-board .last-move.changed").count() == 1
    assert page.locator("svg.bl-board .last-move.changed").get_attribute("data-tile") != tile


GAMES = [info.id for info in ludoteca.list_games()]
TARGET = "#board [data-action]:visible"  # every renderer's click target of a legal move sends it


def first_mover(base_url: str, table: dict) -> int:
    """The seat that moves first (on some seeds of some games it is not seat 0)."""
    return httpx.get(f"{base_url}/api/tables/{table['id']}", timeout=120).json()["table"]["to_move"][0]


def status_of(page, now: dict, seat: int) -> None:
    """The page's status is the server's position: "your turn" exactly when `seat` is to move."""
    if seat in now["table"]["to_move"]:
        page.wait_for_selector(".status.your-turn")
    else:
        page.wait_for_selector("#status:has-text('Waiting for')")
        assert not page.locator(".status.your-turn").count()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_double_click_sends_one_move(page, base_url, game_id):
    table = new_table(base_url, game_id, [HUMAN, HUMAN])
    seat = first_mover(base_url, table)
    page.set_default_timeout(120_000)  # a busy machine serves slowly; not a timing check
    page.goto(base_url + table["seats"][seat]["link"])
    page.wait_for_selector(".status.your-turn")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    with page.expect_response("**/actions"):
        page.locator(TARGET).first.dblclick()
    wait_log(page, 1)
    assert len(posts) == 1, posts
    now = state(base_url, table, seat)
    assert now["table"]["actions"] == 1
    assert page.locator("#error").inner_text() == ""
    status_of(page, now, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lost_connection_locks_the_board_until_it_is_back_and_a_failed_request_says_so(
        page, base_url, game_id):
    """The live socket drops: the page says it is reconnecting (in Spanish here), locks the board,
    and opens a new socket after its back-off, which unlocks it. A move that cannot reach the
    server reads as the network's fault in the page's language, and nothing is played."""
    sockets = []

    def through_to_the_server(socket):  # every socket the page opens, passed through to the server
        socket.connect_to_server()
        sockets.append(socket)

    page.route_web_socket(re.compile(r"/ws$"), through_to_the_server)
    table = new_table(base_url, game_id, [HUMAN, HUMAN])
    seat = first_mover(base_url, table)
    page.set_default_timeout(120_000)  # a busy machine serves slowly; not a timing check
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][seat]["link"])
    page.wait_for_selector(".status.your-turn")
    page.wait_for_function("!document.getElementById('board').inert")
    sockets[-1].close()
    page.wait_for_selector("#connection:not([hidden])")
    assert page.locator("#connection").inner_text() == "Conexión perdida; reconectando…"
    assert page.evaluate("document.getElementById('board').inert")
    page.wait_for_selector("#connection", state="hidden")  # back, after the first back-off
    page.wait_for_function("!document.getElementById('board').inert")
    assert len(sockets) == 2
    page.route("**/actions", lambda route: route.abort("internetdisconnected"))
    page.locator(TARGET).first.click()
    page.wait_for_selector("#error:has-text('No se puede contactar con el servidor')")
    assert state(base_url, table, seat)["table"]["actions"] == 0
    expected = "ERR_INTERNET_DISCONNECTED"  # the browser's own note of the request we cut
    assert any(expected in e for e in page.console_errors)
    page.console_errors[:] = [e for e in page.console_errors if expected not in e]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refused_move_resyncs_and_says_why(page, base_url, game_id):
    """Another tab of the same seat moves first: the page's move gets a 409, and the page shows the
    reason over the position as it now is, not a stale "Your turn"."""
    table = new_table(base_url, game_id, [HUMAN, HUMAN])
    seat = first_mover(base_url, table)
    token = token_of(table["seats"][seat]["link"])
    page.set_default_timeout(120_000)
    page.goto(base_url + table["seats"][seat]["link"])
    page.wait_for_selector(".status.your-turn")

    def other_tab_first(route):
        legal = state(base_url, table, seat)["views"][0]["legal"]
        answer = httpx.post(f"{base_url}/api/tables/{table['id']}/actions",
                            json={"action": legal[-1], "token": token}, timeout=120)
        assert answer.status_code == 200, answer.text
        route.continue_()

    page.route("**/actions", other_tab_first)
    with page.expect_response("**/actions") as response:
        page.locator(TARGET).first.click()
    assert response.value.status == 409
    page.wait_for_selector("#error:has-text('Not played')")
    assert "moved on" in page.locator("#error").inner_text()
    now = state(base_url, table, seat)
    assert now["table"]["actions"] == 1
    wait_log(page, 1)
    assert log_length(page) == 1
    status_of(page, now, seat)
    expected = "status of 409"
    assert any(expected in e for e in page.console_errors)
    page.console_errors[:] = [e for e in page.console_errors if expected not in e]


def test_undo_takes_back_our_move_and_the_bots_answer(page, base_url):
    table = new_table(base_url, "blue-lagoon", [HUMAN, BOT])
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector(".status.your-turn")
    page.wait_for_selector("#undo-why:has-text('ninguna jugada')")  # nothing to take back yet
    assert page.locator("#undo").is_disabled()
    page.locator("svg.bl-board rect.anchor").first.click()
    wait_log(page, 2)
    page.wait_for_selector("#undo:not([disabled])")  # our settler and the bot's answer go together
    assert page.locator("#undo-why").inner_text() == ""
    page.locator("#undo").click()
    page.wait_for_function("document.querySelectorAll('#log li').length === 0")
    page.wait_for_selector(".status.your-turn")
    assert page.locator("svg.bl-board .pieces .piece").count() == 0
    assert state(base_url, table)["table"]["actions"] == 0
    shot(page, "blue-lagoon-after-undo-es")


# Undo in every game, between two people (so that no bot's timing decides the position): the core's
# rule (`State.undo_check`) lets a seat take back its latest move unless that move drew at random
# or revealed something, or another person moved since. Every one of the five games has moves of
# both kinds, so none is left out: Blue Lagoon refuses the move that ends the exploration (the
# islands are dealt new tokens at random; with two players it is always the second seat's move),
# City Square Off the placement that ends a round (both cities' shapes and the next card are
# revealed), the three others a move that turns up cards or tiles. The positions are found with
# the engine (seeded choices of who moves first and what, over a few seeds), then played through
# the API on a table of the same seed, each move by its seat's link; the page is the mover's.
SEEDS = range(1, 40)


def _moves_until(game_id: str, wanted) -> tuple[int, list[tuple[int, str]], int, Undo]:
    """The seed, the first run of seeded random moves after which a seat has just moved and
    `wanted(its undo answer)`, that seat and the answer."""
    game = ludoteca.load(game_id)
    for seed in SEEDS:
        position = game.new_state(2, seed)
        rng = random.Random(seed)
        while not position.is_over:
            seat = rng.choice(position.to_move)
            position.apply(rng.choice(position.legal_actions(seat)), seat)
            answer = position.undo_check(seat, (0, 1))
            if wanted(answer):
                return seed, list(position.history), seat, answer
    raise AssertionError(f"{game_id}: no such position in {len(SEEDS)} whole games")


def _play(base_url: str, table: dict, moves: list[tuple[int, str]]) -> None:
    tokens = [token_of(seat["link"]) for seat in table["seats"]]
    for seen, (seat, text) in enumerate(moves):
        answer = httpx.post(f"{base_url}/api/tables/{table['id']}/actions", timeout=120,
                            json={"action": text, "token": tokens[seat], "seat": seat, "seen": seen})
        assert answer.status_code == 200, (seen, seat, text, answer.text)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_allowed_by_the_rule_in_every_game(page, base_url, game_id):
    seed, moves, seat, answer = _moves_until(game_id, lambda undo: undo.allowed)
    table = new_table(base_url, game_id, [HUMAN, HUMAN], seed=seed)
    _play(base_url, table, moves)
    link = table["seats"][seat]["link"]
    asked = httpx.get(f"{base_url}/api/tables/{table['id']}/undo", timeout=120,
                      params={"token": token_of(link)}).json()
    assert asked["allowed"] is True and asked["steps"] == answer.steps == 1  # (the next move is a person's)
    page.set_default_timeout(120_000)  # a busy machine serves slowly; not a timing check
    page.goto(base_url + link)
    wait_log(page, len(moves))
    page.wait_for_selector("#undo:not([disabled])")
    assert page.locator("#undo-why").inner_text() == ""
    page.locator("#undo").click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {len(moves) - 1}")
    page.wait_for_selector(".status.your-turn")  # the mover's decision again
    assert state(base_url, table, seat)["table"]["actions"] == len(moves) - 1
    shot(page, f"{game_id}-after-undo")


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_refused_by_the_rule_with_the_reason_in_every_game(page, base_url, game_id):
    seed, moves, seat, answer = _moves_until(game_id, lambda undo: undo.reason in ("draw", "reveal"))
    table = new_table(base_url, game_id, [HUMAN, HUMAN], seed=seed)
    _play(base_url, table, moves)
    link = table["seats"][seat]["link"]
    token = token_of(link)
    refused = httpx.post(f"{base_url}/api/tables/{table['id']}/undo", json={"token": token}, timeout=120)
    assert refused.status_code == 409
    assert answer.why("en") in refused.json()["detail"] and answer.why("es") in refused.json()["detail_es"]
    asked = httpx.get(f"{base_url}/api/tables/{table['id']}/undo", params={"token": token},
                      timeout=120).json()
    assert asked["allowed"] is False and asked["steps"] == 0
    assert asked["reason"] == {"en": answer.why("en"), "es": answer.why("es")}
    page.set_default_timeout(120_000)
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + link)
    wait_log(page, len(moves))
    page.wait_for_function("document.querySelector('#undo-why').textContent !== ''")
    assert page.locator("#undo-why").inner_text() == asked["reason"]["es"]
    assert page.locator("#undo").is_disabled()
    assert state(base_url, table, seat)["table"]["actions"] == len(moves)


def play_to_the_end(base_url: str, table: dict) -> None:
    """Seat 0 plays its first legal move until the game ends (the bot answers in between)."""
    token = token_of(table["seats"][0]["link"])
    for _ in range(500):
        now = state(base_url, table)
        if now["table"]["is_over"]:
            return
        legal = now["views"][0]["legal"]
        if legal:
            httpx.post(f"{base_url}/api/tables/{table['id']}/actions",
                       json={"action": legal[0], "token": token, "seen": now["table"]["actions"]})
    raise AssertionError("the game did not end")


VERDICTS = {"en": ("You won!", "You lost", "You share the win"),
            "es": ("¡Has ganado!", "Has perdido", "Compartes la victoria")}
WHY = {"en": "Why it ended:", "es": "Por qué terminó:"}
# The breakdown's row titles (place, score, then the game's own rows), as the seat reads them.
_BREAKDOWN_ROWS = """() => [...document.querySelectorAll("#summary table.breakdown tbody th")]
  .map((th) => th.textContent)"""


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_screen_says_who_won_and_why(page, base_url, game_id):
    """The seat's own verdict (won, lost or shared), why the game ended, and a breakdown whose rows
    are each said once and in the page's language, in English and then Spanish on one page."""
    table = new_table(base_url, game_id, [HUMAN, BOT], seed=5)
    play_to_the_end(base_url, table)
    result = state(base_url, table)["result"]
    page.set_default_timeout(120_000)  # a busy machine serves the page slowly; not a timing check
    page.goto(base_url)
    choose_language(page, "en")
    page.goto(base_url + table["seats"][0]["link"])
    rows = {}
    for lang in ("en", "es"):
        if lang == "es":
            choose_language(page, lang)
        page.wait_for_selector(f"#summary:not([hidden]) #why-ended:has-text('{WHY[lang]}')")
        won, lost, shared = VERDICTS[lang]
        verdict = page.locator("#verdict").inner_text()
        if len(result["winners"]) > 1 and 0 in result["winners"]:
            assert verdict == shared, verdict
        else:
            assert verdict.startswith(won if result["winners"] == [0] else lost), verdict
        why = page.locator("#why-ended").inner_text()
        assert len(why) > len(WHY[lang]) + 10, why  # the reason itself, not only its title
        rows[lang] = page.evaluate(_BREAKDOWN_ROWS)
        titles = [title.casefold() for title in rows[lang]]
        assert len(titles) == len(set(titles)), (game_id, lang, rows[lang])  # no row twice
        shot(page, f"{game_id}-end-{lang}")
    assert len(rows["en"]) == len(rows["es"]) > 2
    untranslated = [en for en, es in zip(rows["en"], rows["es"], strict=True) if en == es]
    assert not untranslated, (game_id, untranslated)


def click_something(page) -> None:
    """Play one legal action of the shown seat by clicking the board (as test_browser does)."""
    anchors = page.locator("#board rect.anchor")
    if anchors.count():
        anchors.first.click()
    else:
        page.locator("#board button.action").first.click()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_marks_what_the_bot_did(page, base_url, game_id):
    """After the bot's move, something on the board is marked and its move is marked in the log;
    our own move never is."""
    table = new_table(base_url, game_id, [HUMAN, BOT], seed=7)
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    marked_after_bot = 0
    for _ in range(8):
        page.wait_for_selector(".status.your-turn, #summary:not([hidden])")
        if page.locator("#summary:not([hidden])").count():
            break
        recent = page.locator("#log li.recent")
        if recent.count():
            # only the others' moves since ours are marked in the log, in Spanish sentences
            texts = recent.locator(".text").all_inner_texts()
            assert all(line.startswith("Jugador 1") for line in texts), texts
            if page.locator("#board .changed").count():
                marked_after_bot += 1
        before = log_length(page)
        click_something(page)
        wait_log(page, before + 1)
    assert marked_after_bot > 0, "the bot's moves were never marked on the board"
    shot(page, f"{game_id}-marked-es")
