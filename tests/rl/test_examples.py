"""The worked examples of docs/RESEARCH.md run as documented (on a tiny budget)."""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np

EXAMPLES = pathlib.Path(__file__).parents[2] / "examples"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reinforce_example_trains_and_plots(tmp_path, capsys):
    example = _load("train_reinforce")
    picture = tmp_path / "curve.png"
    example.main(["--batches", "2", "--games", "3", "--plot", str(picture)])
    printed = capsys.readouterr().out
    assert "win rate" in printed and picture.stat().st_size > 1000


def test_the_policy_gradient_moves_probability_towards_a_rewarded_action():
    example = _load("train_reinforce")
    policy = example.LinearPolicy(3, 4, np.random.default_rng(0))
    observation, mask = np.ones(3, np.float32), np.array([1, 0, 1, 1], np.int8)
    _, legal, before = policy.act(observation, mask)
    policy.update([(observation, 2, legal, before)], advantage=1.0, learning_rate=0.5)
    _, _, after = policy.act(observation, mask)
    assert after[list(legal).index(2)] > before[list(legal).index(2)]


def test_the_speed_example_measures_every_figure():
    example = _load("bench_envs")
    (raw, stepped), cpu = example.actions_per_second(
        [example.RawEngine("happy-city"), example.AecLoop("happy-city")], seconds=0.05, turn=0.02
    )
    assert raw > 0 and stepped > 0 and cpu >= 0.05


def test_the_speed_example_stops_at_its_wall_limit():
    """A starved run still ends (after at least one turn of each loop) and says how much it ran."""
    example = _load("bench_envs")
    (raw, stepped), cpu = example.actions_per_second(
        [example.RawEngine("happy-city"), example.AecLoop("happy-city")], seconds=1e9,
        wall_limit=0.0, turn=0.02
    )
    assert raw > 0 and stepped > 0 and 0.02 <= cpu < 1e9


def test_the_readme_research_loop_runs_as_written(capsys):
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Research", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 12
    exec(compile(code, "README.md", "exec"), {})
    finished = [line for line in capsys.readouterr().out.splitlines() if "finished with reward" in line]
    assert len(finished) == 2 and {line.split()[-1] for line in finished} <= {"-1.0", "0.0", "1.0"}
