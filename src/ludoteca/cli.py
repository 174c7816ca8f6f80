"""The `ludoteca` command: list games, read rules, replay records, and start the surfaces.

Each surface keeps its own code in its package; this module only parses the command line. Its
texts are in the message catalogue (`ludoteca/data/messages.<lang>.json`); the help texts are in
the language of the environment (`LUDOTECA_LANG`, else `LANG`), since Typer writes them when the
commands are declared, before `--lang` is read. So are Typer's own words (usage line, panel titles,
the help option, its parser's errors, the tags of what each parameter takes): `Group` and
`Command` take them from the catalogue too.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, get_args

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table
from rich.text import Text
from typer._click.core import Context, Parameter
from typer._click.exceptions import MissingParameter, NoSuchOption, UsageError
from typer._click.formatting import HelpFormatter
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

import ludoteca
from ludoteca.core import LudotecaError
from ludoteca.core.messages import Catalogue, languages

if TYPE_CHECKING:
    from ludoteca.arena.match import MatchSpec
    from ludoteca.server.settings import Settings

MESSAGES = Catalogue(__package__)


def default_lang() -> str:
    """The language the environment asks for (LUDOTECA_LANG, or LANG=es_ES.UTF-8), else English."""
    chosen = (os.environ.get("LUDOTECA_LANG") or os.environ.get("LANG", "")).lower()[:2]
    return chosen if chosen in languages() else "en"


# The help of every command and option, in the environment's language.
HELP = MESSAGES.table("help")[default_lang()]
# The names the help and the errors give to what a person types (GAME, FILE), the same way.
NAME = MESSAGES.table("name")[default_lang()]
# The kinds of value a parameter takes (Typer's <str>, <int>, <path>), the same way.
TYPE = MESSAGES.table("type")[default_lang()]


def say(lang: str, code: str, **values: object) -> str:
    return MESSAGES.text(code, lang, **values)


def _typer_words(lang: str) -> None:
    """Typer's own texts of the help and error panels ("Options", "Error", "[default: …]"), from
    the catalogue (`typer.<name>` is `typer.rich_utils.<NAME>`): Typer reads these module texts
    each time it draws a panel (they are what its gettext support translates, and gettext would
    need compiled catalogues beside ours)."""
    from typer import rich_utils

    for name, text in MESSAGES.table("typer")[lang].items():
        setattr(rich_utils, name.upper(), text)


# The fixed English sentences of Typer's parser that carry no exception of their own.
PARSER_SENTENCES = (
    (re.compile(r"Missing command\."), "missing_command"),
    (re.compile(r"No such command (?P<name>'.*')\.(?: Did you mean (?P<names>.*)\?)?"), "no_such_command"),
    (re.compile(r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"), "extra_arguments"),
    (re.compile(r"Option (?P<name>'.*') requires an argument\."), "needs_value"),
    (re.compile(r"Option (?P<name>'.*') requires \d+ arguments\."), "needs_value"),
    (re.compile(r"Option (?P<name>'.*') does not take a value\."), "takes_no_value"),
)


# The English sentences of the value checks Typer leaves to pydantic, for the kinds of values our
# options take; a sentence not listed here is shown as it comes.
VALUE_SENTENCES = (
    (re.compile(r"Input should be a valid integer.*"), "not_integer"),
    (re.compile(r"Input should be a valid number.*"), "not_number"),
    (re.compile(r"Input should be a valid boolean.*"), "not_boolean"),
    (re.compile(r"Input should be greater than or equal to (?P<limit>\S+)"), "at_least"),
    (re.compile(r"Input should be greater than (?P<limit>\S+)"), "more_than"),
    (re.compile(r"Input should be less than or equal to (?P<limit>\S+)"), "at_most"),
    (re.compile(r"Input should be less than (?P<limit>\S+)"), "less_than"),
)


Sentences = tuple[tuple[re.Pattern[str], str], ...]


def _matched(sentences: Sentences, message: str) -> tuple[str, dict[str, str]] | None:
    """The code of the listed English sentence `message` is, with the values it names; None if
    it is none of them."""
    for pattern, code in sentences:
        if found := pattern.fullmatch(message):
            return code, {key: value or "" for key, value in found.groupdict().items()}
    return None


def _value_message(message: str, lang: str) -> str:
    """A value check's sentence in `lang` where it is one of pydantic's listed above."""
    if matched := _matched(VALUE_SENTENCES, message):
        code, values = matched
        return say(lang, f"cli.value.{code}", **values)
    return message


def _parser_error(error: UsageError, lang: str) -> UsageError:
    """A usage error of Typer's parser said in `lang` (the same kind of error, for its exit code
    and its usage line); an error of ours, already in words of the catalogue, is left alone."""
    if isinstance(error, NoSuchOption):
        text = say(lang, "cli.no_such_option", name=error.option_name)
        if error.possibilities:
            text += " " + say(lang, "cli.possible_options", options=", ".join(sorted(error.possibilities)))
    elif isinstance(error, MissingParameter):
        argument = error.param is not None and error.param.param_type_name == "argument"
        text = say(lang, "cli.missing_argument" if argument else "cli.missing_option", name=_hint(error))
    elif isinstance(error, typer.BadParameter):
        hint = _hint(error)
        message = _value_message(error.message, lang)
        text = (say(lang, "cli.invalid_value", name=hint, message=message) if hint
                else say(lang, "cli.invalid", message=message))
    else:
        matched = _matched(PARSER_SENTENCES, error.message)
        if matched is None:
            return error
        code, values = matched
        text = say(lang, f"cli.{code}", **values)
        if values.get("names"):
            text += " " + say(lang, "cli.did_you_mean", names=values["names"])
    return UsageError(text, error.ctx)


def _hint(error: typer.BadParameter) -> str:
    """The parameter an error is about, as Typer names it ('GAME', '--seed' / '-s')."""
    if isinstance(error.param_hint, str):
        return error.param_hint
    if error.param_hint is not None:
        return " / ".join(repr(hint) for hint in error.param_hint)
    return error.param.get_error_hint() if error.param is not None else ""


@contextlib.contextmanager
def _usage_in_words() -> Iterator[None]:
    """Re-raise a usage error of Typer's parser in the environment's language."""
    try:
        yield
    except UsageError as error:
        said = _parser_error(error, default_lang())
        if said is error:
            raise
        raise said from error


def _type_tag(param: TyperArgument | TyperOption) -> str | None:
    """What a parameter takes, in words of the catalogue with its range (`<entero ≥ 1>` where
    Typer writes `<int range> [x>=1]`); None for a kind the catalogue does not name (choices,
    dates), which keeps Typer's own tag."""
    described = param.type_descriptor
    kind = described.annotation
    if described.is_list:
        (kind,) = get_args(kind)
    name = described.path_type if described.is_path else getattr(kind, "__name__", "")
    if described.is_choice or name not in TYPE:
        return None
    tag, lang = TYPE[name], default_lang()
    low, high = (None if limit is None else f"{limit:g}" for limit in (param.min, param.max))
    if low is not None and high is not None:
        tag = say(lang, "cli.type.between", type=tag, low=low, high=high)
    elif low is not None:
        tag = say(lang, "cli.type.at_least", type=tag, limit=low)
    elif high is not None:
        tag = say(lang, "cli.type.at_most", type=tag, limit=high)
    if described.is_list:
        tag = say(lang, "cli.type.several", type=tag)
    return f"<{tag}>"


def _tagged_in_words(base: type[TyperArgument | TyperOption]) -> type:
    """Typer's parameter class `base`, its tag `_type_tag`'s (the range said inside it, not after
    it); a flag has none, as in Typer's plain help, since it takes no value. A subclass of each
    class rather than one mixin, since Python lets `_InWords.get_params` turn a parameter into a
    direct subclass of its class only."""

    class Tagged(base):  # type: ignore[valid-type, misc]
        def display_type(self, ctx: Context) -> str:
            return _type_tag(self) or super().display_type(ctx)

        def display_type_rich(self, ctx: Context) -> str | None:
            return None if getattr(self, "is_flag", False) else super().display_type_rich(ctx)

        def _get_number_range_help_str(self) -> str | None:
            return None if _type_tag(self) else super()._get_number_range_help_str()

    Tagged.__name__ = Tagged.__qualname__ = f"Tagged{base.__name__}"
    return Tagged


# Typer's parameter classes, and ours that say their tags in words.
TAGGED = {base: _tagged_in_words(base) for base in (TyperArgument, TyperOption)}


class _InWords:
    """What Typer writes by itself (the usage line, the help option, its parser's errors), in the
    environment's language from the catalogue; mixed into the app's group and commands (`cls`)."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        pieces = " ".join(self.collect_usage_pieces(ctx))  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, pieces, prefix=say(default_lang(), "cli.usage") + " ")

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = say(default_lang(), "cli.help_option")
        return option

    def get_params(self, ctx: Context) -> list[Parameter]:
        """The parameters (the help option included), each made ours so that its tag is in words:
        Typer builds them itself, as its own classes, before the command sees them."""
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            param.__class__ = TAGGED.get(type(param), type(param))
        return params


class Group(_InWords, TyperGroup):
    """The `ludoteca` group: its parsing (and that of every command, which happens inside its
    `invoke`) raises usage errors in the reader's language."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        _typer_words(default_lang())
        return super().main(*args, **kwargs)

    def make_context(self, *args: Any, **kwargs: Any) -> Context:
        with _usage_in_words():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: Context) -> Any:
        with _usage_in_words():
            return super().invoke(ctx)


class Command(_InWords, TyperCommand):
    """A `ludoteca` command, its usage line and help option in the reader's language."""


app = typer.Typer(
    help=HELP["app"],
    no_args_is_help=True,
    add_completion=False,
    cls=Group,
    options_metavar=say(default_lang(), "cli.options_metavar"),  # the commands inherit it
    subcommand_metavar=say(default_lang(), "cli.subcommand_metavar"),
)
LOG_WIDTH = 160  # columns of the text written where the output is not a terminal
console = Console()
if not console.is_terminal and "COLUMNS" not in os.environ:
    # a log or a pipe is not 80 columns wide: results tables written there keep their columns whole
    console.width = LOG_WIDTH


LangOption = typer.Option(None, "--lang", help=HELP["lang"])


def _lang(lang: str | None) -> str:
    lang = lang or default_lang()
    if lang not in languages():
        raise typer.BadParameter(say(default_lang(), "bad_lang", languages=", ".join(languages())))
    return lang


def _fail(error: Exception | str, lang: str | None = None) -> NoReturn:
    """Print the error (a ludoteca error in the reader's language) and leave with status 2."""
    lang = lang or default_lang()
    text = error.text(lang) if isinstance(error, LudotecaError) else str(error)
    console.print(say(lang, "error", message=escape(text)), highlight=False)
    raise typer.Exit(2)


def _game(game_id: str, lang: str | None = None) -> ludoteca.Game:
    try:
        return ludoteca.load(game_id)
    except LudotecaError as error:
        _fail(error, lang)


@app.command(help=HELP["games"], cls=Command)
def games(lang: str | None = LangOption) -> None:
    """List the games, their player counts and options."""
    lang = _lang(lang)
    table = Table(title="ludoteca")
    for column in ("id", "game", "players", "options"):
        table.add_column(say(lang, f"games.{column}"))
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


@app.command(help=HELP["rules"], cls=Command)
def rules(game_id: str = typer.Argument(..., metavar=NAME["game"]), lang: str | None = LangOption) -> None:
    """Show a game's rules in brief, and its options."""
    lang = _lang(lang)
    game = _game(game_id, lang)
    console.print(Markdown(game.rules_summary(lang)))
    if game.info.options:
        console.print()
        console.print(Text(say(lang, "rules.options"), "bold"))
        for option in game.info.options:
            text = option.help_es if lang == "es" and option.help_es else option.help
            console.print(f"  [cyan]{option.name}[/] = {json.dumps(option.default)}: {text}", highlight=False)


@app.command(help=HELP["replay"], cls=Command)
def replay(
    path: Path = typer.Argument(..., metavar=NAME["file"], help=HELP["replay.file"]),
    at: int | None = typer.Option(None, "--at", help=HELP["replay.at"]),
    every: bool = typer.Option(False, "--all", help=HELP["replay.all"]),
    lang: str | None = LangOption,
) -> None:
    """Step through a saved game record. Interactive in a terminal: Enter next, b back, q quit."""
    lang = _lang(lang)
    record = _read_record(path, lang)
    try:
        for key in ("game", "num_players", "seed", "actions"):
            if not isinstance(record, dict) or key not in record:
                raise LudotecaError(MESSAGES.message("not_a_record", path=str(path), field=key))
        game = ludoteca.load(record["game"])
        total = len(record["actions"])
        final = game.replay(record)
    except (ValueError, TypeError) as error:
        _fail(say(lang, "cannot_read", path=path, message=error), lang)
    except LudotecaError as error:
        _fail(error, lang)
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
        answer = console.input(Text(say(lang, "replay.keys") + " ", "dim")).strip().lower()
        if answer == say(lang, "replay.quit"):
            return
        step = max(0, step - 1) if answer == say(lang, "replay.back") else min(total, step + 1)


@app.command(help=HELP["play"], cls=Command)
def play(
    game_id: str | None = typer.Argument(None, metavar=NAME["game"], help=HELP["play.game"]),
    players: str | None = typer.Option(None, "--players", "-p", help=HELP["play.players"]),
    seed: int | None = typer.Option(None, "--seed", help=HELP["play.seed"]),
    level: str = typer.Option("normal", "--level", help=HELP["play.level"]),
    option: list[str] | None = typer.Option(None, "--option", "-o", metavar=NAME["option"],
                                            help=HELP["play.option"]),
    resume: Path | None = typer.Option(None, "--resume", metavar=NAME["file"], help=HELP["play.resume"]),
    delay: float = typer.Option(1.0, "--delay", min=0.0, help=HELP["play.delay"]),
    plain: bool = typer.Option(False, "--plain", help=HELP["play.plain"]),
    lang: str | None = LangOption,
) -> None:
    """Play a game in the terminal against bots or friends (type help while playing)."""
    from ludoteca.tui import Session, run

    lang = _lang(lang)
    seats = players.split(",") if players else None
    try:
        if resume is not None:
            session = Session.resume(_read_record(resume, lang), seats, level, lang)
        elif game_id is None:
            _fail(say(lang, "play.no_game"), lang)
        else:
            count = ludoteca.load(game_id).info.min_players
            default = ["human"] + ["random"] * (count - 1)
            session = Session.start(game_id, seats or default, seed, option or [], level, lang)
    except LudotecaError as error:
        _fail(error, lang)
    raise typer.Exit(run(session, console, delay, plain))


def _read_record(path: Path, lang: str) -> Any:
    """A saved game's JSON, or a clear failure naming the file."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        _fail(say(lang, "cannot_read", path=path, message=error), lang)


DbOption = typer.Option(None, "--db", help=HELP["db"])
ContentOption = typer.Option(None, "--santa-monica-content", help=HELP["content"])


def _server_settings(db: str | None, santa_monica_content: Path | None, **limits: Any) -> Settings:
    from ludoteca.server.settings import Settings

    operator = {}
    if santa_monica_content is not None:
        operator["santa-monica"] = {"content": str(santa_monica_content.resolve())}
    return Settings(database=db, operator_options=operator, **limits)


@app.command(help=HELP["serve"], cls=Command)
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help=HELP["serve.host"]),
    port: int = typer.Option(8000, "--port", help=HELP["serve.port"]),
    db: str | None = DbOption,
    santa_monica_content: Path | None = ContentOption,
    bots: bool = typer.Option(True, "--bots/--no-bots", help=HELP["serve.bots"]),
    bot_delay: float = typer.Option(0.4, "--bot-delay", min=0, help=HELP["bot_delay"]),
) -> None:
    """Start the browser table (web server with bots and online play)."""
    from ludoteca.server import run
    from ludoteca.server.store import database_url, shown_url

    settings = _server_settings(db, santa_monica_content, bot_runner=bots, bot_delay=bot_delay)
    shown = f"[{host}]" if ":" in host else host
    lang = default_lang()
    console.print(say(lang, "serve.open", url=f"http://{shown}:{port}"))
    console.print(say(lang, "serve.database", url=escape(shown_url(database_url(db)))), highlight=False)
    try:
        run(host, port, settings)
    except (OSError, LudotecaError) as error:
        _fail(error)


@app.command("bots", help=HELP["bots"], cls=Command)
def bot_worker(
    db: str | None = DbOption,
    santa_monica_content: Path | None = ContentOption,
    bot_delay: float = typer.Option(0.4, "--bot-delay", min=0, help=HELP["bot_delay"]),
) -> None:
    """Play the bot turns of every server on this database (a worker for scale-out; no web server)."""
    import asyncio

    from ludoteca.server.bots import run_worker
    from ludoteca.server.store import database_url, shown_url

    url = escape(shown_url(database_url(db)))
    console.print(say(default_lang(), "bots.started", url=url), highlight=False)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_worker(_server_settings(db, santa_monica_content, bot_delay=bot_delay)))


@app.command(help=HELP["arena"], cls=Command)
def arena(
    game_id: str = typer.Argument(..., metavar=NAME["game"]),
    bots: str = typer.Option("mcts,greedy,random", "--bots", help=HELP["arena.bots"]),
    games: int = typer.Option(20, "--games", min=1, help=HELP["arena.games"]),
    players: int | None = typer.Option(None, "--players", help=HELP["arena.players"]),
    workers: int = typer.Option(1, "--workers", min=1, help=HELP["arena.workers"]),
    ray_address: str | None = typer.Option(None, "--ray", metavar=NAME["address"], help=HELP["arena.ray"]),
    out: Path = typer.Option(Path("arena-results"), "--out", help=HELP["arena.out"]),
    seed: int = typer.Option(0, "--seed", help=HELP["arena.seed"]),
    option: list[str] = typer.Option([], "--option", help=HELP["arena.option"]),
    level: str = typer.Option("normal", "--level", help=HELP["arena.level"]),
    resume: bool = typer.Option(False, "--resume", help=HELP["arena.resume"]),
    lang: str | None = LangOption,
) -> None:
    """Play seat-rotated bot tournaments and rate the bots (wins, seats, scores, Elo, plots)."""
    from ludoteca.arena import schedule, summarise
    from ludoteca.arena.report import begin_run, pairing_table, results_table, seat_table, write_outputs

    lang = _lang(lang)
    game = _game(game_id, lang)
    names = [name.strip() for name in bots.split(",") if name.strip()]
    players = players or game.info.min_players
    options = _arena_options(game, names, players, option, seed, level, lang)
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
    try:
        finished = begin_run(out, settings, resume)
    except LudotecaError as error:
        _fail(error, lang)
    played = {outcome["index"] for outcome in finished}
    specs = [spec for spec in schedule(game_id, names, games, players, seed, level, options)
             if spec.index not in played]
    if resume:
        console.print(say(lang, "arena.resumed", done=len(finished), games=games, folder=escape(str(out)),
                          left=len(specs)), highlight=False)
    fresh = _play_matches(game, specs, out, games, len(finished), workers, ray_address, lang)
    outcomes = sorted(finished + fresh, key=lambda outcome: outcome["index"])
    stats = summarise(outcomes)
    title = say(lang, "arena.title", game=game.info.names[lang], players=players, count=len(outcomes),
                level=level)
    console.print(results_table(stats, title, lang))
    console.print(pairing_table(outcomes, lang))
    console.print(seat_table(stats, outcomes, lang))
    for path in write_outputs(out, outcomes, stats, settings, lang):
        console.print(say(lang, "arena.wrote", path=escape(str(path))), highlight=False)


def _arena_options(game: ludoteca.Game, names: list[str], players: int, option: list[str], seed: int,
                   level: str, lang: str) -> dict[str, Any]:
    """The game's options of an arena run, once every setting is checked (a bad one ends the
    command with its message before any match is played or any file written)."""
    from ludoteca.arena.match import parse_bot_spec

    try:
        if players not in game.info.player_counts:
            raise LudotecaError(MESSAGES.message(
                "arena.player_count", game=game.info.names, least=game.info.min_players,
                most=game.info.max_players, count=players))
        if not names:
            raise LudotecaError(MESSAGES.message("arena.no_bots"))
        for name in names:
            parse_bot_spec(name, level, 0)
        options = game.parse_options(option)
        game.new_state(players, seed=seed, **options)
    except LudotecaError as error:
        _fail(error, lang)
    return options


def _play_matches(game: ludoteca.Game, specs: list[MatchSpec], out: Path, games: int, done_before: int,
                  workers: int, ray_address: str | None, lang: str) -> list[dict]:
    """Play `specs` on local processes or Ray, saving each match as it finishes, with a bar in a
    terminal and a line per match in a log."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from ludoteca.arena import run_local, run_ray
    from ludoteca.arena.report import save_match

    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    started = time.monotonic()
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(game.info.names[lang], total=games, completed=done_before)

        def done(outcome: dict) -> None:
            save_match(out, outcome)  # as it finishes: a stopped run keeps it (see --resume)
            progress.advance(task)
            if not console.is_terminal:  # no bar in a log: a line per match shows the run moving
                finished_now = int(progress.tasks[0].completed)
                console.print(_match_line(outcome, finished_now, games, time.monotonic() - started, lang),
                              highlight=False)

        try:
            if ray_address:
                return run_ray(specs, ray_address, workers if ray_address == "local" else None, done)
            return run_local(specs, workers, done)
        except LudotecaError as error:
            _fail(error, lang)
        except ImportError as error:
            _fail(say(lang, "arena.no_ray", message=error), lang)


def _match_line(outcome: dict, done: int, games: int, seconds: float, lang: str) -> str:
    """A finished match as one line of a log: who won, the scores, the time since the run began."""
    seats, result = outcome["seats"], outcome["result"]
    winners = ", ".join(escape(seats[seat]) for seat in result["winners"])
    minutes, second = divmod(round(seconds), 60)
    hours, minute = divmod(minutes, 60)
    code = "arena.match_won" if len(result["winners"]) == 1 else "arena.match_drawn"
    return say(lang, code, done=done, games=games, index=outcome["index"], winners=winners,
               scores="–".join(f"{score:g}" for score in result["scores"]),
               elapsed=f"{hours}:{minute:02d}:{second:02d}")


@app.command(help=HELP["bench"], cls=Command)
def bench(
    game_ids: list[str] | None = typer.Argument(None, metavar=NAME["games"], help=HELP["bench.games"]),
    as_json: bool = typer.Option(False, "--json", help=HELP["bench.json"]),
    seconds: float = typer.Option(1.0, "--seconds", min=0.05, help=HELP["bench.seconds"]),
    players: int | None = typer.Option(None, "--players", help=HELP["bench.players"]),
    lang: str | None = LangOption,
) -> None:
    """Measure the engines: random playouts, legal_actions/apply/clone times, MCTS iterations/s."""
    from ludoteca.arena.bench import bench_game

    lang = _lang(lang)
    chosen = (
        [_game(game_id, lang) for game_id in game_ids]
        if game_ids
        else [ludoteca.load(i.id) for i in ludoteca.list_games()]
    )
    jobs = [(g, n) for g in chosen for n in g.info.player_counts if players in (None, n)]
    if not jobs:
        _fail(say(lang, "bench.no_game", players=players), lang)
    rows = []
    status = Console(stderr=True)
    with status.status("bench") as spinner:
        for game, count in jobs:
            spinner.update(f"{game.info.names[lang]} · {count}p")
            try:
                rows.append(bench_game(game.info.id, count, seconds))
            except LudotecaError as error:
                failed = say(lang, "bench.failed", game=game.info.id, players=count, message=error.text(lang))
                _fail(failed, lang)
    if as_json:
        print(json.dumps({"seconds": seconds, "results": rows}, indent=1))
        return
    table = Table(title="ludoteca bench")
    headers = [say(lang, f"bench.{key}") for key in ("game", "players", "games_per_s", "moves_per_s",
                                                        "moves_per_game")]
    headers += ["legal_actions µs", "apply µs", "clone µs", "MCTS it/s"]
    for header in headers:
        table.add_column(header, justify="left" if header == headers[0] else "right")
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
