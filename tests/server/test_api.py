"""REST and WebSocket behaviour of the browser table's server, for every registered game."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.server import create_app
from ludoteca.server.messages import MESSAGES

from .helpers import act, create, my_turn_or_over, token, wait_until

GAMES = [info.id for info in ludoteca.list_games()]


def human_vs_bots(game_id: str) -> list[dict]:
    count = ludoteca.load(game_id).info.min_players
    return [{"kind": "human"}] + [{"kind": "bot", "bot": "random", "level": "easy"}] * (count - 1)


def test_games_docs_and_pages(client: TestClient):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games["games"]] == GAMES
    assert "random" in games["bots"] and games["levels"]
    assert "/api/tables" in client.get("/openapi.json").json()["paths"]
    assert client.get("/docs").status_code == 200
    assert "ludoteca" in client.get("/").text
    assert client.get("/static/games/generic.js").status_code == 200
    spanish = client.get(f"/api/games/{GAMES[0]}/rules", params={"lang": "es"}).json()
    assert spanish["text"] == ludoteca.load(GAMES[0]).rules_summary("es")


@pytest.mark.parametrize("game_id", GAMES)
def test_play_against_bots(client: TestClient, game_id: str):
    table = create(client, game_id, human_vs_bots(game_id), seed=11)
    mine = token(table["seats"][0]["link"])
    assert all(s["link"] is None for s in table["seats"][1:])
    for _ in range(6):
        payload = wait_until(client, table["id"], mine, my_turn_or_over(0))
        if payload["table"]["is_over"]:
            break
        view = payload["views"][0]
        assert view["seat"] == 0 and view["legal"] and view["render"]["es"]
        answer = act(client, table["id"], mine, view["legal"][-1])
        assert answer.status_code == 200, answer.text
    history = client.get(f"/api/tables/{table['id']}", params={"token": mine}).json()["views"][0]["history"]
    assert any(player == 0 for player, _ in history) and any(player != 0 for player, _ in history)


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_finish_a_game_and_the_replay_opens(client: TestClient, game_id: str):
    count = ludoteca.load(game_id).info.min_players
    table = create(client, game_id, [{"kind": "bot", "bot": "random"}] * count, seed=5)
    final = wait_until(client, table["id"], None, lambda p: p["table"]["is_over"])
    assert final["result"]["winners"] and final["views"][0]["seat"] is None
    record = client.get(f"/api/tables/{table['id']}/record").json()
    replayed = ludoteca.load(game_id).replay(record)
    assert replayed.result().to_dict() == final["result"]
    total = len(record["actions"])
    first = client.get(f"/api/tables/{table['id']}/replay/1").json()
    assert first["step"] == 1 and first["total"] == total and first["last"] == record["actions"][0]
    assert client.get(f"/api/tables/{table['id']}/replay/{total}").json()["view"] == final["views"][0]["view"]
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[table["id"]]["finished"] and "token" not in json.dumps(listed)


def test_record_is_secret_while_playing(client: TestClient):
    table = create(client, "city-square-off", [{"kind": "human"}, {"kind": "human"}])
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 409
    assert client.get(f"/api/tables/{table['id']}/replay/0").status_code == 409


def start_city_square_off(client: TestClient) -> tuple[dict, list[str], dict]:
    """Two humans past their starters, both owing a placement of the first shape card."""
    table = create(client, "city-square-off", [{"kind": "human"}, {"kind": "human"}], seed=3)
    tokens = [token(seat["link"]) for seat in table["seats"]]
    for _ in range(2):
        payload = client.get(f"/api/tables/{table['id']}", params={"token": table["hotseat"].split("=")[1]})
        seat = payload.json()["table"]["to_move"][0]
        legal = payload.json()["views"][seat]["legal"]
        assert act(client, table["id"], tokens[seat], legal[0]).status_code == 200
    payload = client.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()
    assert payload["table"]["to_move"] == [0, 1]
    return table, tokens, payload


def test_errors_are_4xx_with_a_message_and_change_nothing(client: TestClient):
    table, tokens, before = start_city_square_off(client)
    tid = table["id"]
    legal = before["views"][0]["legal"]
    cases = [
        (act(client, tid, tokens[0], legal[0], seat=1), 403),  # a seat this link does not play
        (act(client, tid, "not-a-token", legal[0]), 403),
        (act(client, tid, tokens[0], "X5 r0 z9"), 400),  # not the notation
        (act(client, tid, tokens[0], "I1 r0 a1"), 409),  # well formed, not the current card
        (act(client, tid, tokens[0], ""), 400),
        (client.post(f"/api/tables/{tid}/actions", json={"token": tokens[0]}), 422),
        (client.post(f"/api/tables/{tid}/actions", content=b"{not json"), 422),
        (client.post("/api/tables/nope/actions", json={"action": "x", "token": "y"}), 404),
        (client.get(f"/api/tables/{tid}", params={"token": "forged"}), 403),
        (client.post("/api/tables", json={"game": "chess"}), 400),
        (client.post("/api/tables", json={"game": "city-square-off", "options": {"variant": "x"}}), 400),
        (client.post("/api/tables", json={"game": "city-square-off", "num_players": 5}), 400),
        (client.post("/api/tables", json={"game": "city-square-off", "seats": [{"kind": "bot"}]}), 400),
        (client.post("/api/tables", json={"game": "city-square-off", "seats": [{"kind": "robot"}] * 2}), 422),
        (client.get("/api/games/chess/rules"), 400),
    ]
    for answer, status in cases:
        assert answer.status_code == status, answer.text
        assert isinstance(answer.json()["detail"], str) and answer.json()["detail"]
        # every refusal comes from the catalogue, in both languages
        assert answer.json()["code"] and answer.json()["detail_es"] != answer.json()["detail"], answer.text
    after = client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json()
    assert after == before


def test_an_unknown_key_is_refused_by_name_not_ignored(client: TestClient):
    """A misspelt or misplaced field would otherwise be dropped in silence: `"bots"` instead of
    `"seats"` would make a table of humans the creator did not ask for."""
    table, tokens, before = start_city_square_off(client)
    tid = table["id"]
    bots = [{"kind": "bot", "bot": "random"}] * 2
    count = len(client.get("/api/tables").json())

    def create_with(**extra: object):
        return client.post("/api/tables", json={"game": "city-square-off", **extra})

    cases = [
        (create_with(bots=bots), "bots"),
        (create_with(seats=[{"kind": "bot", "bott": "random"}] * 2), "seats.0.bott"),
        (create_with(clock={"kind": "move", "secs": 30}), "clock.secs"),
        (create_with(people={"nick": "Ana"}), "people.nick"),
        (client.post(f"/api/tables/{tid}/actions", json={"action": before["views"][0]["legal"][0],
                                                          "token": tokens[0], "sean": 0}), "sean"),
        (client.post(f"/api/tables/{tid}/undo", json={"token": tokens[0], "steps": 2}), "steps"),
    ]
    for answer, key in cases:
        assert answer.status_code == 422, answer.text
        body = answer.json()
        assert key in body["detail"] and key in body["detail_es"] and body["detail_es"] != body["detail"]
    assert len(client.get("/api/tables").json()) == count  # no table was made
    assert client.get(f"/api/tables/{tid}", params={"token": tokens[0]}).json() == before


SM = {"game": "santa-monica"}
MALFORMED = [  # (pydantic's error type, body, English, Spanish): every type the catalogue words
    ("missing", {},
     "game: required", "game: obligatorio"),
    ("extra_forbidden", {**SM, "sead": 1},
     "sead: not a field of this request", "sead: no es un campo de esta petición"),
    ("json_invalid", b'{"game": ',
     "the request: not valid JSON at character 9", "la petición: no es JSON válido en el carácter 9"),
    ("model_attributes_type", [],
     "the request: must be a JSON object", "la petición: debe ser un objeto JSON"),
    ("dict_type", {**SM, "options": [1]},
     "options: must be a JSON object", "options: debe ser un objeto JSON"),
    ("list_type", {**SM, "seats": "bots"},
     "seats: must be a list", "seats: debe ser una lista"),
    ("string_type", {"game": 7},
     "game: must be text", "game: debe ser un texto"),
    ("int_type", {**SM, "options": {"end_cards": {}}},
     "options.end_cards.int: must be a whole number", "options.end_cards.int: debe ser un número entero"),
    ("int_parsing", {**SM, "num_players": "two"},
     "num_players: must be a whole number", "num_players: debe ser un número entero"),
    ("int_from_float", {**SM, "num_players": 2.5},
     "num_players: must be a whole number, without decimals",
     "num_players: debe ser un número entero, sin decimales"),
    ("bool_type", {**SM, "options": {"x": {}}},
     "options.x.bool: must be true or false", "options.x.bool: debe ser true o false"),
    ("bool_parsing", {**SM, "people": {"public": "maybe"}},
     "people.public: must be true or false", "people.public: debe ser true o false"),
    ("greater_than_equal", {**SM, "num_players": 0},
     "num_players: must be 1 or more", "num_players: debe ser 1 o más"),
    ("less_than_equal", {**SM, "num_players": 99},
     "num_players: must be 5 or less", "num_players: debe ser 5 o menos"),
    ("less_than", {**SM, "seed": 2**63},
     f"seed: must be less than {2**63}", f"seed: debe ser menos de {2**63}"),
    ("string_too_long", {"game": "x" * 65},
     "game: must have at most 64 characters", "game: debe tener como mucho 64 caracteres"),
    ("too_long", {**SM, "seats": [{"kind": "human"}] * 6},
     "seats: must have at most 5 items", "seats: debe tener como mucho 5 elementos"),
    ("literal_error", {**SM, "clock": {"kind": "moves"}},
     "clock.kind: must be 'none', 'move' or 'game'", "clock.kind: debe ser 'none', 'move' o 'game'"),
]


def test_a_malformed_body_is_explained_in_both_languages_in_our_words(client: TestClient):
    """Pydantic words its errors in English only: a Spanish reader got "petición mal formada: game:
    Field required". Every error type the catalogue words is sent once, and no case leaves
    pydantic's English behind."""
    assert {case[0] for case in MALFORMED} == set(MESSAGES.group("request.problem"))
    for kind, body, english, spanish in MALFORMED:
        if isinstance(body, bytes):
            answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        else:
            answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, (kind, answer.text)
        detail = answer.json()
        assert english in detail["detail"] and spanish in detail["detail_es"], (kind, detail)
        for words in ("Input should", "Field required", "Extra inputs", "Expecting"):
            assert words not in detail["detail_es"] or kind == "json_invalid", (kind, detail)


def test_a_seat_never_receives_the_other_seats_secret_placement(client: TestClient):
    table, tokens, payload = start_city_square_off(client)
    secret = payload["views"][0]["legal"][0]
    with (
        client.websocket_connect(f"/api/tables/{table['id']}/ws?token={tokens[1]}") as other,
        client.websocket_connect(f"/api/tables/{table['id']}/ws") as spectator,
    ):
        other.receive_json(), spectator.receive_json()
        assert act(client, table["id"], tokens[0], secret).status_code == 200
        for ws in (other, spectator):
            seen = ws.receive_json()
            assert seen["table"]["to_move"] == [1]
            assert secret not in json.dumps(seen)
    mine = client.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()
    assert mine["views"][0]["view"]["players"][0]["pending"] == secret
    theirs = client.get(f"/api/tables/{table['id']}", params={"token": tokens[1]}).json()
    assert secret not in json.dumps(theirs) and [v["seat"] for v in theirs["views"]] == [1]


def test_hotseat_link_plays_every_human_seat(client: TestClient):
    table, tokens, payload = start_city_square_off(client)
    hotseat = token(table["hotseat"])
    both = client.get(f"/api/tables/{table['id']}", params={"token": hotseat}).json()
    assert both["you"] == {"seats": [0, 1], "hotseat": True}
    assert act(client, table["id"], hotseat, both["views"][0]["legal"][0]).status_code == 400  # which seat?
    assert act(client, table["id"], hotseat, both["views"][0]["legal"][0], seat=0).status_code == 200
    assert act(client, table["id"], hotseat, both["views"][1]["legal"][0], seat=1).status_code == 200
    after = client.get(f"/api/tables/{table['id']}", params={"token": hotseat}).json()
    assert after["table"]["actions"] == payload["table"]["actions"] + 2


def test_a_restart_loses_nothing(db_file):
    with TestClient(create_app(str(db_file))) as first:
        table, tokens, _ = start_city_square_off(first)
        legal = first.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()["views"][0][
            "legal"
        ]
        assert act(first, table["id"], tokens[0], legal[0]).status_code == 200  # a secret pending placement
        bots = create(first, "city-square-off", human_vs_bots("city-square-off"), seed=9)
        bot_token = token(bots["seats"][0]["link"])
        wait_until(first, bots["id"], bot_token, my_turn_or_over(0))
        before = {tid: first.app.state.tables.live[tid].state.to_json() for tid in (table["id"], bots["id"])}
        seen = first.get(f"/api/tables/{table['id']}", params={"token": tokens[1]}).json()
    with TestClient(create_app(str(db_file))) as second:
        for tid, state in before.items():
            second.get(f"/api/tables/{tid}")
            assert second.app.state.tables.live[tid].state.to_json() == state
        assert second.get(f"/api/tables/{table['id']}", params={"token": tokens[1]}).json() == seen
        legal = seen["views"][0]["legal"]
        assert act(second, table["id"], tokens[1], legal[0]).status_code == 200
        resolved = second.get(f"/api/tables/{table['id']}", params={"token": tokens[0]}).json()
        assert len(resolved["views"][0]["view"]["players"][1]["pieces"]) == 2
        payload = wait_until(second, bots["id"], bot_token, my_turn_or_over(0))
        assert act(second, bots["id"], bot_token, payload["views"][0]["legal"][0]).status_code == 200
        wait_until(second, bots["id"], bot_token, my_turn_or_over(0))
