"""Undo through the server, by the core's rule: asked, done, stored, and refused with a reason."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ludoteca.server import create_app

from .helpers import act, create, my_turn_or_over, token, wait_until

BOT = {"kind": "bot", "bot": "random", "level": "easy"}


def undo(client: TestClient, table_id: str, tok: str, **extra):
    return client.post(f"/api/tables/{table_id}/undo", json={"token": tok, **extra})


def may_undo(client: TestClient, table_id: str, tok: str) -> dict:
    answer = client.get(f"/api/tables/{table_id}/undo", params={"token": tok})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_undo_takes_back_our_move_and_the_bots_answer_and_is_stored(db_file: str):
    with TestClient(create_app(db_file)) as client:
        table = create(client, "blue-lagoon", [{"kind": "human"}, BOT], seed=4)
        mine = token(table["seats"][0]["link"])
        first = may_undo(client, table["id"], mine)
        assert first["allowed"] is False and "no move" in first["reason"]["en"]
        assert "ninguna jugada" in first["reason"]["es"]
        legal = client.get(f"/api/tables/{table['id']}", params={"token": mine}).json()["views"][0]["legal"]
        assert act(client, table["id"], mine, legal[0]).status_code == 200
        payload = wait_until(client, table["id"], mine, my_turn_or_over(0))
        assert payload["table"]["actions"] == 2
        assert may_undo(client, table["id"], mine) == {"allowed": True, "steps": 2, "reason": None}
        stale = undo(client, table["id"], mine, seen=1)
        assert stale.status_code == 409  # the table moved on since the client looked
        answer = undo(client, table["id"], mine, seen=2)
        assert answer.status_code == 200, answer.text
        assert answer.json()["table"]["actions"] == 0
        assert answer.json()["views"][0]["legal"] == legal
    with TestClient(create_app(db_file)) as client:  # a new process reads the shorter game
        again = client.get(f"/api/tables/{table['id']}", params={"token": mine}).json()
        assert again["table"]["actions"] == 0
        assert act(client, table["id"], mine, legal[-1]).status_code == 200


def test_undo_is_refused_when_a_card_was_revealed_and_nothing_changes(client: TestClient):
    table = create(client, "happy-city", [{"kind": "human"}, BOT], seed=4)
    mine = token(table["seats"][0]["link"])
    legal = client.get(f"/api/tables/{table['id']}", params={"token": mine}).json()["views"][0]["legal"]
    draw = next(a for a in legal if a.startswith("draw"))
    assert act(client, table["id"], mine, draw).status_code == 200
    refused = undo(client, table["id"], mine)
    assert refused.status_code == 409
    assert "revealed" in refused.json()["detail"] and "reveló" in refused.json()["detail_es"]
    assert client.get(f"/api/tables/{table['id']}").json()["table"]["actions"] == 1


def test_undo_never_takes_back_another_persons_move(client: TestClient):
    table = create(client, "blue-lagoon", [{"kind": "human"}, {"kind": "human"}], seed=4)
    first, second = (token(s["link"]) for s in table["seats"])
    for tok in (first, second):
        legal = client.get(f"/api/tables/{table['id']}", params={"token": tok}).json()["views"][0]["legal"]
        assert act(client, table["id"], tok, legal[0]).status_code == 200
    answer = may_undo(client, table["id"], first)
    assert answer["allowed"] is False and "Player 1" in answer["reason"]["en"]
    assert undo(client, table["id"], first).status_code == 409
    assert undo(client, table["id"], second).status_code == 200  # the latest mover may
    assert client.get(f"/api/tables/{table['id']}").json()["table"]["actions"] == 1


def test_spectators_and_other_seats_cannot_undo(client: TestClient):
    table = create(client, "blue-lagoon", [{"kind": "human"}, BOT], seed=4)
    mine = token(table["seats"][0]["link"])
    assert undo(client, table["id"], "not-a-token").status_code == 403
    assert undo(client, table["id"], mine, seat=1).status_code == 403
    assert client.get(f"/api/tables/{table['id']}/undo").status_code == 422  # a token is required
