"""The terminal picture of City Square Off: both cities side by side, the card, whose turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import MESSAGES
from .notation import Place

if TYPE_CHECKING:
    from .rules import CitySquareOffState

COLOURS = ("green", "dark_orange")
TEXT = MESSAGES.table("render")
def render(state: CitySquareOffState, lang: str, player: int | None, markup: bool) -> str:
    text = TEXT.get(lang, TEXT["en"])
    geometry = state.catalogue.geometry
    owners = [_owners(state, seat) for seat in (0, 1)]
    every = [square for grid in owners for square in grid]
    top = min([0] + [r for r, _ in every])
    bottom = max([geometry.rows - 1] + [r for r, _ in every])
    left = min([0] + [c for _, c in every])
    right = max([geometry.cols - 1] + [c for _, c in every])
    width = right - left + 1
    header = "   " + " ".join(
        geometry.letters[c] if 0 <= c < geometry.cols else " " for c in range(left, right + 1)
    )
    lines = []
    titles = [f"{text['player']} {seat} ({text[f'seat{seat}']})" for seat in (0, 1)]
    lines.append("   " + titles[0].ljust(2 * width - 1) + "       " + titles[1])
    lines.append(header + "    " + header)
    for row in range(top, bottom + 1):
        label = f"{row + 1:>2}" if 0 <= row < geometry.rows else "  "
        cells = [
            " ".join(
                _cell(owners[seat].get((row, col)), seat, geometry.on_grid(row, col), markup)
                for col in range(left, right + 1)
            )
            for seat in (0, 1)
        ]
        lines.append(f"{label} {cells[0]}    {label} {cells[1]}")
    lines.append(text["legend"])
    lines.extend(_status(state, text, player, lang))
    return "\n".join(lines)


def _owners(state: CitySquareOffState, seat: int) -> dict[tuple[int, int], str]:
    """Which piece covers each square of a seat's city: 'S' for the starter, else the tile's
    letter — in lower case where it touches another piece of the same letter, so that two
    neighbouring pieces never read as one."""
    squares: dict[tuple[int, int], str] = {}
    piece_at: dict[tuple[int, int], int] = {}
    for number, (piece, orient, row, col) in enumerate(state.placed[seat]):
        mark = "S" if state.catalogue.pieces[piece].is_starter else piece[0]
        cells = state.catalogue.squares_of(Place(piece, orient, row, col))
        beside = {
            squares[(r + dr, c + dc)]
            for r, c in cells
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if piece_at.get((r + dr, c + dc), number) != number
        }
        if mark in beside and mark != "S":
            mark = mark.lower()
        for square in cells:
            squares[square] = mark
            piece_at[square] = number
    return squares


def _cell(mark: str | None, seat: int, on_grid: bool, markup: bool) -> str:
    if mark is None:
        return "." if on_grid else " "
    if not markup:
        return mark
    colour = "grey50" if mark == "S" else COLOURS[seat]
    if mark.islower():
        colour = f"{colour} underline"
    return f"[bold {colour}]{mark}[/]"


def _status(state: CitySquareOffState, text: dict, player: int | None, lang: str) -> list[str]:
    lines = []
    if state.variant != "city_sprint":
        lines.append(
            f"{text['card']}: {state.current_card or text['none']}   ({len(state.deck)} {text['deck']})"
        )
    for seat in (0, 1):
        detail = f"{text['open']} {state._open_count(seat)}"
        if state.variant == "city_expansion":
            detail += f", {text['overhang']} {state._overhang(seat)}"
        if state.pending[seat] is not None:
            mine = f": {Place(*state.pending[seat])}" if seat == player else ""
            detail += f"; {text['waiting']}{mine}"
        lines.append(f"{text['player']} {seat}: {detail}")
    if state.outcome:
        winners = state.outcome["winners"]
        verdict = text["draw"] if len(winners) == 2 else f"{text['winner']}: {text['player']} {winners[0]}"
        reason = state.game.info.label(state.outcome["reason"], lang)
        lines.append(f"{text['over']} — {verdict} ({reason})")
    else:
        seats = ", ".join(f"{text['player']} {seat}" for seat in state.to_move)
        extra = f" — {text['start']}" if state.in_starter_phase else ""
        lines.append(f"{text['to_move']}: {seats}{extra}")
    return lines


SHOW = MESSAGES.table("show")


def component_texts(state: CitySquareOffState, lang: str) -> dict[str, str]:
    """Every piece (tiles and starters), drawn in its first orientation, by its id."""
    words = SHOW.get(lang, SHOW["en"])
    texts = {}
    for piece in state.catalogue.pieces.values():
        cells = piece.orientations["r0"]
        rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
        mark = "S" if piece.is_starter else piece.id[0]
        drawing = ["  " + " ".join(mark if (r, c) in cells else "." for c in range(cols))
                   for r in range(rows)]
        kind = words["starter"] if piece.is_starter else words["tile"]
        name = piece.names.get(lang) or piece.names["en"]
        head = f"{piece.id} — {name} ({kind}, {len(cells)} {words['squares']})"
        texts[piece.id.lower()] = "\n".join([head, *drawing])
    return texts
