"""The `ludoteca` command: list games, read rules, replay records, and start the surfaces.

Each surface keeps its own code in its package; this module only parses the command line.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import ludoteca
from ludoteca.core import LudotecaError

app = typer.Typer(
    help="ludoteca: five modern tabletop games, played exactly. / cinco juegos de mesa modernos.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def default_lang() -> str:
    """Spanish when the environment asks for it (LUDOTECA_LANG, or LANG=es_*), else English."""
    chosen = os.environ.get("LUDOTECA_LANG") or os.environ.get("LANG", "")
    return "es" if chosen.lower().startswith("es") else "en"


LangOption = typer.Option(None, "--lang", help="Language of the text: en or es (idioma: en o es).")


def _lang(lang: str | None) -> str:
    lang = lang or default_lang()
    if lang not in ("en", "es"):
        raise typer.BadParameter("choose en or es")
    return lang


def _fail(error: Exception | str) -> NoReturn:
    console.print(f"[red]error:[/] {error}", highlight=False)
    raise typer.Exit(2)


def _game(game_id: str) -> ludoteca.Game:
    try:
        return ludoteca.load(game_id)
    except LudotecaError as error:
        _fail(error)


@app.command()
def games(lang: str | None = LangOption) -> None:
    """List the games, their player counts and options."""
    lang = _lang(lang)
    table = Table(title="ludoteca")
    for column in (
        "id",
        "game" if lang == "en" else "juego",
        "players" if lang == "en" else "jugadores",
        "options" if lang == "en" else "opciones",
    ):
        table.add_column(column)
    for info in ludoteca.list_games():
        options = "\n".join(
            f"{o.name} = {json.dumps(o.default)}"
            + (f"  ({', '.join(map(str, o.choices))})" if o.choices else "")
            for o in info.options
        )
        players = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else (f"{info.min_players}–{info.max_players}")
        )
        table.add_row(info.id, info.names[lang], players, options or "—")
    console.print(table)


@app.command()
def rules(game_id: str = typer.Argument(..., metavar="GAME"), lang: str | None = LangOption) -> None:
    """Show a game's rules in brief, and its options."""
    lang = _lang(lang)
    game = _game(game_id)
    console.print(Markdown(game.rules_summary(lang)))
    if game.info.options:
        console.print()
        console.print("[bold]Options[/]" if lang == "en" else "[bold]Opciones[/]")
        for option in game.info.options:
            text = option.help_es if lang == "es" and option.help_es else option.help
            console.print(f"  [cyan]{option.name}[/] = {json.dumps(option.default)}: {text}", highlight=False)


@app.command()
def replay(
    path: Path = typer.Argument(..., metavar="FILE", help="A saved game record (JSON)."),
    at: int | None = typer.Option(None, "--at", help="Show the position after this many actions."),
    every: bool = typer.Option(False, "--all", help="Print every position, not only the last."),
    lang: str | None = LangOption,
) -> None:
    """Step through a saved game record. Interactive in a terminal: Enter next, b back, q quit."""
    lang = _lang(lang)
    record = _read_record(path)
    try:
        for key in ("game", "num_players", "seed", "actions"):
            if not isinstance(record, dict) or key not in record:
                raise LudotecaError(f"{path} is not a saved game: it has no {key!r}",
                                    f"{path} no es una partida guardada: le falta {key!r}")
        game = ludoteca.load(record["game"])
        total = len(record["actions"])
        final = game.replay(record)
    except (ValueError, TypeError) as error:
        _fail(f"cannot read {path}: {error}")
    except LudotecaError as error:
        _fail(error.text(lang))
    if at is not None:
        _show(game, record, max(0, min(at, total)), lang)
    elif every:
        for step in range(total + 1):
            _show(game, record, step, lang)
    elif console.is_terminal:
        _step_through(game, record, total, lang)
    else:
        _show(game, record, total, lang)
        _summary(final, lang)


def _summary(state: ludoteca.State, lang: str) -> None:
    """How a replayed game ended (or that it did not), in words."""
    from ludoteca.tui.text import say

    if not state.is_over:
        seats = ", ".join(say(lang, "player", seat=seat) for seat in state.to_move)
        console.print(say(lang, "replay_unfinished", count=len(state.history), seats=seats), highlight=False)
        return
    result = state.result()
    scores = " · ".join(f"{say(lang, 'player', seat=seat)} {score:g}"
                        for seat, score in enumerate(result.scores))
    winners = ", ".join(say(lang, "player", seat=seat) for seat in result.winners)
    verdict = say(lang, "winner" if len(result.winners) == 1 else "winners", players=winners)
    console.print(f"{scores} — {verdict}", highlight=False)


def _show(game: ludoteca.Game, record: dict, step: int, lang: str) -> None:
    from ludoteca.tui.text import say

    state = game.replay(record, upto=step)
    actions = record["actions"]
    last = f" — {say(lang, 'player', seat=actions[step - 1][0])}: {actions[step - 1][1]}" if step else ""
    console.rule(f"{game.info.names[lang]} · {step}/{len(actions)}{last}")
    console.print(state.render(lang, markup=True), highlight=False)


def _step_through(game: ludoteca.Game, record: dict, total: int, lang: str) -> None:
    step = 0
    while True:
        _show(game, record, step, lang)
        answer = console.input("[dim]Enter: next · b: back · q: quit[/] ").strip().lower()
        if answer == "q":
            return
        step = max(0, step - 1) if answer == "b" else min(total, step + 1)


def _not_yet(name: str) -> None:
    console.print(f"[yellow]ludoteca {name}[/] is not available yet in this version.")
    raise typer.Exit(1)


@app.command()
def play(
    game_id: str | None = typer.Argument(None, metavar="GAME", help="The game (not needed with --resume)."),
    players: str | None = typer.Option(
        None,
        "--players",
        "-p",
        help="Seats in order, comma-separated: human or a bot name (default human,random,...; several "
        "humans play hot-seat). / Asientos: human o un bot.",
    ),
    seed: int | None = typer.Option(None, "--seed", help="Deal and bots reproducible from this seed."),
    level: str = typer.Option("normal", "--level", help="Bot strength: easy, normal or hard."),
    option: list[str] | None = typer.Option(
        None, "--option", "-o", metavar="K=V", help="A game option, e.g. variant=city_sprint (repeatable)."
    ),
    resume: Path | None = typer.Option(None, "--resume", metavar="FILE",
                                       help="Play on from a saved game (save FILE while playing)."),
    delay: float = typer.Option(1.0, "--delay", min=0.0,
                                help="Seconds between moves when only bots play (0: at once)."),
    plain: bool = typer.Option(False, "--plain",
                               help="Print the game as a log instead of redrawing one full screen."),
    lang: str | None = LangOption,
) -> None:
    """Play a game in the terminal against bots or friends (type help while playing)."""
    from ludoteca.tui import Session, run

    lang = _lang(lang)
    seats = players.split(",") if players else None
    try:
        if resume is not None:
            session = Session.resume(_read_record(resume), seats, level, lang)
        elif game_id is None:
            _fail("name a game, e.g. ludoteca play blue-lagoon (or --resume FILE)")
        else:
            count = ludoteca.load(game_id).info.min_players
            default = ["human"] + ["random"] * (count - 1)
            session = Session.start(game_id, seats or default, seed, option or [], level, lang)
    except LudotecaError as error:
        _fail(error)
    raise typer.Exit(run(session, console, delay, plain))


def _read_record(path: Path) -> Any:
    """A saved game's JSON, or a clear failure naming the file."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        _fail(f"cannot read {path}: {error}")


DbOption = typer.Option(
    None,
    "--db",
    help="Database URL or SQLite file (default: $LUDOTECA_DATABASE_URL, else ./ludoteca.sqlite3).",
)
ContentOption = typer.Option(
    None,
    "--santa-monica-content",
    help="Directory of replacement Santa Monica components (operator's choice).",
)


def _server_settings(db: str | None, santa_monica_content: Path | None, **limits):
    from ludoteca.server.settings import Settings

    operator = {}
    if santa_monica_content is not None:
        operator["santa-monica"] = {"content": str(santa_monica_content.resolve())}
    return Settings(database=db, operator_options=operator, **limits)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str | None = DbOption,
    santa_monica_content: Path | None = ContentOption,
    bots: bool = typer.Option(
        True, "--bots/--no-bots", help="Play bot turns here (off: `ludoteca bots` workers do)."
    ),
    bot_delay: float = typer.Option(0.4, "--bot-delay", min=0, help="Seconds before each bot move."),
) -> None:
    """Start the browser table (web server with bots and online play)."""
    from ludoteca.server import run
    from ludoteca.server.store import database_url, shown_url

    settings = _server_settings(db, santa_monica_content, bot_runner=bots, bot_delay=bot_delay)
    shown = f"[{host}]" if ":" in host else host
    console.print(f"ludoteca: open [bold]http://{shown}:{port}[/] in a browser (Ctrl+C stops the server)")
    console.print(f"[dim]database: {shown_url(database_url(db))}[/]", highlight=False)
    try:
        run(host, port, settings)
    except (OSError, LudotecaError) as error:
        _fail(error)


@app.command("bots")
def bot_worker(
    db: str | None = DbOption,
    santa_monica_content: Path | None = ContentOption,
    bot_delay: float = typer.Option(0.4, "--bot-delay", min=0, help="Seconds before each bot move."),
) -> None:
    """Play the bot turns of every server on this database (a worker for scale-out; no web server)."""
    import asyncio

    from ludoteca.server.bots import run_worker
    from ludoteca.server.store import database_url, shown_url

    console.print(f"ludoteca bots on [dim]{shown_url(database_url(db))}[/] (Ctrl+C stops)", highlight=False)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_worker(_server_settings(db, santa_monica_content, bot_delay=bot_delay)))


@app.command()
def arena(
    game_id: str = typer.Argument(..., metavar="GAME"),
    bots: str = typer.Option(
        "mcts,greedy,random",
        "--bots",
        help="Comma-separated bot specs NAME\\[@LEVEL]\\[:ITERATIONS]\\[+KEY=VALUE...]: random, heuristic, "
        "greedy, mcts; mcts@hard = the hard level whatever --level says (so mcts@hard,mcts@normal "
        "meet in one arena); mcts:500 = exactly 500 iterations, no time limit; MCTS keys: "
        "depth=N|end (playout actions), policy=informed|random, widen=RATE|off, seconds=S.",
    ),
    games: int = typer.Option(20, "--games", min=1, help="Number of matches."),
    players: int | None = typer.Option(None, "--players", help="Seats per match (default: the minimum)."),
    workers: int = typer.Option(
        1, "--workers", min=1, help="Local processes (or Ray CPUs with --ray local)."
    ),
    ray_address: str | None = typer.Option(
        None, "--ray", metavar="ADDRESS", help="Run the matches as Ray tasks: a cluster address, or local."
    ),
    out: Path = typer.Option(Path("arena-results"), "--out", help="Folder for records, results and plots."),
    seed: int = typer.Option(0, "--seed", help="Seed of the whole tournament."),
    option: list[str] = typer.Option([], "--option", help="A game option, name=value (repeatable)."),
    level: str = typer.Option(
        "normal", "--level", help="Bot level (easy, normal or hard) of the specs that name none."
    ),
    lang: str | None = LangOption,
) -> None:
    """Play seat-rotated bot tournaments and rate the bots (wins, seats, scores, Elo, plots)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from ludoteca.arena import run_local, run_ray, schedule, summarise
    from ludoteca.arena.match import parse_bot_spec
    from ludoteca.arena.report import pairing_table, results_table, seat_table, write_outputs

    lang = _lang(lang)
    game = _game(game_id)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    players = players or game.info.min_players
    try:
        if players not in game.info.player_counts:
            raise LudotecaError(
                f"{game.info.names['en']} is played by {game.info.min_players} to "
                f"{game.info.max_players} players, not {players}"
            )
        if not names:
            raise LudotecaError("name at least one bot, e.g. --bots mcts,greedy,random")
        for name in names:
            parse_bot_spec(name, level, 0)
        options = game.parse_options(option)
        game.new_state(players, seed=seed, **options)
    except LudotecaError as error:
        _fail(error)
    specs = schedule(game_id, names, games, players, seed, level, options)
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(game.info.names[lang], total=len(specs))

        def done(_outcome: dict) -> None:
            progress.advance(task)

        try:
            if ray_address:
                outcomes = run_ray(specs, ray_address, workers if ray_address == "local" else None, done)
            else:
                outcomes = run_local(specs, workers, done)
        except LudotecaError as error:
            _fail(error)
        except ImportError as error:
            _fail(f"--ray needs the ray package ({error})")
    stats = summarise(outcomes)
    title = f"{game.info.names[lang]}, {players}p, {len(outcomes)} games, level {level}"
    console.print(results_table(stats, title, lang))
    console.print(pairing_table(outcomes, lang))
    console.print(seat_table(stats, outcomes, lang))
    settings = {
        "game": game_id,
        "bots": names,
        "games": games,
        "players": players,
        "seed": seed,
        "level": level,
        "options": options,
        "workers": workers,
        "ray": ray_address,
    }
    for path in write_outputs(out, outcomes, stats, settings, lang):
        console.print(f"[dim]{'wrote' if lang == 'en' else 'escrito'}[/] {path}", highlight=False)


@app.command()
def bench(
    game_ids: list[str] | None = typer.Argument(None, metavar="[GAME ...]", help="Games (default: all)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    seconds: float = typer.Option(1.0, "--seconds", min=0.05, help="Seconds per measurement."),
    players: int | None = typer.Option(None, "--players", help="Only this player count."),
    lang: str | None = LangOption,
) -> None:
    """Measure the engines: random playouts, legal_actions/apply/clone times, MCTS iterations/s."""
    from ludoteca.arena.bench import bench_game

    lang = _lang(lang)
    chosen = (
        [_game(game_id) for game_id in game_ids]
        if game_ids
        else [ludoteca.load(i.id) for i in ludoteca.list_games()]
    )
    jobs = [(g, n) for g in chosen for n in g.info.player_counts if players in (None, n)]
    if not jobs:
        _fail(f"no game here is played by {players} players")
    rows = []
    status = Console(stderr=True)
    with status.status("bench") as spinner:
        for game, count in jobs:
            spinner.update(f"{game.info.names[lang]} · {count}p")
            try:
                rows.append(bench_game(game.info.id, count, seconds))
            except LudotecaError as error:
                _fail(f"{game.info.id}, {count} players: {error}")
    if as_json:
        print(json.dumps({"seconds": seconds, "results": rows}, indent=1))
        return
    table = Table(title="ludoteca bench")
    headers = {
        "en": (
            "game",
            "players",
            "games/s",
            "moves/s",
            "moves/game",
            "legal_actions µs",
            "apply µs",
            "clone µs",
            "MCTS it/s",
        ),
        "es": (
            "juego",
            "jugadores",
            "partidas/s",
            "jugadas/s",
            "jugadas/partida",
            "legal_actions µs",
            "apply µs",
            "clone µs",
            "MCTS it/s",
        ),
    }[lang]
    for header in headers:
        table.add_column(header, justify="left" if header in ("game", "juego") else "right")
    for row in rows:
        table.add_row(
            row["game"],
            str(row["players"]),
            f"{row['random_games_per_s']:,.1f}",
            f"{row['random_moves_per_s']:,.0f}",
            f"{row['moves_per_game']:.0f}",
            f"{row['legal_actions_us']:,.1f}",
            f"{row['apply_us']:,.1f}",
            f"{row['clone_us']:,.1f}",
            f"{row['mcts_iterations_per_s']:,.0f}",
        )
    console.print(table)


if __name__ == "__main__":
    app()
