"""End to end in headless chromium: create a table against a bot, play by clicking, reload, in Spanish."""

from __future__ import annotations

import time

import httpx
import pytest

import ludoteca

from .conftest import choose_language, shot

pytestmark = pytest.mark.browser

GAMES = [info.id for info in ludoteca.list_games()]
TURNS = 4


def log_length(page) -> int:
    return page.locator("#log li").count()


def play_one_turn(page) -> bool:
    """Click one legal action of the shown seat; False when the game is over."""
    page.wait_for_selector(".status.your-turn, #summary:not([hidden])")
    if page.locator("#summary:not([hidden])").count():
        return False
    before = log_length(page)
    anchors = page.locator("rect.anchor")
    if anchors.count():
        anchors.first.click()
    else:
        page.locator("button.action").first.click()
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_play_a_bot_by_clicking_reload_and_continue_in_spanish(page, base_url, game_id):
    page.goto(base_url)
    choose_language(page, "es")
    page.wait_for_selector("text=Juegos")
    page.locator(f'.game-card[data-game="{game_id}"] button').click()
    page.wait_for_selector("#create-form select[name=num_players]")
    assert page.locator("#create-button").inner_text() == "Crear mesa"
    assert page.locator("select[name=bot-1]").input_value() == "mcts"  # a good first game
    page.select_option("select[name=bot-1]", "random")  # (a quick opponent keeps the test short)
    assert page.locator("select[name=level-1]").is_hidden()  # random ignores the level
    shot(page, f"{game_id}-create-es")
    page.locator("#create-button").click()
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#board > *")
    assert page.locator("h3[data-i18n=log]").inner_text() == "Jugadas"
    for _ in range(TURNS):
        if not play_one_turn(page):
            break
    shot(page, f"{game_id}-playing-es")
    seen = log_length(page)
    page.reload()
    page.wait_for_selector("#board > *")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {seen}")
    assert page.locator("#status").inner_text().startswith(("Tu turno", "Esperando", "Fin de la partida"))
    play_one_turn(page)
    shot(page, f"{game_id}-after-reload-es")


def _bot_game(base_url: str, game_id: str) -> str:
    count = ludoteca.load(game_id).info.min_players
    answer = httpx.post(
        f"{base_url}/api/tables", json={"game": game_id, "seats": [{"kind": "bot", "bot": "random"}] * count},
        timeout=120,
    )
    table_id = answer.json()["id"]
    _wait_until_over(base_url, table_id)
    return table_id


def _wait_until_over(base_url: str, table_id: str, seconds: float = 180.0) -> None:
    """Bots play a whole game in the server before the page opens: on a busy machine that takes
    longer than a page wait allows, and the test is about the summary, not the bots' speed."""
    deadline = time.monotonic() + seconds
    while not httpx.get(f"{base_url}/api/tables/{table_id}", timeout=120).json()["table"]["is_over"]:
        assert time.monotonic() < deadline, f"the bots' game {table_id} did not end in {seconds} s"
        time.sleep(0.25)


END_WORDS = {"en": (" wins", "A shared win:", "Why it ended:", "Step"),
             "es": (" gana", "Victoria compartida:", "Por qué terminó:", "Paso")}
# The page's log in a replay: each line's number (its action's, from 1) and text.
_LOG_LINES = """() => [...document.querySelectorAll("#log li")].map((li) => [
  li.querySelector(".number").textContent, li.querySelector(".text").textContent])"""


def _replay_target(finished: dict, record: list) -> int:
    """A step past the first action after which the notation list (`history`) and the record part
    ways (Santa Monica's rules decide some moves alone: the notation lists them, no record does),
    or a few steps in where they never do: the replay must word exactly the record's action there."""
    notation = [list(line) for line in finished["history"]]
    parted = next((i for i, (a, b) in enumerate(zip(notation, record, strict=False)) if a != b), 2)
    return min(parted + 2, len(record))


@pytest.mark.parametrize("game_id", GAMES)
def test_finished_game_summary_and_replay(page, base_url, game_id):
    """The end screen and the replay, in English and then Spanish on the same page: who won, why
    the game ended, and the replay's log and step line in sentences of the page's language, each
    the server's wording of exactly that action of the record (found by the action index each log
    line carries), also past a step where the notation list and the record part ways; leaving the
    replay brings the end screen back, in both languages."""
    table_id = _bot_game(base_url, game_id)
    finished = httpx.get(f"{base_url}/api/tables/{table_id}", timeout=120).json()["views"][0]
    record = httpx.get(f"{base_url}/api/tables/{table_id}/record", timeout=120).json()["actions"]
    target = _replay_target(finished, record)
    if game_id == "santa-monica":
        assert len(finished["history"]) > len(record)  # the case the action index is for
    page.set_default_timeout(120_000)  # a busy machine serves the page slowly; not a timing check
    page.goto(f"{base_url}/table/{table_id}")
    choose_language(page, "en")
    page.wait_for_selector("#summary:not([hidden]) table.breakdown")
    assert page.locator("#summary .winners").inner_text()
    for lang in ("en", "es"):
        wins, shared, why, step = END_WORDS[lang]
        if lang == "es":
            choose_language(page, lang)
            page.wait_for_selector(f"#why-ended:has-text('{why}')")
        verdict = page.locator("#verdict").inner_text()  # a spectator reads who won
        assert verdict.endswith(wins) or verdict.startswith(shared), verdict
        assert page.locator("#why-ended").inner_text().startswith(why)
        page.locator("#summary #replay-start").click()
        page.wait_for_selector(f"#replay-step:has-text('{step} 0 /')")
        assert page.locator("#summary").is_hidden()  # the replay takes the end screen's place
        words = {action: (player, text) for player, text, action, *_ in finished["log"][lang]}
        for number in range(1, target + 1):
            page.locator("#replay-next").click()
            page.wait_for_selector(f"#replay-step:has-text('{step} {number} /')")
        lines = page.evaluate(_LOG_LINES)
        assert lines == [[f"{action + 1}.", words[action][1]] for action in range(target)], (game_id, lang)
        assert lines[0][1] != finished["history"][0][1]  # words, not the notation
        said = words[target - 1][1]  # the sentence of the record's action `target - 1`, and no other
        assert record[target - 1][0] == words[target - 1][0]
        assert page.locator("#replay-step").inner_text().endswith(said), (game_id, lang, said)
        shot(page, f"{game_id}-replay-{lang}")
        page.locator("#replay-exit").click()
        page.wait_for_selector("#summary:not([hidden]) #replay-start")  # the end screen is back
        assert page.locator("#replay").is_hidden()
        assert page.locator("#why-ended").inner_text().startswith(why)
        assert page.locator("#log li").count() == len(words)  # the whole game's log again


def wait_log(page, length: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#log li').length === {length}")


def test_two_friends_in_two_browsers_and_the_secret_placement(browser, base_url):
    answer = httpx.post(
        f"{base_url}/api/tables", json={"game": "city-square-off", "seats": [{"kind": "human"}] * 2}
    ).json()
    friends = []
    for seat in answer["seats"]:
        friend = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True).new_page()
        friend.set_default_timeout(15000)
        friend.goto(base_url + seat["link"])
        friend.wait_for_selector("#status:not(:empty)")
        friends.append(friend)
    first = next(f for f in friends if f.locator(".status.your-turn").count())
    second = friends[1 - friends.index(first)]
    first.locator("rect.anchor").first.click()  # starters are placed one after the other
    for friend in friends:
        wait_log(friend, 1)
    second.wait_for_selector(".status.your-turn")
    second.locator("rect.anchor").first.click()
    for friend in friends:
        wait_log(friend, 2)
    first.wait_for_selector(".status.your-turn")
    first.locator("rect.anchor").first.click()  # a secret placement: only its author sees it
    wait_log(first, 3)
    second.wait_for_selector("#status:has-text('Player')")
    # the other city learns that a placement was made, never where (the log reads it as secret)
    wait_log(second, 3)
    assert "in secret" in second.locator("#log li").nth(2).inner_text()
    assert first.locator("#log li").nth(2).inner_text() != second.locator("#log li").nth(2).inner_text()
    shot(second, "city-square-off-friend-waiting")
    second.locator("rect.anchor").first.click()
    for friend in friends:
        wait_log(friend, 4)
    shot(first, "city-square-off-friend-0")
    for friend in friends:
        friend.context.close()


def test_rules_page_in_spanish(page, base_url):
    page.goto(base_url)
    choose_language(page, "es")
    page.goto(f"{base_url}/rules/{GAMES[0]}")
    page.wait_for_selector("#rules h2")
    assert page.locator("#options h2").inner_text() == "Opciones"
    shot(page, f"{GAMES[0]}-rules-es")


def test_the_form_keeps_its_choices_when_the_language_changes(page, base_url):
    page.goto(base_url)
    choose_language(page, "en")
    page.locator('.game-card[data-game="happy-city"] button').click()
    page.wait_for_selector("#create-form select[name=num_players]")
    page.select_option("#num-players", "3")
    page.select_option("select[name=bot-2]", "greedy")
    page.locator("#opt-expert").check()
    choose_language(page, "es")
    page.wait_for_selector("#create-button:text('Crear mesa')")
    assert page.locator("#num-players").input_value() == "3"
    assert page.locator("select[name=bot-2]").input_value() == "greedy"
    assert page.locator("#opt-expert").is_checked()
    assert page.locator("select[name=level-2]").is_hidden()
    assert page.locator("select[name=level-1]").is_visible()  # mcts plays by level
