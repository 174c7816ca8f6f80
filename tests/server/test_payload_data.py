"""Each seat's payload carries the legal actions as data and the moves in words, and a secret
placement reads as secret to the other seat."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.core import State
from ludoteca.server.tables import Access, LiveTable, Seat

from .helpers import act, create, token
from .test_api import start_city_square_off


def test_payload_has_actions_as_data_and_moves_in_words(client: TestClient):
    table, tokens, payload = start_city_square_off(client)
    mine = payload["views"][0]
    assert [a["text"] for a in mine["actions"]] == mine["legal"]
    assert all(a["kind"] == "tile" and a["squares"] for a in mine["actions"])
    assert [line[0] for line in mine["log"]["en"]] == [p for p, _ in mine["history"]]
    assert mine["log"]["es"][0][1] != mine["log"]["en"][0][1]
    chosen = mine["actions"][0]
    assert act(client, table["id"], tokens[0], chosen["text"]).status_code == 200
    for seat, expected in ((0, "You placed the"), (1, "Player 0 placed a tile in secret")):
        view = client.get(f"/api/tables/{table['id']}", params={"token": tokens[seat]}).json()["views"][0]
        assert view["log"]["en"][-1][1].startswith(expected), view["log"]["en"][-1]
    other = client.get(f"/api/tables/{table['id']}", params={"token": tokens[1]}).json()["views"][0]
    assert chosen["text"] not in str(other["log"]) and "pending_action" in other["view"]["players"][0]
    assert other["view"]["players"][0]["pending_action"] is None


GAMES = [info.id for info in ludoteca.list_games()]


def _finished(game_id: str, seed: int = 2) -> State:
    """A whole game of random moves (seeded), as a table would hold it at its end."""
    game = ludoteca.load(game_id)
    state = game.new_state(game.info.min_players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def _wording(state: State, index: int, lang: str) -> str:
    """Action `index` of the record as a spectator reads it once the game is over: worded in the
    position before it, replayed from the record (nothing is secret at the end)."""
    game = state.game
    player, text = state.history[index]
    before = game.replay(game.record(state), upto=index)
    return game._describe(before, game.parse_action(text, before), player, lang, False, False)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_log_line_names_the_action_of_the_record_it_says(game_id: str):
    """A log line is `[player, sentence, action, round, notation]`: `action` is the index in the
    record of exactly the action the sentence words, which is what a replay steps by. The
    notation list beside it (`history`) is no guide: in Santa Monica it also lists the decisions
    the rules made alone, which no record holds, so it is longer than the record."""
    state = _finished(game_id)
    record = state.game.record(state)["actions"]
    table = LiveTable(id="t", state=state, seats=[Seat("human")] * state.num_players, hotseat_hash="")
    view = table.payload(Access())["views"][0]
    for lang in ("en", "es"):
        lines = view["log"][lang]
        assert [line[2] for line in lines] == list(range(len(record)))
        for player, sentence, action, _, notation in lines:
            assert player == record[action][0]
            assert sentence == _wording(state, action, lang), (game_id, action)
            assert notation == record[action][1]  # a finished game hides no move from seat 0
    if game_id == "santa-monica":
        assert len(view["history"]) > len(record)  # the rules' own decisions, logged in notation only


def test_a_replays_steps_and_the_log_agree_past_santa_monicas_forced_decisions(client: TestClient):
    """Through the API: every replay step's action is the record's, and the log line with that
    action index is the sentence of that action, also after the first decision the rules made
    alone (where the notation list and the record part ways)."""
    table = create(client, "santa-monica", [{"kind": "human"}] * 2, seed=4)
    tokens = [token(seat["link"]) for seat in table["seats"]]
    for _ in range(400):
        payload = client.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()
        if payload["table"]["is_over"]:
            break
        seat = payload["table"]["to_move"][0]
        own = client.get(f"/api/tables/{table['id']}", params={"token": tokens[seat]}).json()
        legal = own["views"][0]["legal"]
        assert act(client, table["id"], tokens[seat], legal[-1]).status_code == 200
    finished = client.get(f"/api/tables/{table['id']}").json()
    assert finished["table"]["is_over"]
    record = client.get(f"/api/tables/{table['id']}/record").json()["actions"]
    view = finished["views"][0]
    notation = [list(line) for line in view["history"]]
    parted = next(i for i, (line, action) in enumerate(zip(notation, record, strict=False)) if line != action)
    assert len(notation) > len(record)
    by_action = {line[2]: line for line in view["log"]["es"]}
    assert sorted(by_action) == list(range(len(record)))
    for step in sorted({parted, parted + 1, parted + 2, len(record)} & set(range(1, len(record) + 1))):
        shown = client.get(f"/api/tables/{table['id']}/replay/{step}").json()
        assert shown["last"] == record[step - 1]
        player, sentence, action, *_ = by_action[step - 1]
        assert (player, action) == (record[step - 1][0], step - 1)
        assert sentence != notation[step - 1][1]
