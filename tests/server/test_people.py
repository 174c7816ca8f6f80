"""People at a table through the server: names, presence, resign and the lobby; bad input is a 4xx
with a reason in both languages (never a 500), and no payload carries a token or a secret."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.server import create_app

from .helpers import act, create, token

BOT = {"kind": "bot", "bot": "random", "level": "easy"}
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def table_of(client: TestClient, table_id: str, tok: str | None = None) -> dict:
    headers = {"authorization": f"Bearer {tok}"} if tok else {}
    answer = client.get(f"/api/tables/{table_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def secrets_of(table: dict) -> list[str]:
    return [s["token"] for s in table["seats"] if s["token"]] + [table["hotseat_token"]]


@pytest.mark.parametrize("name", ["Ana", "María José", "O'Neil", "li-na_2", "Ñandú", "王小明", "x" * 24])
def test_a_valid_name_is_stored_and_shown_to_everyone(client: TestClient, name: str):
    table = create(client, "blue-lagoon", PEOPLE, people={"name": "Ana"})
    answer = client.post(f"/api/tables/{table['id']}/name", json={"name": f"  {name} ",
                                                                  "token": table["seats"][1]["token"]})
    assert answer.status_code == 200, answer.text
    assert table_of(client, table["id"])["table"]["people"]["names"] == ["Ana", name]


BAD_NAMES = ["", "   ", "x" * 25, "<b>", "An\na", "a\u0000b", "a\tb", "-Ana", "Ana.", "a  b", "💥",
             "' OR 1=1 --"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_bad_name_is_a_400_in_both_languages_and_changes_nothing(client: TestClient, name: str):
    table = create(client, "happy-city", PEOPLE, people={"name": "Ana"})
    bea = table["seats"][1]["token"]
    answer = client.post(f"/api/tables/{table['id']}/name", json={"name": name, "token": bea})
    assert answer.status_code == 400, answer.text
    assert "24" in answer.json()["detail"] and "letras" in answer.json()["detail_es"]
    assert table_of(client, table["id"])["table"]["people"]["names"] == ["Ana", None]
    spec = {"game": "happy-city", "seats": PEOPLE, "people": {"name": name}}
    created = client.post("/api/tables", json=spec)
    assert created.status_code == 400 and "detail_es" in created.json()
    assert all(t["game"] != "happy-city" or t["id"] == table["id"] for t in client.get("/api/tables").json())


def test_who_may_name_a_seat(client: TestClient):
    table = create(client, "santa-monica", [{"kind": "human"}, BOT], people={"name": "Ana"})
    path = f"/api/tables/{table['id']}/name"
    assert client.post(path, json={"name": "Spy"}).status_code == 403  # a spectator has no seat
    assert client.post(path, json={"name": "Spy", "token": "A" * 22}).status_code == 403
    assert client.post(path, json={"name": "Spy", "token": "bad token!"}).status_code == 403
    mine = table["seats"][0]["token"]
    assert client.post(path, json={"name": "Spy", "token": mine, "seat": 1}).status_code == 403  # the bot's
    assert client.post(path, json={"name": "Ana B", "token": mine}).status_code == 200  # a rename
    hot = client.post(path, json={"name": "Ana C", "token": table["hotseat_token"], "seat": 0})
    assert hot.status_code == 200
    assert client.post(path, json={"name": 5, "token": mine}).status_code == 422
    assert client.post("/api/tables/nosuch/name", json={"name": "Ana", "token": mine}).status_code == 404
    people = table_of(client, table["id"])["table"]["people"]
    assert people["names"] == ["Ana C", None]


def test_presence_follows_the_sockets_of_each_seat(client: TestClient):
    table = create(client, "city-square-off", PEOPLE, people={"name": "Ana"})
    first, second = (token(s["link"]) for s in table["seats"])
    base = f"/api/tables/{table['id']}/ws"
    with client.websocket_connect(f"{base}?token={first}") as ana:
        assert ana.receive_json()["table"]["people"]["online"] == [True, False]
        # a spectator is nobody's presence
        with client.websocket_connect(base), client.websocket_connect(f"{base}?token={second}") as bea:
            assert bea.receive_json()["table"]["people"]["online"] == [True, True]
            while ana.receive_json()["table"]["people"]["online"] != [True, True]:
                pass
        while ana.receive_json()["table"]["people"]["online"] != [True, False]:
            pass
    assert table_of(client, table["id"])["table"]["people"]["online"] == [False, False]


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_resign_ends_the_game_ranks_the_others_and_reveals_nothing(client: TestClient, game_id: str):
    count = 3 if ludoteca.load(game_id).info.max_players >= 3 else 2
    seats = [{"kind": "human"}] * 2 + [BOT] * (count - 2)
    table = create(client, game_id, seats, people={"name": "Ana"}, seed=7)
    ana, bea = table["seats"][0]["token"], table["seats"][1]["token"]
    before = {tok: table_of(client, table["id"], tok) for tok in (None, ana, bea)}
    path = f"/api/tables/{table['id']}/resign"
    assert client.post(path, json={}).status_code == 403  # spectators cannot resign
    assert client.post(path, json={"token": table["hotseat_token"]}).status_code == 403  # which seat?
    answer = client.post(path, json={"token": ana})
    assert answer.status_code == 200, answer.text
    result = answer.json()["people"]["result"]
    assert result["resigned"] == 0 and result["ranking"][0] == count and 0 not in result["winners"]
    assert 1 in result["winners"] or not ludoteca.load(game_id).info.hidden_information
    if ludoteca.load(game_id).info.hidden_information:  # no provisional score of a hidden game is told
        assert result["scores"] == [None] * count and result["breakdown"] == [{}] * count
        assert sorted(result["winners"]) == list(range(1, count))
    assert client.post(path, json={"token": bea}).status_code == 409  # already over
    for tok, seen in before.items():  # every access sees what it saw before, plus the people
        after = table_of(client, table["id"], tok)
        assert after["views"] == seen["views"] and after["result"] is None
        assert after["table"]["people"]["result"] == result
        text = json.dumps(after)
        assert all(secret not in text for secret in secrets_of(table))
    legal = before[bea]["views"][0]["legal"] or before[ana]["views"][0]["legal"]
    mover = bea if before[bea]["views"][0]["legal"] else ana
    if legal:
        refused = act(client, table["id"], mover, legal[0])
        assert refused.status_code == 409 and refused.json()["detail_es"]
    undo = client.get(f"/api/tables/{table['id']}/undo", params={"token": ana}).json()
    assert undo["allowed"] is False
    assert all(t["finished"] for t in client.get("/api/tables").json() if t["id"] == table["id"])


def test_a_resigned_game_stays_resigned_in_a_new_process_and_its_bots_stop(db_file: str):
    with TestClient(create_app(db_file)) as client:
        table = create(client, "blue-lagoon", [{"kind": "human"}, BOT], people={"name": "Ana"})
        mine = table["seats"][0]["token"]
        legal = table_of(client, table["id"], mine)["views"][0]["legal"]
        assert client.post(f"/api/tables/{table['id']}/resign", json={"token": mine}).status_code == 200
        assert act(client, table["id"], mine, legal[0]).status_code == 409
    with TestClient(create_app(db_file)) as client:
        again = table_of(client, table["id"], mine)
        assert again["table"]["people"]["resigned"] == 0
        assert again["table"]["people"]["names"] == ["Ana", None]
        assert again["table"]["actions"] == 0  # the bot never moved after the resign
        assert act(client, table["id"], mine, legal[0]).status_code == 409


def test_the_lobby_lists_only_public_tables_with_a_free_seat_and_never_a_token(client: TestClient):
    private = create(client, "blue-lagoon", PEOPLE, people={"name": "Ana"})
    public = create(client, "bloom-town", [{"kind": "human"}, {"kind": "human"}, BOT], people={"name": "Ana",
                                                                                             "public": True})
    lobby = client.get("/api/lobby").json()
    assert [entry["id"] for entry in lobby] == [public["id"]]
    entry = lobby[0]
    assert [s["free"] for s in entry["seats"]] == [False, True, False]
    assert entry["seats"][0]["name"] == "Ana" and entry["seats"][2]["bot"] == "random"
    text = json.dumps(lobby)
    assert all(secret not in text for secret in secrets_of(public) + secrets_of(private))
    assert "token" not in text and "seed" not in text
    join = f"/api/lobby/{public['id']}/join"
    assert client.post(join, json={"seat": 1, "name": "<script>"}).status_code == 400
    assert client.post(join, json={"seat": 2, "name": "Cid"}).status_code == 400  # a bot's seat
    assert client.post(join, json={"seat": 0, "name": "Cid"}).status_code == 409  # Ana's
    assert client.post(join, json={"seat": 4, "name": "Cid"}).status_code == 400  # no such seat
    assert client.post(join, json={"seat": -1, "name": "Cid"}).status_code == 422
    assert client.post(f"/api/lobby/{private['id']}/join", json={"seat": 1, "name": "Cid"}).status_code == 403
    assert client.post("/api/lobby/nosuch/join", json={"seat": 1, "name": "Cid"}).status_code == 404
    taken = client.post(join, json={"seat": 1, "name": "Cid"})
    assert taken.status_code == 200, taken.text
    fresh = taken.json()["token"]
    assert client.post(join, json={"seat": 1, "name": "Dan"}).status_code == 409  # one winner
    assert client.get("/api/lobby").json() == []
    mine = table_of(client, public["id"], fresh)
    assert mine["you"]["seats"] == [1] and mine["table"]["people"]["names"][1] == "Cid"
    # the seat is Cid's now: its old link and the creator's hot-seat link no longer play it
    assert client.get(f"/api/tables/{public['id']}", headers={
        "authorization": f"Bearer {public['seats'][1]['token']}"}).status_code == 403
    assert table_of(client, public["id"], public["hotseat_token"])["you"]["seats"] == [0]


def test_a_lobby_join_survives_a_new_process(db_file: str):
    with TestClient(create_app(db_file)) as client:
        public = create(client, "happy-city", PEOPLE, people={"name": "Ana", "public": True})
        joined = client.post(f"/api/lobby/{public['id']}/join", json={"seat": 1, "name": "Cid"})
        fresh = joined.json()["token"]
    with TestClient(create_app(db_file)) as client:
        again = table_of(client, public["id"], fresh)
        assert again["you"]["seats"] == [1] and again["table"]["people"]["joined"] == [1]
        assert table_of(client, public["id"], public["hotseat_token"])["you"]["seats"] == [0]
