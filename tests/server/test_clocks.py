"""Clocks chosen at creation: bounds refused in both languages, time counted from the stored table,
a per-move timeout played by the stand-in bot chosen with the clock (in its level's lane), a
per-game timeout forfeiting the seat, and a restart that keeps the clocks and still enforces them.
On SQLite, and on PostgreSQL when LUDOTECA_TEST_POSTGRES_URL is set.

Clocks here are one or two seconds long; every wait is a generous bound polled for, never a
timing assertion (the runners' bot processes start slowly on a busy machine)."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

import ludoteca
from ludoteca.server import create_app
from ludoteca.server.clocks import Clock, ClockSpec
from ludoteca.server.settings import Settings
from ludoteca.server.tables import Seat
from ludoteca.server.thinking import think

from .helpers import act, create, older_database, table_columns

HUMANS = [{"kind": "human"}, {"kind": "human"}]
WAIT = 300  # seconds: a bound only


def table_of(client: TestClient, table_id: str) -> dict:
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def poll(client: TestClient, table_id: str, done) -> dict:
    """The table (as a spectator sees it) once `done(payload)`, polled within `WAIT` seconds."""
    deadline = time.monotonic() + WAIT
    while True:
        payload = table_of(client, table_id)
        if done(payload) or time.monotonic() > deadline:
            return payload
        time.sleep(0.3)


# ---- creation ---------------------------------------------------------------------------------------

BAD_CLOCKS = [
    {"kind": "move"},  # no seconds
    {"kind": "move", "seconds": 0},
    {"kind": "move", "seconds": 3601},
    {"kind": "move", "seconds": 30, "increment": 5},
    {"kind": "game", "seconds": -5},
    {"kind": "game", "seconds": 86401},
    {"kind": "game", "seconds": 600, "increment": 601},
    {"kind": "game", "seconds": 600, "increment": -1},
    {"kind": "none", "seconds": 30},
    {"kind": "none", "bot": "random"},
    {"kind": "move", "seconds": 30, "bot": "oracle"},  # not a bot the server offers
    {"kind": "move", "seconds": 30, "bot": "mcts", "level": "hard"},  # too slow to stand in
    {"kind": "move", "seconds": 30, "bot": "heuristic", "level": "expert"},
    {"kind": "game", "seconds": 600, "bot": "greedy"},  # a per-game clock forfeits: no stand-in
    {"kind": "game", "seconds": 600, "level": "easy"},
]


@pytest.mark.parametrize("clock", BAD_CLOCKS)
def test_a_clock_out_of_bounds_is_a_400_in_both_languages_and_creates_nothing(client: TestClient, clock):
    before = client.get("/api/tables").json()
    answer = client.post("/api/tables", json={"game": "blue-lagoon", "seats": HUMANS, "clock": clock})
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert body["code"].startswith("clock.") and body["detail"] != body["detail_es"]
    assert "reloj" in body["detail_es"] or "incremento" in body["detail_es"]
    assert client.get("/api/tables").json() == before


@pytest.mark.parametrize("clock", [{"kind": "sundial", "seconds": 5}, {"kind": "move", "seconds": "soon"},
                                   {"kind": "move", "seconds": 2**70}, "fast"])
def test_a_malformed_clock_is_a_422_and_creates_nothing(client: TestClient, clock):
    before = client.get("/api/tables").json()
    answer = client.post("/api/tables", json={"game": "blue-lagoon", "seats": HUMANS, "clock": clock})
    assert answer.status_code == 422, answer.text
    assert client.get("/api/tables").json() == before


def test_no_clock_by_default_and_a_chosen_clock_is_public(client: TestClient):
    plain = create(client, "santa-monica", HUMANS)
    assert table_of(client, plain["id"])["table"]["clock"] is None
    timed = create(client, "santa-monica", HUMANS, clock={"kind": "game", "seconds": 600, "increment": 5})
    payload = table_of(client, timed["id"])  # a spectator sees it
    clock = payload["table"]["clock"]
    assert (clock["kind"], clock["seconds"], clock["increment"]) == ("game", 600, 5)
    to_move = payload["table"]["to_move"]
    assert clock["running"] == [seat in to_move for seat in (0, 1)] and len(to_move) == 1
    assert 0 < clock["left"][to_move[0]] <= 600 and clock["left"][1 - to_move[0]] == 600
    assert isinstance(payload["now"], float)
    text = json.dumps(payload)
    assert all(seat["token"] not in text for seat in timed["seats"]) and timed["hotseat_token"] not in text


def test_the_stand_in_is_chosen_with_a_per_move_clock_and_is_public(client: TestClient):
    cases = [({}, {"bot": "heuristic", "level": "easy"}),  # the default
             ({"bot": "mcts"}, {"bot": "mcts", "level": "normal"}),  # a search defaults to normal
             ({"bot": "mcts", "level": "easy"}, {"bot": "mcts", "level": "easy"}),
             ({"bot": "greedy"}, {"bot": "greedy", "level": "easy"})]
    for chosen, expected in cases:
        timed = create(client, "happy-city", HUMANS, clock={"kind": "move", "seconds": 600, **chosen})
        assert table_of(client, timed["id"])["table"]["clock"]["standin"] == expected, chosen
    per_game = create(client, "happy-city", HUMANS, clock={"kind": "game", "seconds": 600})
    assert table_of(client, per_game["id"])["table"]["clock"]["standin"] is None
    catalogue = client.get("/api/games").json()
    assert catalogue["standin_levels"] == ["easy", "normal"]
    # the pages take these facts from the server instead of keeping copies: the default stand-in
    # (as a clock without a choice names it) and the bots whose level changes their play
    assert catalogue["standin"] == cases[0][1]
    assert catalogue["leveled_bots"] == ["mcts"]


def test_a_clocks_due_turn_waits_in_its_stand_ins_lane(db_file: str):
    """A normal search stands in from the normal lane, never holding up the easy lane's quick
    timeouts and bots; a per-game clock's forfeit needs no thinking (easy lane)."""
    with TestClient(create_app(db_file, settings=Settings(bot_runner=False))) as client:
        store = client.app.state.tables.store
        for clock, lane in [({"kind": "move", "seconds": 600, "bot": "mcts"}, "normal"),
                            ({"kind": "move", "seconds": 600, "bot": "mcts", "level": "easy"}, "easy"),
                            ({"kind": "move", "seconds": 600}, "easy"),
                            ({"kind": "game", "seconds": 600}, "easy")]:
            timed = create(client, "blue-lagoon", HUMANS, clock=clock)
            assert store.bot_turn(timed["id"]).lane == lane, clock


def test_a_clock_stored_before_stand_ins_could_be_chosen_reads_as_heuristic():
    state = ludoteca.load("blue-lagoon").new_state(2, 3)
    clock = Clock.chosen(ClockSpec(kind="move", seconds=20)).started_for(state, _humans(2), 0.0)
    old = {key: value for key, value in clock.stored().items() if key not in ("bot", "level")}
    read = Clock.from_stored(old)
    assert (read.bot, read.level, read.lane) == ("heuristic", "easy", "easy")
    assert read == clock


def test_bots_have_no_clock(client: TestClient):
    seats = [{"kind": "bot", "bot": "random", "level": "easy"}, {"kind": "human"}]
    timed = create(client, "blue-lagoon", seats, clock={"kind": "move", "seconds": 600})
    payload = poll(client, timed["id"], lambda p: p["table"]["actions"] >= 1)
    assert payload["table"]["actions"] >= 1
    assert payload["table"]["clock"]["running"] == [False, True]


# ---- time accounting (the clock alone, on real game states) -------------------------------------------


def _humans(count: int) -> list[Seat]:
    return [Seat("human") for _ in range(count)]


def _step(clock: Clock, state, seat: int, at: float) -> tuple[Clock, object]:
    after = state.clone()
    after.apply(str(after.legal_actions(seat)[0]), seat)
    return clock.after(state, after, seat, _humans(state.num_players), at), after


def test_a_game_clock_charges_each_seat_its_own_thinking_and_adds_the_increment():
    state = ludoteca.load("blue-lagoon").new_state(2, 3)
    chosen = Clock.chosen(ClockSpec(kind="game", seconds=100, increment=2))
    clock = chosen.started_for(state, _humans(2), 1000.0)
    assert clock.running_seats() == [0]
    clock, state = _step(clock, state, 0, 1030.0)  # seat 0 thought 30 s
    assert clock.left(0, 1030.0) == 100 - 30 + 2 and clock.started[0] is None
    assert clock.left(1, 1040.0) == 100 - 10  # seat 1 runs from 1030
    clock, state = _step(clock, state, 1, 1045.0)
    assert clock.left(1, 2000.0) == 100 - 15 + 2  # stopped: no more time goes
    assert clock.left(0, 1050.0) == 72 - 5


def test_a_move_clock_starts_afresh_for_every_decision():
    state = ludoteca.load("blue-lagoon").new_state(2, 3)
    clock = Clock.chosen(ClockSpec(kind="move", seconds=20)).started_for(state, _humans(2), 0.0)
    clock, state = _step(clock, state, 0, 19.0)
    clock, state = _step(clock, state, 1, 25.0)
    assert clock.left(0, 30.0) == 15 and clock.expired(44.0) == [] and clock.expired(46.0) == [0]


def test_in_a_simultaneous_round_every_seat_still_choosing_runs_its_own_clock():
    state = ludoteca.load("city-square-off").new_state(2, 1)
    clock = Clock.chosen(ClockSpec(kind="game", seconds=60)).started_for(state, _humans(2), 0.0)
    clock, state = _step(clock, state, 0, 1.0)
    clock, state = _step(clock, state, 1, 2.0)
    assert set(state.to_move) == {0, 1} and clock.running_seats() == [0, 1]
    clock, state = _step(clock, state, 0, 10.0)  # seat 0 placed; seat 1 still chooses
    assert clock.running_seats() == [1]
    assert clock.left(0, 50.0) == 60 - 1 - 8
    assert clock.left(1, 50.0) == 60 - 1 - 48
    assert clock.expired(62.0) == [1]


def test_an_undo_restarts_the_seats_to_move_without_giving_time_back():
    state = ludoteca.load("blue-lagoon").new_state(2, 3)
    clock = Clock.chosen(ClockSpec(kind="game", seconds=100)).started_for(state, _humans(2), 0.0)
    clock, after = _step(clock, state, 0, 40.0)
    back = clock.restarted(state, _humans(2), 50.0)
    assert back.running_seats() == [0] and back.left(0, 50.0) == 60 and back.left(1, 50.0) == 90


# ---- timeouts through the server --------------------------------------------------------------------


def test_a_per_move_timeout_has_the_timeout_bot_play_that_decision(client: TestClient):
    timed = create(client, "blue-lagoon", HUMANS, clock={"kind": "move", "seconds": 1})
    payload = poll(client, timed["id"], lambda p: p["table"]["actions"] >= 1)
    assert payload["table"]["actions"] >= 1, "nobody played for the seat whose clock ran out"
    assert payload["views"][0]["history"][0][0] == payload["table"]["clock"]["running"].index(False)
    assert payload["table"]["people"]["resigned"] is None and not payload["table"]["is_over"]


def test_a_per_move_timeout_is_played_by_the_chosen_stand_in(client: TestClient):
    """The move played for the late seat is the one the chosen bot (random) picks for the table's
    seeded position, which the default heuristic would not pick but by chance."""
    timed = create(client, "blue-lagoon", HUMANS, seed=11,
                   clock={"kind": "move", "seconds": 1, "bot": "random"})
    payload = poll(client, timed["id"], lambda p: p["table"]["actions"] >= 1)
    assert payload["table"]["actions"] >= 1, "nobody played for the seat whose clock ran out"
    player, text = payload["views"][0]["history"][0]
    start = ludoteca.load("blue-lagoon").new_state(2, 11)
    assert text == think(start, player, "random", "easy", timed["id"])


def test_a_per_move_timeout_in_a_simultaneous_round_plays_for_each_late_seat(client: TestClient):
    timed = create(client, "city-square-off", HUMANS, clock={"kind": "move", "seconds": 1})
    payload = poll(client, timed["id"], lambda p: p["table"]["actions"] >= 4)
    history = payload["views"][0]["history"]
    assert len(history) >= 4, history
    assert {player for player, _ in history[2:4]} == {0, 1}  # the first simultaneous round, both late


def test_a_per_game_timeout_forfeits_the_seat_and_a_late_move_is_refused(client: TestClient):
    timed = create(client, "santa-monica", HUMANS, clock={"kind": "game", "seconds": 1})
    payload = poll(client, timed["id"], lambda p: p["table"]["people"]["resigned"] is not None)
    people, late_seat = payload["table"]["people"], payload["table"]["to_move"][0]
    assert people["resigned"] == late_seat and people["result"]["timeout"] == late_seat
    assert people["result"]["ranking"][late_seat] == 2 and people["result"]["winners"] == [1 - late_seat]
    assert payload["table"]["clock"]["running"] == [False, False]
    late = act(client, timed["id"], timed["seats"][late_seat]["token"], "anything")
    assert late.status_code == 409, late.text
    assert table_of(client, timed["id"])["table"]["actions"] == 0


def test_a_move_after_the_game_clock_ran_out_is_refused_before_the_forfeit(db_file: str):
    """With no runner to forfeit the seat, the server still refuses the late move."""
    with TestClient(create_app(db_file, settings=Settings(bot_runner=False))) as client:
        timed = create(client, "blue-lagoon", HUMANS, clock={"kind": "game", "seconds": 1})
        mine = timed["seats"][0]["token"]
        legal = client.get(f"/api/tables/{timed['id']}", headers={"authorization": f"Bearer {mine}"}).json()
        time.sleep(1.5)
        answer = act(client, timed["id"], mine, legal["views"][0]["legal"][0])
        assert answer.status_code == 409, answer.text
        assert answer.json()["code"] == "clock.out_of_time" and "tiempo" in answer.json()["detail_es"]
        assert table_of(client, timed["id"])["table"]["actions"] == 0


def test_a_restart_keeps_the_clocks_and_enforces_them_from_the_database(db_file: str):
    """Time counted before a restart stays counted; a clock that runs out while no process holds
    a runner is enforced by the next process that starts one."""
    quiet = Settings(bot_runner=False)
    with TestClient(create_app(db_file, settings=quiet)) as client:
        counted = create(client, "blue-lagoon", HUMANS, clock={"kind": "game", "seconds": 3000})
        mine = counted["seats"][0]["token"]
        legal = client.get(f"/api/tables/{counted['id']}", headers={"authorization": f"Bearer {mine}"}).json()
        time.sleep(1.1)
        assert act(client, counted["id"], mine, legal["views"][0]["legal"][0]).status_code == 200
        before = table_of(client, counted["id"])["table"]["clock"]
        timed = create(client, "blue-lagoon", HUMANS, clock={"kind": "move", "seconds": 1})
    assert before["running"] == [False, True] and before["left"][0] < 3000
    with TestClient(create_app(db_file)) as client:
        after = table_of(client, counted["id"])["table"]["clock"]
        assert after["running"] == [False, True]
        assert after["left"][0] == before["left"][0]  # stopped: unchanged by the restart
        assert after["left"][1] <= before["left"][1]  # running: the restart did not reset it
        payload = poll(client, timed["id"], lambda p: p["table"]["actions"] >= 1)
        assert payload["table"]["actions"] >= 1, "the clock that ran out during the restart was not enforced"


def test_an_older_database_gains_the_clock_column(tmp_path):
    from ludoteca.server.store import Store

    store = Store(older_database(tmp_path / "old.sqlite3", missing="clock"))
    assert "clock" in table_columns(store.engine)
    assert Clock.from_stored(store.load("t")[0].clock) is None
    store.dispose()
