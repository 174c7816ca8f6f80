"""`ludoteca play` driven through a real pseudo-terminal, the way a person types.

Each test starts the command in a pty (pexpect), types good and bad input, saves the game, and
checks the saved record replays to exactly the position the program showed.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import ludoteca
from ludoteca.tui import Session

SRC = Path(__file__).resolve().parents[2] / "src"
TIMEOUT = 30
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")
CSO = "city-square-off"


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="120", LINES="40", TERM="xterm-256color", NO_COLOR="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])))
    env.pop("LUDOTECA_LANG", None)
    return pexpect.spawn(sys.executable, ["-m", "ludoteca.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 120))


def plain(text: str) -> str:
    return ANSI.sub("", text)


def send(child: pexpect.spawn, line: str, expect: str) -> str:
    """Type `line` and wait for `expect`; returns the screen text printed in between."""
    child.sendline(line)
    child.expect_exact(expect)
    return plain(child.before)


def replica(game_id: str, players: list[str], seed: int, options: list[str], moves: list[tuple[int, str]]):
    """The same game played in-process: bots move whenever no person owes an action, as in the app.

    `moves` are (seat, typed text): a number from the list or an action's notation.
    """
    session = Session.start(game_id, players, seed, options)
    for seat, typed in [*moves, (None, None)]:
        while (bot := session.bot_to_move()) is not None:
            session.play_bot(bot)
        if seat is not None:
            legal = session.state.legal_actions(seat)
            session.play(legal[int(typed) - 1] if typed.isdigit() else typed, seat)
    return session


def assert_shown(screen: str, state, seat: int) -> None:
    """Every line of the seat's picture of `state` is on the screen (a line wider than the screen
    wrapped at its separators: its first words)."""
    for line in state.render("en", player=seat).splitlines():
        assert (line.rstrip() if len(line) <= 120 else line[:60]) in screen, line


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_play_against_a_bot_with_bad_input_and_a_save(game_id, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short file name: a long typed line wraps in the terminal's echo
    info = ludoteca.load(game_id).info
    players = ["human"] + ["random"] * (info.min_players - 1)
    child = spawn(game_id, "--players", ",".join(players), "--seed", "7", "--lang", "en")
    prompt = "Player 0, your move"
    child.expect_exact(prompt)
    assert info.names["en"] in plain(child.before)
    assert "Traceback" not in send(child, "zzz", prompt)
    assert "error:" in plain(child.before)
    assert "no action number 0" in send(child, "0", prompt)
    assert "is neither an action nor a command" in send(child, "dance", prompt)
    assert "Commands:" in send(child, "help", prompt)
    assert "error: " in send(child, "undo", prompt)  # nothing of seat 0's to take back yet
    moves = []
    screen = ""
    for number in ("1", "2", "1"):
        screen = send(child, number, prompt)
        moves.append((0, number))
    saved = tmp_path / "game.json"
    assert "saved" in send(child, "save game.json", prompt)
    child.sendline("quit")
    child.expect_exact("Save the game before leaving?")
    child.sendline("")
    child.expect_exact("Goodbye!")
    child.expect(pexpect.EOF)

    record = json.loads(saved.read_text(encoding="utf-8"))
    replayed = ludoteca.load(game_id).replay(record)
    expected = replica(game_id, players, 7, [], moves).state
    assert replayed.to_json() == expected.to_json()
    assert_shown(screen, replayed, 0)


def test_undo_is_refused_across_a_bots_move():
    child = spawn(CSO, "--players", "human,random", "--seed", "3", "-o", "first_chooser=0")
    prompt = "Player 0, your move"
    child.expect_exact(prompt)
    send(child, "1", prompt)
    assert "revealed hidden information" in send(child, "undo", prompt)
    child.sendline("quit")
    child.expect_exact("Save the game before leaving?")
    child.sendeof()  # Ctrl-D at the question leaves without saving
    child.expect(pexpect.EOF)


def test_hot_seat_in_spanish_hides_secrets_and_undoes_before_the_keyboard_changes_hands(tmp_path):
    args = [CSO, "--players", "human,human", "--seed", "5", "-o", "first_chooser=0", "--lang", "es"]
    child = spawn(*args)
    passing, yours = "Pasa el teclado", "tu jugada"
    child.expect_exact(passing)
    child.expect_exact("Jugador 0")
    send(child, "", "Jugador 0, " + yours)
    first = send(child, "1", passing)
    child.expect_exact("deshacer")  # seat 0 is offered its undo on the pass screen
    undone = send(child, "deshacer", "Jugador 0, " + yours)
    assert "deshecho: start" in undone and "Pasa el teclado" not in undone
    assert "Últimas jugadas" not in first  # the screen was cleared before the pass screen
    send(child, "2", passing)
    send(child, "", "Jugador 1, " + yours)
    send(child, "1", "Jugador 1, " + yours)  # seat 1's starter turns over the first card
    moves = [(0, "2"), (1, "1")]

    secret = str(replica(CSO, ["human", "human"], 5, ["first_chooser=0"], moves).state.legal_actions(1)[-1])
    send(child, secret, passing)
    moves.append((1, secret))
    screen = send(child, "", "Jugador 0, " + yours)
    assert "colocada, esperando" in screen  # seat 0 knows seat 1 has placed ...
    assert secret not in re.split(r"Acciones legales|Acciones \(", screen)[0]  # ... nor where
    saved = tmp_path / "hot.json"
    assert "guardadas 3 acciones" in send(child, f"guardar {saved}", "Jugador 0, " + yours)
    child.sendline("salir")
    child.expect_exact("¿Guardar la partida antes de salir?")
    child.sendline("")
    child.expect_exact("¡Hasta pronto!")
    child.expect(pexpect.EOF)

    record = json.loads(saved.read_text(encoding="utf-8"))
    replayed = ludoteca.load(CSO).replay(record)
    expected = replica(CSO, ["human", "human"], 5, ["first_chooser=0"], moves).state
    assert replayed.to_json() == expected.to_json()


def test_a_wrong_player_count_is_a_clear_error_not_a_traceback():
    child = spawn(CSO, "--players", "human,random,random")
    child.expect_exact("2 players, not 3")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "Traceback" not in plain(child.before or "")


def test_hot_seat_scrollback_holds_no_other_seats_hand():
    """What a terminal keeps after the keyboard changes hands (screen and scrollback, emulated by
    pyte as xterm does, ESC [3J included) shows nothing of the previous seat's secret hand."""
    pyte = pytest.importorskip("pyte")
    game_id, seed = "bloom-town", 3
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="xterm-256color", NO_COLOR="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])))
    child = pexpect.spawn(sys.executable, ["-m", "ludoteca.cli", "play", game_id, "--players", "human,human",
                                           "--seed", str(seed), "--lang", "en"],
                          env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, 80))
    terminal = pyte.HistoryScreen(80, 24, history=5000)
    stream = pyte.Stream(terminal)

    def until(text: str) -> None:
        child.expect_exact(text)
        stream.feed(child.before + child.after)

    session = Session.start(game_id, ["human", "human"], seed)
    first = session.state.to_move[0]
    second = 1 - first
    until("Pass the keyboard")
    child.sendline("")
    until(f"Player {first}, your move")
    secrets: set[str] = set()
    while True:  # the first seat plays its whole turn; every picture it saw showed its own hand
        secret = set(session.state.render("en", player=first).splitlines())
        secrets |= secret - set(session.state.render("en", player=second).splitlines())
        session.play(session.state.legal_actions(first)[0], first)
        child.sendline("1")
        if session.state.to_move != (first,):
            break
        until(f"Player {first}, your move")
    until("Pass the keyboard")
    child.sendline("")
    until(f"Player {second}, your move")
    shown = [line.rstrip() for line in terminal.display]
    kept = ["".join(char.data for char in row.values()).rstrip() for row in terminal.history.top]
    assert secrets, "the test needs a secret to look for"
    for line in secrets:
        assert line.strip() not in "\n".join(shown + kept), f"a secret is still on the terminal: {line}"
    child.terminate(force=True)
