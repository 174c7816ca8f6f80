"""What a tournament leaves behind: Rich tables, game records, CSV/JSON results and PNG plots."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from rich.table import Table

from ludoteca.core import LudotecaError
from ludoteca.core.messages import language

from .messages import MESSAGES
from .stats import BotStats, pairing_summary, seat_summary

# The words of the tables and plots: the messages `report.<key>`.
TEXT = MESSAGES.table("report")


def _pct(rate: float, low: float, high: float) -> str:
    return f"{rate * 100:.0f} ({low * 100:.0f}–{high * 100:.0f})"


def results_table(stats: dict[str, BotStats], title: str, lang: str = "en") -> Table:
    """One row per bot, best Elo first: record, win rate with interval, scores, Elo, time."""
    t = TEXT[language(lang)]
    table = Table(title=f"{t['results']} · {title}")
    for column in ("bot", "games", "wins", "draws", "losses", "win", "score", "elo", "time", "slowest"):
        table.add_column(t[column], justify="left" if column == "bot" else "right", no_wrap=column == "bot")
    for bot in sorted(stats.values(), key=lambda s: -s.elo):
        summary = bot.to_dict()
        table.add_row(
            bot.name,
            str(bot.games),
            str(bot.wins),
            str(bot.draws),
            str(bot.losses),
            _pct(bot.win_rate, *bot.win_interval),
            f"{summary['score_mean']:.2f} ± {summary['score_sd']:.2f}",
            f"{bot.elo:.0f}",
            f"{summary['seconds_per_move']:.3f}",
            f"{summary['seconds_max']:.3f}",
        )
    return table


def pairing_table(outcomes: list[dict[str, Any]], lang: str = "en") -> Table:
    """One row per pair of bots: the first one's record against the second, with its interval."""
    t = TEXT[language(lang)]
    table = Table(title=t["pairings"])
    for column in ("bot", "opponent", "games", "wins", "draws", "losses", "win"):
        table.add_column(t[column], justify="left" if column in ("bot", "opponent") else "right")
    for row in pairing_summary(outcomes):
        table.add_row(
            row["bot"],
            row["opponent"],
            str(row["games"]),
            str(row["wins"]),
            str(row["draws"]),
            str(row["losses"]),
            _pct(row["win_rate"], row["low"], row["high"]),
        )
    return table


def seat_table(stats: dict[str, BotStats], outcomes: list[dict[str, Any]], lang: str = "en") -> Table:
    """Win rate by seat with 95% intervals: per bot, and for whoever sat there (seat advantage)."""
    t = TEXT[language(lang)]
    overall = seat_summary(outcomes)
    table = Table(title=t["seats"])
    table.add_column(t["bot"], no_wrap=True)
    for row in overall:
        table.add_column(f"{t['seat']} {row['seat']}", justify="right")
    for bot in sorted(stats.values(), key=lambda s: -s.elo):
        cells = []
        for row in overall:
            rate, low, high, games = bot.seat_rate(row["seat"])
            cells.append(f"{_pct(rate, low, high)} ({games})" if games else "—")
        table.add_row(bot.name, *cells)
    table.add_row(
        t["anyone"], *(f"{_pct(r['win_rate'], r['low'], r['high'])} ({r['games']})" for r in overall)
    )
    return table


RUN_FILE = "run.json"  # the settings of the tournament in a folder, written when it starts
# What a resumed run must share with the one it goes on with (workers, Ray and, since a longer
# schedule begins with a shorter one's matches, the number of games may change).
RESUME_KEEPS = ("game", "bots", "players", "seed", "level", "options")


def begin_run(out: Path, settings: dict[str, Any], resume: bool) -> list[dict[str, Any]]:
    """Prepare `out` for a tournament, and return the matches already played there (resuming).

    Every match is saved as it finishes (`save_match`), so a run that is stopped (a ladder row
    of several hours, a machine going down) loses only the games it was playing, and the same
    command with `resume` plays the rest. A fresh run forgets the folder's earlier matches, so
    two tournaments are never mixed; a resumed one refuses settings that differ.
    """
    if resume:
        finished = _finished_matches(out, settings)
    else:
        for stale in [*out.glob("matches/match-*.json"), *out.glob("records/match-*.json")]:
            stale.unlink()
        finished = []
    for folder in ("matches", "records"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    _write_whole(out / RUN_FILE, json.dumps(settings, indent=1))
    return finished


def save_match(out: Path, outcome: dict[str, Any]) -> None:
    """The match's record (replayable with `ludoteca replay`) and its outcome, each file written
    whole or not at all, so a run killed while saving leaves no half file for `resume` to read."""
    name = _match_file(outcome["index"])
    _write_whole(out / "records" / name, json.dumps(outcome["record"]))
    _write_whole(out / "matches" / name, json.dumps({k: v for k, v in outcome.items() if k != "record"}))


def _finished_matches(out: Path, settings: dict[str, Any]) -> list[dict[str, Any]]:
    run_file = out / RUN_FILE
    if not run_file.is_file():
        raise LudotecaError(MESSAGES.message("resume.nothing", folder=str(out)))
    earlier = json.loads(run_file.read_text(encoding="utf-8"))
    for key in RESUME_KEEPS:
        if earlier.get(key) != settings[key]:
            raise LudotecaError(MESSAGES.message("resume.differs", folder=str(out), setting=key,
                                                 earlier=json.dumps(earlier.get(key)),
                                                 now=json.dumps(settings[key])))
    finished = []
    for path in sorted(out.glob("matches/match-*.json")):
        outcome = json.loads(path.read_text(encoding="utf-8"))
        record = out / "records" / path.name
        if outcome["index"] < settings["games"] and record.is_file():
            outcome["record"] = json.loads(record.read_text(encoding="utf-8"))
            finished.append(outcome)
    return finished


def _match_file(index: int) -> str:
    """The file name of match `index`, the same in `records/` and `matches/`."""
    return f"match-{index:05d}.json"


def _write_whole(path: Path, text: str) -> None:
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)  # atomic: readers see the old file or the new one, never a part


def write_outputs(
    out: Path,
    outcomes: list[dict[str, Any]],
    stats: dict[str, BotStats],
    settings: dict[str, Any],
    lang: str = "en",
) -> list[Path]:
    """results.csv, results.json and two PNG plots, from every match of the run (the records
    are already saved, match by match)."""
    records = out / "records"
    csv_path = out / "results.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            [
                "match",
                "seed",
                "seat",
                "bot",
                "score",
                "place",
                "winner",
                "decisions",
                "seconds_per_move",
                "seconds_max",
                "record",
            ]
        )
        for outcome in outcomes:
            result = outcome["result"]
            for seat, name in enumerate(outcome["seats"]):
                writer.writerow(
                    [
                        outcome["index"],
                        outcome["seed"],
                        seat,
                        name,
                        result["scores"][seat],
                        result["ranking"][seat],
                        int(seat in result["winners"]),
                        outcome["decisions"][seat],
                        f"{outcome['seconds_per_move'][seat]:.4f}",
                        f"{outcome['seconds_max'][seat]:.4f}",
                        f"records/{_match_file(outcome['index'])}",
                    ]
                )
    json_path = out / "results.json"
    summary = {
        "settings": settings,
        "bots": [s.to_dict() for s in stats.values()],
        "pairings": pairing_summary(outcomes),
        "seats": seat_summary(outcomes),
        "matches": [{k: v for k, v in o.items() if k != "record"} for o in outcomes],
    }
    json_path.write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return [records, csv_path, json_path, *plot(out, stats, lang)]


def plot(out: Path, stats: dict[str, BotStats], lang: str = "en") -> list[Path]:
    """scores.png (score distribution per bot) and seats.png (win rate by seat with 95% CI)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = TEXT[language(lang)]
    bots = list(stats.values())
    scores_path, seats_path = out / "scores.png", out / "seats.png"

    figure, axes = plt.subplots(figsize=(2 + 1.5 * len(bots), 4))
    axes.boxplot([b.scores for b in bots], showmeans=True)
    axes.set_xticks(range(1, len(bots) + 1), [b.name for b in bots])
    axes.set_title(t["score_plot"])
    figure.tight_layout()
    figure.savefig(scores_path, dpi=100)
    plt.close(figure)

    seats = sorted({seat for b in bots for seat in b.seat_games})
    width = 0.8 / max(1, len(bots))
    figure, axes = plt.subplots(figsize=(2 + 1.2 * len(seats) * max(1, len(bots)) / 2, 4))
    for offset, bot in enumerate(bots):
        rates = [bot.seat_rate(seat) for seat in seats]
        xs = [seat + (offset - (len(bots) - 1) / 2) * width for seat in seats]
        heights = [r[0] for r in rates]
        # (clamped at 0: a 100% rate has a Wilson bound a rounding error below it)
        errors = [[max(0.0, r[0] - r[1]) for r in rates], [max(0.0, r[2] - r[0]) for r in rates]]
        axes.bar(xs, heights, width, yerr=errors, capsize=3, label=bot.name)
    axes.set_xticks(seats, [f"{t['seat']} {seat}" for seat in seats])
    axes.set_ylim(0, 1)
    axes.set_ylabel(t["win_rate"])
    axes.set_title(t["seat_plot"])
    axes.legend()
    figure.tight_layout()
    figure.savefig(seats_path, dpi=100)
    plt.close(figure)
    return [scores_path, seats_path]
