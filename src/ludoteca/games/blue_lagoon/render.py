"""The terminal picture: the hex board row by row, then one line per seat.

Every tile is three characters wide with one space between tiles; even (short) rows are indented
by two characters, half a tile, as on the printed board. Legend: `~` sea, an island letter for
land, `(A)` an empty stone circle of island A, `(c)` a stone circle holding a token (lower-case
token letter), `S0` / `T0` a settler / village of seat 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.messages import written

from .components import COMPONENTS, EMPTY, TOKEN_LETTERS, board
from .messages import MESSAGES

if TYPE_CHECKING:
    from .rules import BlueLagoonState

_COLOURS = [c["hex"] for c in COMPONENTS["colours"]]
_COLOUR_NAMES = [MESSAGES.message(f"component.colour.{c['id']}") for c in COMPONENTS["colours"]]
_TOKEN_COLOURS = ("dark_orange3", "green_yellow", "cyan", "magenta", "bright_white")  # C B W P S
_WORDS = MESSAGES.tree("render.words")
# The legend stands to the right of the board (a long row is 55 characters), so the picture
# stays within 80 columns and short enough for a 24-line terminal.
LEGEND_COLUMN = 56
WIDTH = 80


def _count(number: int, words: dict[str, str], noun: str) -> str:
    """"1 settler", "2 settlers": the singular word is the noun's key, the plural adds an s."""
    return f"{number} {words[noun] if number == 1 else words[noun + 's']}"


def _paint(text: str, colour: str, markup: bool) -> str:
    return f"[{colour}]{text}[/]" if markup else text


def _tile(state: BlueLagoonState, t: int, markup: bool) -> str:
    b = board(state.geo)
    code = state.cells[t]
    if code != EMPTY:
        seat = code >> 1
        text = f"{'T' if code & 1 else 'S'}{seat} "
        return _paint(text, f"bold {_COLOURS[seat]}", markup)
    island = b.island_of[t]
    if island < 0:
        return _paint(" ~ ", "blue", markup)
    letter = chr(ord("A") + island) if island < 26 else "#"
    if state.tokens[t] != EMPTY:
        kind = state.tokens[t]
        return _paint(f"({TOKEN_LETTERS[kind].lower()})", _TOKEN_COLOURS[kind], markup)
    if b.is_stone[t]:
        return _paint(f"({letter})", "green", markup)
    return _paint(f" {letter} ", "green", markup)


def render(state: BlueLagoonState, lang: str, player: int | None, markup: bool, compact: bool = True) -> str:
    """A text picture of the whole position in `lang`: everything is public, so every `player`
    sees the same. `compact` keeps every seat's line within 80 columns (False: the lines whole,
    colour names included, for a pager)."""
    words = _WORDS.get(lang, _WORDS["en"])
    b = board(state.geo)
    # column numbers above the short rows (shifted half a hex) and below the long ones
    rows = ["      " + " ".join(f"{c:^3}" for c in range(b.height - 1)).rstrip()]
    widths = [len(rows[0])]
    for r in range(b.height):
        start = b.offsets[r]
        plain = f"{r:>3} {'  ' if r % 2 == 0 else ''}" + " ".join("   " for _ in range(b.lengths[r]))
        tiles = " ".join(_tile(state, t, markup) for t in range(start, start + b.lengths[r]))
        rows.append(f"{r:>3} {'  ' if r % 2 == 0 else ''}{tiles}")
        widths.append(len(plain))
    rows.append("    " + " ".join(f"{c:^3}" for c in range(b.height)).rstrip())
    widths.append(len(rows[-1]))
    status = words["over"] if state.finished else f"{words['to_move']} {words['seat']} {state.current}"
    side = [f"{words['phase']}: {words[state.phase]}", status, "", *words["legend"]]
    height = max(len(rows), len(side))  # a small map is shorter than its legend
    rows += [""] * (height - len(rows))
    widths += [0] * (height - len(widths))
    side += [""] * (height - len(side))
    lines = [
        (row + " " * (LEGEND_COLUMN - width) + note if note else row).rstrip()
        for row, width, note in zip(rows, widths, side, strict=True)
    ]
    so_far = state.scores()
    for p in range(state.num_players):
        lines.append(_seat_line(state, p, so_far[p], words, lang, markup, WIDTH if compact else None))
    return "\n".join(lines)


def _seat_line(state: BlueLagoonState, p: int, score: float, words: dict, lang: str, markup: bool,
               width: int | None) -> str:
    """One seat's pieces, tokens and score; a line wider than `width` drops the colour's name
    (the markup still paints it), then the word "left", so that four seats never wrap at 80
    columns (no `width`: the whole line)."""
    counts = " ".join(f"{letter}{n}" for letter, n in zip(TOKEN_LETTERS, state.counts[p], strict=True))
    earlier = f" ({state.totals[p]} {words['earlier']})" if state.totals[p] and not state.finished else ""
    colour = f" ({written(_COLOUR_NAMES[p], lang)})"
    for named, left in ((colour, f" {words['left']}"), ("", f" {words['left']}"), ("", "")):
        rest = (f": {_count(state.settlers[p], words, 'settler')}, "
                f"{_count(state.villages[p], words, 'village')}{left} · {counts} · "
                f"{words['score']} {score}{earlier}")
        name = f"{words['seat']} {p}{named}"
        if width is None or len(name) + len(rest) <= width:
            break
    return _paint(name, f"bold {_COLOURS[p]}", markup) + rest
