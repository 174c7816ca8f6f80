"""Small steps shared by the server tests: create a table, follow it live, play for a seat."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def create(client: TestClient, game: str, seats: list[dict], **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def token(link: str) -> str:
    return link.split("token=")[1]


def wait_until(client: TestClient, table_id: str, tok: str | None, done) -> dict[str, Any]:
    """Follow the table's WebSocket until `done(payload)`; bots move meanwhile."""
    query = f"?token={tok}" if tok else ""
    with client.websocket_connect(f"/api/tables/{table_id}/ws{query}") as ws:
        while True:
            payload = ws.receive_json()
            if done(payload):
                return payload


def my_turn_or_over(seat: int):
    return lambda p: p["table"]["is_over"] or seat in p["table"]["to_move"]


def act(client: TestClient, table_id: str, tok: str, action: str, seat: int | None = None):
    return client.post(f"/api/tables/{table_id}/actions", json={"action": action, "token": tok, "seat": seat})
