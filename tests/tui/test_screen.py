"""The full screen at 80 × 24, as a terminal shows it (pyte emulates the terminal).

Each test plays a few moves of a game in a pseudo-terminal of 80 columns and 24 lines, and after
each one reads the emulated screen: the prompt is on it, every row of the board is on it whole,
and nothing the program wrote was wider than the screen (so the terminal never wrapped a line).
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
from pathlib import Path

import pexpect
import pytest

import ludoteca

pyte = pytest.importorskip("pyte")

SRC = Path(__file__).resolve().parents[2] / "src"
TIMEOUT = 300  # generous: a busy machine may start Python and replay a record slowly; nothing is timed
COLUMNS, LINES = 80, 24
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
PROMPT = {"en": "your move", "es": "tu jugada"}
SAVED = {"en": "saved", "es": "guardadas"}


class Terminal:
    """`ludoteca play` in a pty of 80 × 24, its output fed to an emulated screen."""

    def __init__(self, *args: str, cwd: Path | None = None):
        env = dict(os.environ, TERM="xterm-256color", NO_COLOR="1",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])))
        for name in ("LUDOTECA_LANG", "COLUMNS", "LINES"):
            env.pop(name, None)
        self.child = pexpect.spawn(sys.executable, ["-m", "ludoteca.cli", "play", *args], env=env,
                                   encoding="utf-8", timeout=TIMEOUT, dimensions=(LINES, COLUMNS),
                                   cwd=str(cwd) if cwd else None)
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.Stream(self.screen)
        self.written = ""

    def until(self, text: str) -> None:
        self.child.expect_exact(text)
        chunk = self.child.before + self.child.after
        self.written += chunk
        self.stream.feed(chunk)

    def type(self, line: str, expect: str) -> None:
        self.child.sendline(line)
        self.until(expect)

    @property
    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    def widest_line(self) -> int:
        """The widest line the program wrote (the frames end each line with a newline)."""
        return max(len(line) for line in ESCAPES.sub("", self.written).split("\n"))


def _picture(record_path: Path, seat: int, lang: str) -> list[str]:
    record = json.loads(record_path.read_text(encoding="utf-8"))
    state = ludoteca.load(record["game"]).replay(record)
    return state.render(lang, player=seat).splitlines()


def _assert_board_on_screen(rows: list[str], picture: list[str]) -> None:
    """Every line of the picture is on the screen; one wider than the screen is wrapped at its
    separators, so its first words start a row."""
    for line in picture:
        if not line.strip():
            continue
        if len(line) <= COLUMNS:
            assert any(row == line.rstrip() for row in rows), f"board row missing: {line!r}"
        else:
            start = line[:COLUMNS // 2]
            assert any(row.startswith(start) for row in rows), f"board row missing: {line!r}"


GAMES = [info.id for info in ludoteca.list_games()]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_fits_80_by_24_after_every_move(game_id, lang, tmp_path):
    info = ludoteca.load(game_id).info
    players = ["human"] + ["random"] * (info.min_players - 1)
    # (run in tmp_path, so that the typed file name is short: the terminal's echo of a long line
    # would wrap, and that is not the program's output)
    terminal = Terminal(game_id, "--players", ",".join(players), "--seed", "7", "--lang", lang, cwd=tmp_path)
    prompt = PROMPT[lang]
    terminal.until(prompt)
    saved = tmp_path / "now.json"
    command = "save" if lang == "en" else "guardar"
    for move in ("1", "2", "1", "1"):
        terminal.type(f"{command} now.json", SAVED[lang])
        terminal.until(prompt)
        rows = terminal.rows
        assert prompt in [row for row in rows if row][-1], "the prompt is not the last line"
        _assert_board_on_screen(rows, _picture(saved, 0, lang))
        terminal.type(move, prompt)
    assert terminal.widest_line() <= COLUMNS
    terminal.child.terminate(force=True)


@pytest.mark.parametrize("game_id", [g for g in GAMES if ludoteca.load(g).info.max_players > 2])
def test_the_most_players_fit_the_width_and_keep_the_prompt(game_id):
    info = ludoteca.load(game_id).info
    players = ["human"] + ["random"] * (info.max_players - 1)
    terminal = Terminal(game_id, "--players", ",".join(players), "--seed", "5", "--lang", "es")
    for move in ("1", "1", "1"):
        terminal.until(PROMPT["es"])
        rows = [row for row in terminal.rows if row]
        assert PROMPT["es"] in rows[-1]
        terminal.child.sendline(move)
    assert terminal.widest_line() <= COLUMNS
    terminal.child.terminate(force=True)


def test_list_shows_every_action_in_pages_and_a_number_plays_from_it():
    terminal = Terminal("blue-lagoon", "--players", "human,random", "--seed", "2", "--lang", "en")
    terminal.until(PROMPT["en"])
    assert any("more: list" in row for row in terminal.rows)  # the frame's list is cut to fit
    terminal.type("list", PROMPT["en"])
    shown = "\n".join(terminal.rows)
    assert "Legal actions (" in shown and ("page 1 of" in shown or "back to the table" in shown)
    terminal.type("", PROMPT["en"])  # Enter: the next page
    after = "\n".join(terminal.rows)  # the next page, or back at the table after the last one
    assert "page 2 of" in after or "more: list" in after
    terminal.type("help", PROMPT["en"])
    assert any("Commands:" in row for row in terminal.rows)
    terminal.child.terminate(force=True)


def _crowded(game_id: str, path: Path) -> tuple[ludoteca.State, int]:
    """A hot-seat game at the most players, saved at the first position (past the opening) where
    the frame's picture summarises other seats; the state and the seat to move."""
    from ludoteca.tui import Session

    count = ludoteca.load(game_id).info.max_players
    session = Session.start(game_id, ["human"] * count, seed=4)
    chooser = random.Random(4)
    while not session.state.is_over:
        seat = session.human_to_move()
        state = session.state
        if len(state.history) > 2 * count and state.render("en", player=seat) != state.render(
                "en", player=seat, compact=False):
            session.save(path)
            return state, seat
        session.play(chooser.choice(state.legal_actions(seat)), seat)
    raise AssertionError(f"{game_id}: the picture was never summarised")


def _segments(lines: list[str]) -> set[str]:
    """The pieces of lines drawn side by side (two or more spaces apart)."""
    return {part.strip() for line in lines for part in re.split(r"\s{2,}", line) if part.strip()}


@pytest.mark.parametrize("game_id", ["santa-monica", "happy-city", "bloom-town", "blue-lagoon"])
def test_board_pages_the_whole_table_for_the_seat_and_nothing_hidden_from_it(game_id, tmp_path):
    """At the most players the frame summarises the other seats; `board` shows the seat's picture
    drawn whole (every other seat in full) in pages within 80 × 24, never a line that only another
    seat may see, and q goes back to the frame."""
    state, seat = _crowded(game_id, tmp_path / "crowded.json")
    count = state.num_players
    terminal = Terminal("--resume", "crowded.json", "--players", ",".join(["human"] * count),
                        "--lang", "en", cwd=tmp_path)
    prompt = f"Player {seat}, your move"
    terminal.until("Pass the keyboard")
    terminal.type("", prompt)
    compact = state.render("en", player=seat).splitlines()
    _assert_board_on_screen(terminal.rows, compact)
    whole = state.render("en", player=seat, compact=False).splitlines()
    assert not set(whole) <= set(compact), "the whole table shows no more than the frame"

    shown: list[str] = []
    terminal.type("board", prompt)
    for _ in range(20):
        rows = terminal.rows
        assert prompt in [row for row in rows if row][-1], "the prompt is not the last line"
        shown += rows
        if any("back to the table" in row for row in rows):
            break
        assert any(row.startswith("— page ") for row in rows), "neither a page nor the last page"
        terminal.type("", prompt)
    else:
        pytest.fail("the pages never ended")
    _assert_board_on_screen(shown, whole)

    spectator = state.render("en", compact=False).splitlines()
    secrets = set()
    for other in range(count):
        if other != seat:
            secrets |= _segments(state.render("en", player=other, compact=False).splitlines())
    secrets -= _segments(spectator) | _segments(whole)
    if game_id == "bloom-town":
        assert secrets, "the test needs another seat's secret to look for"
    assert not secrets & _segments(shown), "board showed what only another seat may see"

    terminal.type("q", prompt)  # back to the frame, the picture that fits
    rows = terminal.rows
    assert not any("back to the table" in row for row in rows)
    _assert_board_on_screen(rows, compact)
    assert terminal.widest_line() <= COLUMNS
    terminal.child.terminate(force=True)
