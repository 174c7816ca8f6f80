"""Each seat's payload carries the legal actions as data and the moves in words, and a secret
placement reads as secret to the other seat."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import act
from .test_api import start_city_square_off


def test_payload_has_actions_as_data_and_moves_in_words(client: TestClient):
    table, tokens, payload = start_city_square_off(client)
    mine = payload["views"][0]
    assert [a["text"] for a in mine["actions"]] == mine["legal"]
    assert all(a["kind"] == "tile" and a["squares"] for a in mine["actions"])
    assert [p for p, _ in mine["log"]["en"]] == [p for p, _ in mine["history"]]
    assert mine["log"]["es"][0][1] != mine["log"]["en"][0][1]
    chosen = mine["actions"][0]
    assert act(client, table["id"], tokens[0], chosen["text"]).status_code == 200
    for seat, expected in ((0, "You placed the"), (1, "Player 0 placed a tile in secret")):
        view = client.get(f"/api/tables/{table['id']}", params={"token": tokens[seat]}).json()["views"][0]
        assert view["log"]["en"][-1][1].startswith(expected), view["log"]["en"][-1]
    other = client.get(f"/api/tables/{table['id']}", params={"token": tokens[1]}).json()["views"][0]
    assert chosen["text"] not in str(other["log"]) and "pending_action" in other["view"]["players"][0]
    assert other["view"]["players"][0]["pending_action"] is None
