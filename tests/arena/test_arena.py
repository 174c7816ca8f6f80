"""The arena end to end on tiny tournaments: same results wherever matches run, files, CLI."""

from __future__ import annotations

import json
import os
import re

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.arena import play_match, run_local, run_ray, schedule
from ludoteca.cli import app

GAME = "city-square-off"
BOTS = ["greedy", "random", "mcts:4"]


def _comparable(outcomes):
    """Outcomes without the thinking times (wall clock differs from run to run)."""
    return [{k: v for k, v in o.items() if k not in ("seconds_per_move", "seconds_max")} for o in outcomes]


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_a_match_is_reproducible_and_its_record_replays(game_id):
    info = ludoteca.load(game_id).info
    spec = schedule(game_id, ["random", "greedy"], games=1, players=info.min_players, seed=3)[0]
    first, second = play_match(spec), play_match(spec)
    assert _comparable([first]) == _comparable([second])
    game = ludoteca.load(game_id)
    replayed = game.replay(json.loads(json.dumps(first["record"])))
    assert replayed.is_over and replayed.result().to_dict() == first["result"]


def test_process_pool_gives_the_same_outcomes_as_inline_play():
    specs = schedule(GAME, BOTS, games=3, players=2, seed=1, level="easy")
    seen = []
    inline = run_local(specs, 1, seen.append)
    pooled = run_local(specs, 2, lambda outcome: None)
    assert len(seen) == 3
    assert _comparable(inline) == _comparable(pooled)


@pytest.mark.ray
def test_local_ray_gives_the_same_outcomes_as_local_processes():
    ray = pytest.importorskip("ray")
    specs = schedule(GAME, BOTS, games=3, players=2, seed=2, level="easy")
    local = run_local(specs, 1, lambda outcome: None)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run_ray(specs, "local", 2, lambda outcome: None)
    finally:
        ray.shutdown()
    assert _comparable(remote) == _comparable(local)


def test_arena_command_prints_tables_and_writes_records_results_and_plots(tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app, ["arena", GAME, "--bots", "greedy,random", "--games", "2", "--out", str(out), "--level", "easy"]
    )
    assert result.exit_code == 0, result.output
    assert "greedy" in result.output and "Elo" in result.output
    if "COLUMNS" not in os.environ:  # a log is not 80 columns wide: no header is cut short
        assert all(header in result.output for header in ("win % (95% CI)", "score ± sd", "s/move", "max s"))
    # not a terminal, so no bar: one line per finished match tells a log how far the run is
    lines = re.findall(r"^([12])/2 · match ([01]): (?:.+ won|drawn between .+) \(\d+–\d+\) · 0:\d\d:\d\d$",
                       result.output, re.MULTILINE)
    assert sorted(done for done, _ in lines) == ["1", "2"]
    assert sorted(index for _, index in lines) == ["0", "1"]
    records = sorted((out / "records").glob("*.json"))
    assert len(records) == 2
    replay = CliRunner().invoke(app, ["replay", str(records[0])])
    assert replay.exit_code == 0, replay.output
    summary = json.loads((out / "results.json").read_text())
    assert {b["bot"] for b in summary["bots"]} == {"greedy", "random"}
    assert sum(b["games"] for b in summary["bots"]) == 4
    assert (out / "results.csv").read_text().count("\n") == 1 + 2 * 2
    for plot in ("scores.png", "seats.png"):
        assert (out / plot).read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    "arguments",
    [
        ["arena", "no-such-game"],
        ["arena", GAME, "--bots", "greedy,alphazero"],
        ["arena", GAME, "--bots", "mcts:lots"],
        ["arena", GAME, "--players", "5"],
        ["arena", GAME, "--option", "variant=chess"],
        ["arena", GAME, "--level", "godlike"],
        ["bench", "no-such-game"],
    ],
)
def test_bad_arguments_give_a_message_not_a_traceback(arguments, tmp_path):
    result = CliRunner().invoke(
        app, [*arguments, "--out", str(tmp_path)] if arguments[0] == "arena" else arguments
    )
    assert result.exit_code == 2
    assert "error" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "records").exists()


def test_bench_command_reports_every_measure_as_json():
    result = CliRunner().invoke(app, ["bench", GAME, "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]
    assert [(r["game"], r["players"]) for r in rows] == [(GAME, 2)]
    for key in ("random_moves_per_s", "legal_actions_us", "apply_us", "clone_us", "mcts_iterations_per_s"):
        assert rows[0][key] > 0


def test_a_bot_spec_names_its_own_level_budget_and_search_options():
    from ludoteca.arena.match import parse_bot_spec
    from ludoteca.bots import LEVEL_BUDGETS

    hard = parse_bot_spec("mcts@hard", "normal", seed=1)
    assert (hard.level, hard.budget) == ("hard", LEVEL_BUDGETS["hard"])
    assert parse_bot_spec("mcts", "easy", seed=1).budget == LEVEL_BUDGETS["easy"]
    exact = parse_bot_spec("mcts:300", "hard", seed=1)
    assert (exact.budget.iterations, exact.budget.seconds) == (300, None)
    tuned = parse_bot_spec("mcts:50+depth=end+policy=random+widen=off", "normal", seed=1)
    assert (tuned.playout_limit, tuned.informed, tuned.widening) == (None, False, None)
    timed = parse_bot_spec("mcts+depth=8+widen=3+seconds=0.3", "normal", seed=1)
    assert (timed.playout_limit, timed.widening, timed.budget.seconds) == (8, 3.0, 0.3)
    leaves = parse_bot_spec("mcts+depth=turn+prior=4+explore=0.3+recheck=2", "normal", seed=1)
    assert (leaves.playout_limit, leaves.prior_weight, leaves.exploration) == ("turn", 4.0, 0.3)
    assert leaves.recheck == 2
    assert parse_bot_spec("greedy@hard", "normal", seed=1).name == "greedy"


@pytest.mark.parametrize(
    "spec",
    ["mcts@godlike", "mcts:x", "mcts+depth=deep", "mcts+prior=-1", "mcts+prior=x", "mcts+colour=red",
     "mcts+depth", "mcts+recheck=1", "mcts+recheck=two", "greedy:30"],
)
def test_a_bad_bot_spec_is_refused_with_the_syntax(spec):
    from ludoteca.arena.match import parse_bot_spec
    from ludoteca.core import OptionError

    with pytest.raises(OptionError):
        parse_bot_spec(spec, "normal", seed=1)


def test_two_levels_of_one_bot_meet_in_one_arena_and_are_rated_apart(tmp_path):
    out = tmp_path / "out"
    bots = "mcts:3,mcts@easy+seconds=0.01"
    result = CliRunner().invoke(app, ["arena", GAME, "--bots", bots, "--games", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "results.json").read_text())
    assert {b["bot"] for b in summary["bots"]} == set(bots.split(","))
    assert [(p["bot"], p["opponent"], p["games"]) for p in summary["pairings"]] == [(*bots.split(","), 2)]
    for bot in summary["bots"]:
        assert 0 < bot["seconds_per_move"] <= bot["seconds_max"]


def _arena(out, *extra, games="4"):
    return CliRunner().invoke(
        app, ["arena", GAME, "--bots", "greedy,random", "--games", games, "--seed", "5", "--level", "easy",
              "--out", str(out), *extra]
    )


def _matches(out):
    summary = json.loads((out / "results.json").read_text())
    return _comparable(summary["matches"])


def test_a_longer_schedule_begins_with_the_matches_of_a_shorter_one():
    # what lets a resumed run ask for more games than the run it goes on with
    shorter, longer = (schedule(GAME, BOTS, games=n, players=2, seed=4) for n in (5, 9))
    assert shorter == longer[:5]


def test_a_stopped_run_resumed_plays_only_its_missing_matches_and_gives_the_same_results(tmp_path):
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    assert _arena(whole).exit_code == 0
    assert _arena(stopped).exit_code == 0
    for index in (1, 3):  # as if the run had been stopped while these two were being played
        (stopped / "matches" / f"match-{index:05d}.json").unlink()
    kept = (stopped / "records" / "match-00000.json").stat().st_mtime_ns
    result = _arena(stopped, "--resume")
    assert result.exit_code == 0, result.output
    assert "2 of 4 matches already played" in result.output
    assert (stopped / "records" / "match-00000.json").stat().st_mtime_ns == kept  # not played again
    assert _matches(stopped) == _matches(whole)
    assert (stopped / "results.csv").read_text().count("\n") == 1 + 4 * 2


def test_a_resumed_run_may_ask_for_more_games(tmp_path):
    short, long = tmp_path / "short", tmp_path / "long"
    assert _arena(short, games="2").exit_code == 0
    assert _arena(long).exit_code == 0
    result = _arena(short, "--resume")
    assert result.exit_code == 0, result.output
    assert _matches(short) == _matches(long)


def test_resuming_refuses_another_tournament_or_an_empty_folder(tmp_path):
    out = tmp_path / "out"
    nothing = _arena(out, "--resume")
    assert nothing.exit_code == 2 and "run.json" in nothing.output and "Traceback" not in nothing.output
    assert _arena(out, games="2").exit_code == 0
    other = CliRunner().invoke(
        app, ["arena", GAME, "--bots", "greedy,mcts:2", "--games", "2", "--seed", "5", "--level", "easy",
              "--out", str(out), "--resume"]
    )
    assert other.exit_code == 2 and "bots" in other.output and "Traceback" not in other.output
    assert len(list((out / "matches").glob("*.json"))) == 2  # nothing was touched


def test_a_fresh_run_in_a_used_folder_forgets_the_earlier_matches(tmp_path):
    out = tmp_path / "out"
    assert _arena(out).exit_code == 0
    assert _arena(out, games="2").exit_code == 0
    records = sorted(path.name for path in (out / "records").glob("*.json"))
    assert records == ["match-00000.json", "match-00001.json"]
    assert len(_matches(out)) == 2
