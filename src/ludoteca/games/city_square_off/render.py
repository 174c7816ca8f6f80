"""The terminal picture of City Square Off: both cities side by side, the card, whose turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .messages import MESSAGES
from .notation import Place

if TYPE_CHECKING:
    from .rules import CitySquareOffState

COLOURS = ("green", "dark_orange")
TEXT = MESSAGES.table("render")
PENDING = "+"  # a square of the seat's own placement, submitted but not yet played


def render(state: CitySquareOffState, lang: str, player: int | None, markup: bool) -> str:
    text = TEXT.get(lang, TEXT["en"])
    geometry = state.catalogue.geometry
    owners = [_owners(state, seat) for seat in (0, 1)]
    submitted: tuple | None = state.pending[player] if player is not None else None
    if player is not None and submitted is not None:  # the seat's own secret placement
        pending = Place(*submitted)
        owners[player].update({square: PENDING for square in state.catalogue.squares_of(pending)})
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
    if state.variant == "city_sprint" and player is not None:
        hand = _hand(state, player, text)
        width = max(len(line) for line in lines)
        lines = [line.ljust(width) + "  " + extra if extra else line
                 for line, extra in zip(lines, hand + [""] * (len(lines) - len(hand)), strict=False)]
    lines.append(text["legend"])
    lines.extend(_status(state, text, player, lang))
    return "\n".join(lines)


# Quarter blocks: one character draws 2 × 2 squares (bits: top left, top right, bottom left,
# bottom right), so a whole City Sprint hand fits beside the two grids.
QUARTERS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
HAND_ACROSS = 7


def _hand(state: CitySquareOffState, player: int, text: dict) -> list[str]:
    """The City Sprint tiles `player` has not placed yet: each drawn small under its id."""
    used = {piece for piece, *_ in state.placed[player]}
    submitted: tuple | None = state.pending[player]
    if submitted is not None:
        used.add(submitted[0])
    held = [tile for tile in state.catalogue.tiles if tile.id not in used]
    lines = [f"{text['hand']} ({len(held)}):"]
    for start in range(0, len(held), HAND_ACROSS):
        group = held[start:start + HAND_ACROSS]
        drawings = [_small(tile.orientations) for tile in group]
        lines.append(" ".join(f"{tile.id:<3}" for tile in group).rstrip())
        for row in range(2):
            lines.append(" ".join(f"{d[row] if row < len(d) else '':<3}" for d in drawings).rstrip())
    return lines


def _small(orientations: dict[str, tuple[tuple[int, int], ...]]) -> list[str]:
    """A piece in its flattest orientation, in quarter blocks (at most 2 lines of 3 characters)."""
    def size(cells: Iterable[tuple[int, int]]) -> tuple[int, int]:
        return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1

    cells = set(min(orientations.values(), key=size))
    rows, cols = size(tuple(cells))
    return [
        "".join(
            QUARTERS[sum(bit for bit, (dr, dc) in ((1, (0, 0)), (2, (0, 1)), (4, (1, 0)), (8, (1, 1)))
                         if (top + dr, left + dc) in cells)]
            for left in range(0, cols, 2)
        )
        for top in range(0, rows, 2)
    ]


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
    if mark == PENDING:
        return f"[reverse {COLOURS[seat]}]{mark}[/]"
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
        submitted: tuple | None = state.pending[seat]
        if submitted is not None:
            mine = f": {Place(*submitted)} ({text['marked']})" if seat == player else ""
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
        name = piece.names.text(lang)
        head = f"{piece.id} — {name} ({kind}, {len(cells)} {words['squares']})"
        texts[piece.id.lower()] = "\n".join([head, *drawing])
    return texts
