"""`ludoteca replay` and `ludoteca play --resume` on good and bad records."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.tui import Session

runner = CliRunner()


def _saved(tmp_path, moves: int):
    session = Session.start("city-square-off", ["random", "random"], seed=2)
    while len(session.state.history) < moves and not session.state.is_over:
        session.play_bot(session.bot_to_move())
    path = tmp_path / "game.json"
    session.save(path)
    return path, session


def test_replaying_an_unfinished_game_says_so_in_words(tmp_path):
    path, session = _saved(tmp_path, 4)
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0
    assert "the game was not finished: 4 actions" in result.output
    assert "{" not in result.output.splitlines()[-1]  # no raw JSON
    spanish = runner.invoke(app, ["replay", str(path), "--lang", "es"])
    assert "la partida no terminó" in spanish.output and "Jugador" in spanish.output


def test_replaying_a_finished_game_names_the_winner(tmp_path):
    path, session = _saved(tmp_path, 10_000)
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0
    assert "Winner: Player" in result.output or "Draw between" in result.output


def test_a_bad_record_is_named(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "blue-lagoon", "seed": 1, "actions": []}), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "no 'num_players'" in result.output
    result = runner.invoke(app, ["play", "--resume", str(path)])
    assert result.exit_code == 2 and "no 'num_players'" in result.output
    path.write_text("not json", encoding="utf-8")
    assert "cannot read" in runner.invoke(app, ["replay", str(path)]).output


def test_play_needs_a_game_or_a_saved_one():
    result = runner.invoke(app, ["play"])
    assert result.exit_code == 2 and "--resume" in result.output
