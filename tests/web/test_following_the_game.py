"""Following a game in the browser: what changed since your move is marked, the log reads as
sentences (notation one click away), a move in flight locks the board, a refusal resyncs, undo
follows the core's rule, and the end screen says who won and why."""

from __future__ import annotations

import httpx
import pytest

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


def test_a_double_click_sends_one_move(page, base_url):
    table = new_table(base_url, "blue-lagoon", [HUMAN, HUMAN])
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector(".status.your-turn")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    with page.expect_response("**/actions"):
        page.locator("svg.bl-board rect.anchor").first.dblclick()
    wait_log(page, 1)
    assert len(posts) == 1, posts
    assert state(base_url, table)["table"]["actions"] == 1
    assert page.locator("#error").inner_text() == ""
    assert not page.locator(".status.your-turn").count()


def test_a_refused_move_resyncs_and_says_why(page, base_url):
    """Another tab of the same seat moves first: the page's move gets a 409, and the page shows the
    reason over the position as it now is, not a stale "Your turn"."""
    table = new_table(base_url, "blue-lagoon", [HUMAN, HUMAN])
    token = token_of(table["seats"][0]["link"])
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector(".status.your-turn")

    def other_tab_first(route):
        legal = state(base_url, table)["views"][0]["legal"]
        answer = httpx.post(f"{base_url}/api/tables/{table['id']}/actions",
                            json={"action": legal[-1], "token": token})
        assert answer.status_code == 200, answer.text
        route.continue_()

    page.route("**/actions", other_tab_first)
    with page.expect_response("**/actions") as response:
        page.locator("svg.bl-board rect.anchor").first.click()
    assert response.value.status == 409
    page.wait_for_selector("#error:has-text('Not played')")
    assert "moved on" in page.locator("#error").inner_text()
    page.wait_for_selector("#status:has-text('Waiting for Player 1')")
    assert log_length(page) == 1
    assert not page.locator(".status.your-turn").count()
    expected = "status of 409"
    assert any(expected in e for e in page.console_errors)
    page.console_errors[:] = [e for e in page.console_errors if expected not in e]


def test_undo_follows_the_core_rule(page, base_url):
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


def test_undo_is_refused_after_a_draw_with_the_reason(page, base_url):
    table = new_table(base_url, "happy-city", [HUMAN, BOT])
    token = token_of(table["seats"][0]["link"])
    legal = state(base_url, table)["views"][0]["legal"]
    draw = next(a for a in legal if a.startswith("draw"))
    answer = httpx.post(f"{base_url}/api/tables/{table['id']}/actions", json={"action": draw, "token": token})
    assert answer.status_code == 200, answer.text
    refused = httpx.post(f"{base_url}/api/tables/{table['id']}/undo", json={"token": token})
    assert refused.status_code == 409
    # the draw turned a card face up: undoing it would let us draw again, so the rule refuses
    assert "draw 1" in refused.json()["detail"] and "revealed" in refused.json()["detail"]
    assert "reveló" in refused.json()["detail_es"]
    asked = httpx.get(f"{base_url}/api/tables/{table['id']}/undo", params={"token": token}).json()
    assert asked["allowed"] is False and asked["steps"] == 0
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector("#undo-why:has-text('reveló')")
    assert page.locator("#undo-why").inner_text() == asked["reason"]["es"]
    assert page.locator("#undo").is_disabled()
    assert state(base_url, table)["table"]["actions"] >= 1


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


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_end_screen_says_who_won_and_why(page, base_url, lang):
    table = new_table(base_url, "city-square-off", [HUMAN, BOT], seed=5)
    play_to_the_end(base_url, table)
    result = state(base_url, table)["result"]
    page.goto(base_url)
    choose_language(page, lang)
    page.goto(base_url + table["seats"][0]["link"])
    page.wait_for_selector("#summary:not([hidden]) #verdict")
    verdict = page.locator("#verdict").inner_text()
    won = result["winners"] == [0]
    expected = {("en", True): "You won!", ("en", False): "You lost", ("es", True): "¡Has ganado!",
                ("es", False): "Has perdido"}
    if len(result["winners"]) == 2:
        assert verdict == {"en": "You share the win", "es": "Compartes la victoria"}[lang]
    else:
        assert verdict.startswith(expected[(lang, won)]), verdict
    why = page.locator("#why-ended").inner_text()
    assert why.startswith({"en": "Why it ended:", "es": "Por qué terminó:"}[lang])
    assert len(why) > 20
    shot(page, f"city-square-off-end-{lang}")


GAMES = ["blue-lagoon", "city-square-off", "happy-city", "bloom-town", "santa-monica"]


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
