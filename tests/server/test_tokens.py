"""Link tokens can travel outside query strings (which reverse proxies log): in an `Authorization:
Bearer` header for REST and WebSocket, in the action's body, or as a WebSocket subprotocol (what a
browser can set). The deprecated `?token=` still works; two different tokens are refused. The links
the API answers carry the token in their fragment (`#token=`), never in a query string."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .helpers import create

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


@pytest.fixture
def table(client: TestClient) -> dict:
    return create(client, "city-square-off", HUMANS, seed=3)


def test_the_answer_gives_each_token_apart_from_its_link_whose_fragment_carries_it(table: dict):
    """`#token=`: a browser never sends a link's fragment to a server, its logs or a Referer."""
    for seat in table["seats"]:
        assert seat["link"] == f"/table/{table['id']}#token={seat['token']}"
    assert table["hotseat"] == f"/table/{table['id']}#token={table['hotseat_token']}"
    assert "?" not in repr(table)


def test_a_seat_taken_from_the_lobby_gets_a_fragment_link(client: TestClient):
    public = create(client, "blue-lagoon", HUMANS, people={"name": "Ana", "public": True})
    joined = client.post(f"/api/lobby/{public['id']}/join", json={"seat": 1, "name": "Cid"}).json()
    assert joined["link"] == f"/table/{public['id']}#token={joined['token']}"


def test_rest_takes_the_token_from_a_bearer_header(client: TestClient, table: dict):
    path = f"/api/tables/{table['id']}"
    first, second = (seat["token"] for seat in table["seats"])
    mine = client.get(path, headers=bearer(first)).json()
    assert mine["you"]["seats"] == [0] and mine == client.get(path, params={"token": first}).json()
    assert client.get(path).json()["you"]["seats"] == []  # no token: a spectator
    assert client.get(path, headers=bearer("x" * 22)).status_code == 403  # unknown
    assert client.get(path, headers={"authorization": f"Basic {first}"}).status_code == 403
    assert client.get(path, headers={"authorization": "Bearer "}).status_code == 403
    conflicting = client.get(path, params={"token": second}, headers=bearer(first))
    assert conflicting.status_code == 403 and "two different" in conflicting.json()["detail"]
    seat = mine["table"]["to_move"][0]
    hotseat = client.get(path, headers=bearer(table["hotseat_token"])).json()
    move = hotseat["views"][seat]["legal"][0]
    mover = table["seats"][seat]["token"]
    answer = client.post(f"{path}/actions", json={"action": move}, headers=bearer(mover))
    assert answer.status_code == 200 and answer.json()["table"]["actions"] == 1
    spectator = client.post(f"{path}/actions", json={"action": move})
    assert spectator.status_code == 403  # no token anywhere: spectators cannot act
    assert client.get(path).json()["table"]["actions"] == 1


def test_a_websocket_takes_the_token_as_a_subprotocol_or_a_header(client: TestClient, table: dict):
    url = f"/api/tables/{table['id']}/ws"
    first = table["seats"][0]["token"]
    with client.websocket_connect(url, subprotocols=["ludoteca", f"ludoteca-token.{first}"]) as ws:
        assert ws.accepted_subprotocol == "ludoteca"  # never the token echoed back
        assert ws.receive_json()["you"]["seats"] == [0]
    with client.websocket_connect(url, headers=bearer(first)) as ws:
        assert ws.receive_json()["you"]["seats"] == [0]
    with client.websocket_connect(url, subprotocols=["ludoteca"]) as ws:
        assert ws.receive_json()["you"]["seats"] == []
    for refused in (["ludoteca", "ludoteca-token.forged-token-123"],
                    ["ludoteca", "ludoteca-token.%C3%A9"],
                    ["ludoteca", f"ludoteca-token.{first}", f"ludoteca-token.{table['seats'][1]['token']}"]):
        with pytest.raises(WebSocketDisconnect) as closed:
            client.websocket_connect(url, subprotocols=refused).__enter__()
        assert closed.value.code == 4403
