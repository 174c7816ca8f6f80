"""The full-screen frame: the board, the scores, the last moves, messages and the legal actions,
cut to fit the terminal, so that one turn is one screen redrawn in place.

Every region is a list of `Text` lines no wider than the screen; lines that are too long are
wrapped at their separators (" | ", ", ", " · "), never in the middle of a word, and the action
list is cut with a pointer to `list` for the rest. The frame stops two rows above the bottom: the
prompt takes one, and the Enter typed there moves to the last one without scrolling the screen
(so nothing of this frame is pushed into the terminal's scrollback).
"""

from __future__ import annotations

import random

from rich.console import Console, RenderableType
from rich.errors import MarkupError
from rich.text import Text

from ludoteca.core import Action

from .session import Session
from .text import say

SEPARATORS = (" | ", " · ", ", ", "; ", " ")
LAST_MOVES = 8
MOST_ACTION_ROWS = 4
MOST_MESSAGE_ROWS = 4
SCORES_WIDTH = 32
# Fields of a view's `players` entries that measure the race while the score is still 0.
LIVE_FIELDS = ("open_squares", "overhang")


def wrap(line: Text, width: int) -> list[Text]:
    """`line` cut into lines of at most `width` cells, at the last separator that fits; the
    continuation lines are indented two more than the line itself."""
    out: list[Text] = []
    indent = len(line.plain) - len(line.plain.lstrip(" ")) + 2
    rest = line
    while rest.cell_len > width:
        plain = rest.plain
        cut = _break(plain, width)
        head, tail = rest[:cut], rest[cut:]
        head.rstrip()
        out.append(head)
        tail_plain = tail.plain
        tail = tail[len(tail_plain) - len(tail_plain.lstrip(" ")):]
        rest = Text(" " * min(indent, width // 2)) + tail
        if not tail.plain:
            return out
    out.append(rest)
    return out


def _break(plain: str, width: int) -> int:
    """Where to cut: after the last separator that fits (past the indent), else at `width`."""
    indent = len(plain) - len(plain.lstrip(" "))
    for separator in SEPARATORS:
        at = plain.rfind(separator, 0, width + 1 - len(separator.rstrip()))
        if at > max(indent, width // 3):
            return at + len(separator.rstrip())
    return width


def markup_lines(markup: str, plain: str) -> list[Text]:
    """A picture's lines, coloured from its Rich markup (plain if the markup does not parse)."""
    try:
        text = Text.from_markup(markup)
    except MarkupError:
        text = Text(plain)
    return list(text.split("\n", allow_blank=True))


def picture(session: Session, seat: int | None) -> list[Text]:
    state, lang = session.state, session.lang
    return markup_lines(state.render(lang, player=seat, markup=True), state.render(lang, player=seat))


def whole_table(session: Session, seat: int | None, width: int) -> list[Text]:
    """The table for `board`: the game's picture drawn whole (`compact=False`: the other seats in
    full, not summarised as on a crowded frame), wrapped to `width`. It is still the picture *for*
    `seat`, so it shows that seat's private parts and nothing hidden from it."""
    state, lang = session.state, session.lang
    lines = markup_lines(state.render(lang, player=seat, markup=True, compact=False),
                         state.render(lang, player=seat, compact=False))
    return [part for line in lines for part in wrap(line, width)]


def preview(session: Session, seat: int, action: Action) -> list[Text] | str:
    """The picture after `seat` plays `action`, the squares or letters it changes highlighted; or
    why it cannot be shown (a move that would draw or reveal something is never previewed).

    The move is tried in a world re-sampled from what `seat` knows (so another seat's secret
    move, still pending, is not there to be revealed by it), and only if taking it back there
    would be allowed — the core's undo rule, the same test of "it showed nothing new".
    The lines of the picture that re-sampling changed (another seat "placed, waiting", whose
    turn it is) depend on that secret: they are kept as they read now, dimmed, and a last line
    says whose choice is hidden, so the preview never claims that a seat has not chosen yet.
    """
    state = session.state
    lang = session.lang
    sample = state.determinize(seat, random.Random(0))
    resampled = sample.render(lang, player=seat).split("\n")
    sample.apply(str(action), seat)
    if not sample.undo_check(seat, humans=[seat]).allowed:
        return say(lang, "preview_reveals", action=str(action))
    before = state.render(lang, player=seat).split("\n")
    after_plain = sample.render(lang, player=seat)
    lines = markup_lines(sample.render(lang, player=seat, markup=True), after_plain)
    hidden = [number for number, line in enumerate(before)
              if number < len(lines) and (number >= len(resampled) or resampled[number] != line)]
    for number, (line, plain) in enumerate(zip(lines, after_plain.split("\n"), strict=False)):
        if number in hidden:
            lines[number] = Text(before[number], "dim")
            continue
        old = before[number] if number < len(before) else ""
        for column, char in enumerate(plain):
            if char != (old[column] if column < len(old) else " "):
                line.stylize("reverse bold", column, column + 1)
    if hidden:
        shown = set(state.visible_history(seat))
        secret = sorted({player for player, text in state.history if (player, text) not in shown} - {seat})
        names = ", ".join(session.name(player) for player in secret) or say(lang, "another_seat")
        lines.append(Text(say(lang, "preview_hidden", players=names), "dim"))
    return lines


def scores_panel(session: Session, viewer: int | None, rows: int) -> list[Text]:
    """One line a seat: ▶ for the seats to move, the name, the score it may see, a live measure."""
    state = session.state
    scores = session.visible_scores(viewer)
    live = _live(session, viewer)
    lines = []
    for seat in range(state.num_players):
        marker = "▶ " if seat in state.to_move else "  "
        title = f"{session.name(seat)} ({session.who(seat, viewer)})"
        score = "?" if scores[seat] is None else _number(scores[seat])
        line = Text(marker, "bold green")
        line.append(f"{title:<23.23}", "bold" if seat == viewer else "")
        line.append(f" {score:>5}" + (f" {live[seat]}" if live else ""))
        lines.append(line)
    return lines[:rows]


def _live(session: Session, viewer: int | None) -> list[str]:
    state = session.state
    if state.is_over:
        return []
    players = state.view(viewer).get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        return []
    for field in LIVE_FIELDS:
        if all(isinstance(p.get(field), int) for p in players):
            return [say(session.lang, field, count=p[field]) for p in players]
    return []


def _number(value: object) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def last_moves(session: Session, viewer: int | None, rows: int, width: int) -> list[Text]:
    """The last `rows` moves as sentences, each followed by its notation when the viewer may see it."""
    words = session.words(viewer)
    if not words:
        return [Text(say(session.lang, "no_moves"), "dim")]
    lines = []
    for number in range(max(0, len(words) - rows), len(words)):
        line = Text(f"{number + 1:>3}. {words[number].text}")
        if words[number].notation is not None:
            line.append(f"  ({words[number].notation})", "dim")
        line.truncate(width, overflow="ellipsis")
        lines.append(line)
    return lines


def action_rows(session: Session, seat: int, rows: int, width: int) -> list[Text]:
    """The numbered legal actions, flowing across `rows` lines; the last cell points to `list`."""
    actions = [str(a) for a in session.state.legal_actions(seat)]
    head = say(session.lang, "actions_short", count=len(actions))
    cell = max(len(a) for a in actions) + 6 if actions else 8
    per_row = max(1, (width - len(head)) // cell)
    capacity = per_row * rows
    shown = actions if len(actions) <= capacity else actions[:capacity - 1]
    cells = [Text.assemble((f"{i:>3} ", "cyan"), text.ljust(cell - 4)) for i, text in enumerate(shown, 1)]
    if len(shown) < len(actions):
        cells.append(Text(say(session.lang, "more_short", more=len(actions) - len(shown)), "dim"))
    lines: list[Text] = []
    for start in range(0, len(cells), per_row):
        lead = Text(head, "bold") if not lines else Text(" " * len(head))
        line = lead + Text("").join(cells[start:start + per_row])
        line.rstrip()
        line.truncate(width)
        lines.append(line)
    return lines or [Text(head, "bold")]


def build(session: Session, seat: int | None, width: int, height: int, messages: list[Text],
          page: list[Text] | None = None, acting: bool = True) -> list[Text]:
    """The frame for `seat` (None: a spectator), `height` lines of at most `width` cells.

    With a `page` (help, rules, a component, the whole list), the page takes the board's place.
    `acting`: the seat is about to be prompted, so its legal actions are listed.
    What gives way when the screen is short, in order: the panel of scores and last moves (down
    to one line, then none), the older messages (the newest always stays), and only then the
    board, cut with a pointer to `board`.
    """
    notes = [part for message in messages for part in wrap(message, width)][-MOST_MESSAGE_ROWS:]
    if page is not None:
        body = page[: max(1, height - len(notes))]
        return _fill(body, [], notes, height)
    board = [part for line in picture(session, seat) for part in wrap(line, width)]
    prompted = acting and seat is not None
    actions_needed = 1
    if prompted and seat is not None:
        actions_needed = len(action_rows(session, seat, MOST_ACTION_ROWS, width))
    fewest_notes = min(len(notes), len(wrap(messages[-1], width)) if messages else 0)
    while len(notes) > fewest_notes and len(board) > height - len(notes) - (1 if prompted else 0):
        notes = notes[1:]
    room = height - len(notes) - (1 if prompted else 0)
    if len(board) > room:
        more = len(board) - room + 1
        board = board[: room - 1] + [Text(say(session.lang, "board_cut", more=more), "dim")]
    spare = room - len(board)
    players = session.state.num_players
    panel: list[Text] = []
    if spare >= players + 1:
        panel_rows = min(spare - 1, max(players, 3))
        spare -= panel_rows + 1
        extra_actions = min(spare, actions_needed - 1) if acting else 0
        spare -= extra_actions
        panel_rows += min(spare, LAST_MOVES - panel_rows)
        panel = _panel(session, seat, panel_rows, width)
    else:
        if spare >= 1:
            panel = [_panel_line(session, seat, width)]
            spare -= 1
        extra_actions = min(spare, actions_needed - 1) if acting else 0
    actions = action_rows(session, seat, 1 + extra_actions, width) if prompted and seat is not None else []
    return _fill(board + panel, actions, notes, height)


def _panel_line(session: Session, viewer: int | None, width: int) -> Text:
    """The panel in one line, for a crowded screen: every score it may see and the last move."""
    scores = session.visible_scores(viewer)
    line = Text("─ ", "bold")
    for seat in range(session.state.num_players):
        marker = "▶" if seat in session.state.to_move else ""
        score = "?" if scores[seat] is None else _number(scores[seat])
        line.append(f"{marker}{session.name(seat)} {score}", "bold" if seat == viewer else "")
        line.append(" · ")
    words = session.words(viewer)
    line.append(f"{len(words)}. {words[-1][1]}" if words else say(session.lang, "no_moves"), "dim")
    line.truncate(width, overflow="ellipsis")
    return line


def _panel(session: Session, viewer: int | None, rows: int, width: int) -> list[Text]:
    lang = session.lang
    moves_width = width - SCORES_WIDTH - 3
    title = Text("─ " + say(lang, "scores") + " ", "bold")
    title.append("─" * max(0, SCORES_WIDTH - title.cell_len) + "┬─ ")
    title.append(say(lang, "last_moves"), "bold")
    names = session.state.game.info.names
    game = f" {names.get(lang, names['en'])} ─"  # which game this is, on a line drawn anyway
    title.append(" " + "─" * max(0, width - title.cell_len - 1 - len(game)))
    title.append(game if title.cell_len + len(game) <= width else "─" * max(0, width - title.cell_len))
    scores = scores_panel(session, viewer, rows)
    moves = last_moves(session, viewer, rows, moves_width)
    lines = [title]
    for row in range(rows):
        left = scores[row] if row < len(scores) else Text("")
        left = left.copy()
        left.truncate(SCORES_WIDTH, pad=True)
        line = left + Text(" │ ") + (moves[row] if row < len(moves) else Text(""))
        lines.append(line)
    return lines


def _fill(top: list[Text], actions: list[Text], notes: list[Text], height: int) -> list[Text]:
    """The top lines, blank lines, then the messages and actions just above the prompt."""
    bottom = notes + actions
    top = top[: max(0, height - len(bottom))]
    return top + [Text("")] * (height - len(top) - len(bottom)) + bottom


def page_lines(console: Console, renderable: RenderableType, width: int) -> list[Text]:
    """Any Rich renderable (help panel, rules in Markdown, a component) as lines of `width`."""
    options = console.options.update(width=width, no_wrap=False)
    lines = console.render_lines(renderable, options, pad=False)
    return [Text.assemble(*((segment.text, segment.style or "") for segment in line if not segment.control))
            for line in lines]
