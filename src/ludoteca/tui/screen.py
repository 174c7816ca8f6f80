"""What the terminal shows: the table for one seat, the legal actions, the pass screen, the end.

Everything drawn for a seat comes from what that seat may see (`render(player=seat)`,
`view(seat)`, `visible_history(seat)`), so hot-seat players never see each other's secrets.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.errors import MarkupError
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .session import Session
from .text import say

LAST_MOVES = 8
# Longer lists are cut in the table view; `list` shows them all with the same numbers.
SHOWN_ACTIONS = 36


def seat_title(session: Session, seat: int, viewer: int | None) -> str:
    return f"{session.name(seat)} ({session.who(seat, viewer)})"


def picture(session: Session, seat: int | None) -> Text:
    """The game's own picture for `seat`, coloured; plain if the game's markup does not parse."""
    state = session.state
    try:
        return Text.from_markup(state.render(session.lang, player=seat, markup=True))
    except MarkupError:
        return Text(state.render(session.lang, player=seat))


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_number(v) for v in value) or "—"
    return str(value)


def players_table(session: Session, viewer: int | None) -> Table:
    lang = session.lang
    table = Table(box=None, pad_edge=False, show_header=True, header_style="bold")
    table.add_column("")
    table.add_column(say(lang, "seat"))
    table.add_column(say(lang, "score"), justify="right")
    scores = session.visible_scores(viewer)
    to_move = session.state.to_move
    for seat in range(session.state.num_players):
        marker = "▶" if seat in to_move else ""
        score = "?" if scores[seat] is None else _number(scores[seat])
        style = "bold" if seat == viewer else ""
        table.add_row(marker, Text(seat_title(session, seat, viewer), style=style), score)
    return table


def last_moves(session: Session, viewer: int | None) -> Text:
    """The last moves as sentences in the player's language, each with its notation (dimmed)."""
    state = session.state
    words = state.history_in_words(session.lang, viewer)
    if not words:
        return Text(say(session.lang, "no_moves"), style="dim")
    shown = {(p, t) for p, t in state.visible_history(viewer)}
    first = len(words) - min(len(words), LAST_MOVES)
    log = Text()
    for number in range(first, len(words)):
        sentence, entry = words[number][1], state.history[number]
        log.append(f"{number + 1:>3}. {sentence}")
        if entry in shown:  # the notation of a move still secret from the viewer stays hidden
            log.append(f"  ({entry[1]})", style="dim")
        log.append("\n" if number + 1 < len(words) else "")
    return log


def table_view(console: Console, session: Session, seat: int | None) -> None:
    """The whole table as `seat` sees it: the game's picture, scores, turn and last moves."""
    lang = session.lang
    title = session.game.info.names[lang]
    console.print(Panel(picture(session, seat), title=title, title_align="left", expand=False))
    side = Table.grid(padding=(0, 4))
    side.add_row(
        Panel(players_table(session, seat), title=say(lang, "scores"), title_align="left"),
        Panel(last_moves(session, seat), title=say(lang, "last_moves"), title_align="left"),
    )
    console.print(side)


def actions_view(console: Console, session: Session, seat: int, contains: str | None = None,
                 limit: int | None = SHOWN_ACTIONS) -> None:
    """The numbered legal actions of `seat` (filtered by `contains`, cut after `limit`)."""
    listed = actions_table(session, seat, contains, limit)
    if listed is None:
        console.print(say(session.lang, "no_match", text=contains), style="yellow", markup=False)
    else:
        console.print(listed)


def actions_table(session: Session, seat: int, contains: str | None = None,
                  limit: int | None = None) -> Group | None:
    """The numbered legal actions in columns, with their count; None if none contains `contains`."""
    lang = session.lang
    actions = session.state.legal_actions(seat)
    numbered = [(i, str(a)) for i, a in enumerate(actions, start=1)]
    if contains:
        numbered = [(i, t) for i, t in numbered if contains.lower() in t.lower()]
        if not numbered:
            return None
    shown = numbered if limit is None else numbered[:limit]
    cells = [Text.assemble((f"{i:>3} ", "cyan"), t) for i, t in shown]
    parts: list[Any] = [Text(say(lang, "actions", count=len(actions)), style="bold"),
                        Columns(cells, padding=(0, 3))]
    if len(shown) < len(numbered):
        parts.append(Text(say(lang, "more_actions", more=len(numbered) - len(shown)), style="dim"))
    return Group(*parts)


def turn_header(console: Console, session: Session, seat: int) -> None:
    lang = session.lang
    line = say(lang, "your_turn", player=session.name(seat), who=session.who(seat, seat))
    step = session.step_in_turn(seat)
    if step > 1:
        line += f" · {say(lang, 'step', step=step)}"
    console.print(Text(line, style="bold green"))


def pass_screen(console: Console, session: Session, seat: int, previous: int | None) -> None:
    """The screen between two people in hot-seat: names the next seat and shows no secret."""
    lang = session.lang
    body = [say(lang, "pass_body", player=escape(session.name(seat)))]
    if previous is not None:
        body.append(say(lang, "pass_undo", player=escape(session.name(previous))))
    console.print(Panel("\n\n".join(body), title=say(lang, "pass_title"), expand=False))


def help_panel(session: Session, seat: int) -> Panel:
    legal = session.state.legal_actions(seat)
    example = escape(str(legal[0])) if legal else "…"
    return Panel(say(session.lang, "help", example=example), expand=False)


def component_panel(text: str) -> Panel:
    return Panel(Text(text), expand=False)


def rules_panel(session: Session) -> Panel:
    return Panel(Markdown(session.game.rules_summary(session.lang)))


def end_view(console: Console, session: Session) -> None:
    """The final table: every seat's score breakdown, place and the winner."""
    lang = session.lang
    state = session.state
    result = state.result()
    humans = session.humans
    viewer = humans[0] if len(humans) == 1 else None
    title = f"{session.game.info.names[lang]} — {say(lang, 'game_over')}"
    console.print(Panel(picture(session, viewer), title=title, title_align="left", expand=False))
    table = Table(title=say(lang, "game_over"))
    table.add_column(say(lang, "rank"), justify="right")
    table.add_column(say(lang, "seat"))
    categories: list[str] = []
    for part in result.breakdown:  # the total has its own column: a "score" category would repeat it
        categories.extend(key for key in part if key not in categories and key != "score")
    for key in categories:
        table.add_column(session.game.info.label(key, lang), justify="right")
    table.add_column(say(lang, "score"), justify="right", style="bold")
    for seat in sorted(range(state.num_players), key=lambda p: result.ranking[p]):
        part = result.breakdown[seat] if seat < len(result.breakdown) else {}
        table.add_row(
            str(result.ranking[seat]),
            seat_title(session, seat, viewer),
            *(_number(part.get(key, "")) for key in categories),
            _number(result.scores[seat]),
        )
    console.print(table)
    names = ", ".join(session.name(p) for p in result.winners)
    verdict = say(lang, "winner" if len(result.winners) == 1 else "winners", players=names)
    if result.tiebreak and result.tiebreak != "draw":
        verdict += f" ({say(lang, 'tiebreak', rule=session.game.info.label(result.tiebreak, lang))})"
    console.print(Text(verdict, style="bold green"))


def message(console: Console, text: str, style: str = "") -> None:
    """A line of plain text: engine messages may contain brackets that are not markup."""
    console.print(Text(text, style=style))
