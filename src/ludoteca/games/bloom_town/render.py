"""The terminal picture of a Bloom Town position, drawn from `view(player)` only.

Working from the view (never from the state's fields) guarantees that a picture shows no more than
the seat it is drawn for may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import (
    BLOOMING,
    COLS,
    FLOWER_SPACE,
    LETTERS,
    ROWS,
    SHOP_KINDS,
    SHOP_ROOF,
    TILE_CODE,
    TILE_COPIES,
    TYPE_COLOURS,
    TYPE_INDEX,
)
from .messages import FLOWER_NAMES, MESSAGES, SHOP_KIND_NAMES, SIDE_NAMES, TYPE_NAMES

if TYPE_CHECKING:
    from .rules import BloomTownState

WORDS = MESSAGES.table("render.words")
PHASES = MESSAGES.table("render.phases")
# Towns stand two across (each 30 characters and its margin). With more than two, the viewer's
# town stands alone and the other seats beside it in three short lines each, so that the table
# still fits 80 × 24 with the prompt and the actions (unless `compact` is False: every town
# drawn, two across, for a pager).
TOWNS_ACROSS = 2
TOWN_WIDTH = 40
RICH_COLOURS = {"blue": "blue", "red": "red", "green": "green", "yellow": "yellow", "purple": "magenta"}
TILE_LETTERS = {"office": "O", "subway": "S", "park": "P", "home": "H"}


def render(state: BloomTownState, lang: str, player: int | None, markup: bool, compact: bool = True) -> str:
    """Header, market and stacks, community area, then every player's hand and town."""
    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    view = state.view(player)
    lines = [_header(state, view, lang)]
    market = [
        f"{j + 1} {FLOWER_NAMES[lang][j]}: {_tile(name, lang, markup) if name else words['empty']}"
        for j, name in enumerate(view["market"])
    ]
    lines.append(f"{words['market']}: " + " | ".join(market))
    stacks = f"{words['stacks']}: " + " ".join(str(h) for h in view["stack_heights"])
    scored = f" ({words['scored']})"
    area = [
        f"{TYPE_NAMES[lang][TYPE_INDEX[t]]} {count}" + (scored if t in view["scored"] else "")
        for t, count in view["community"].items()
        if count or t in view["scored"]
    ]
    lines.append(f"{stacks} · {words['community']}: " + (", ".join(area) or words["empty"]))
    order = view["order"]
    if compact and player is not None and player in order and len(order) > TOWNS_ACROSS:
        others = [line for seat in order if seat != player for line in _summary(view, seat, lang, markup)]
        lines += _side_by_side(_block(state.side, view, player, lang, markup), others)
    else:
        for pair in range(0, len(order), TOWNS_ACROSS):
            seats = order[pair:pair + TOWNS_ACROSS]
            blocks = [_block(state.side, view, seat, lang, markup) for seat in seats]
            for row in zip(*blocks, strict=True):
                line = "".join(text + " " * max(1, TOWN_WIDTH - width) for width, text in row[:-1])
                lines.append((line + row[-1][1]).rstrip())
    lines += _legend(lang)
    return "\n".join(lines)


def _side_by_side(block: list[tuple[int, str]], others: list[str]) -> list[str]:
    """The viewer's town on the left, the other seats' lines on the right."""
    rows = max(len(block), len(others))
    block = block + [(0, "")] * (rows - len(block))
    others = others + [""] * (rows - len(others))
    return [(text + " " * max(1, TOWN_WIDTH - width) + other).rstrip()
            for (width, text), other in zip(block, others, strict=True)]


def _summary(view: dict, seat: int, lang: str, markup: bool) -> list[str]:
    """Another seat in three lines: name and points, hand, and what its town holds."""
    words = WORDS[lang]
    built = [name for name in view["towns"][seat] if name]
    counts = [f"{letter}{built.count(kind)}" for kind, letter in TILE_LETTERS.items()]
    shops = sum(1 for name in built if name.startswith("shop:"))
    town = f"{words['town']}: {' '.join(counts)} · {words['shop_count']} {shops}"
    lines = [_player_line(view, seat, lang, False), _hand_line(view, seat, lang, False), town]
    marked = [_player_line(view, seat, lang, markup), _hand_line(view, seat, lang, markup), town]
    return [part for plain, text in zip(lines, marked, strict=True) for part in _fit(plain, text)]


def _fit(plain: str, text: str) -> list[str]:
    """A summary line that is wider than its column, cut at its " · " (its markup dropped)."""
    if len(plain) < TOWN_WIDTH:
        return [text]
    parts, line = [], ""
    for item in plain.split(" · "):
        if line and len(line) + 3 + len(item) >= TOWN_WIDTH:
            parts.append(line)
            line = "  " + item
        else:
            line = f"{line} · {item}" if line else item
    return [*parts, line]


def _block(side: str, view: dict, seat: int, lang: str, markup: bool) -> list[tuple[int, str]]:
    """One seat's title, hand and town, each line with its visible width (for side-by-side towns)."""
    head, hand = _player_line(view, seat, lang, False), _hand_line(view, seat, lang, False)
    town = _town(side, view["towns"][seat], lang, False)
    marked = [_player_line(view, seat, lang, markup), _hand_line(view, seat, lang, markup),
              *_town(side, view["towns"][seat], lang, markup)]
    return [(len(plain), text) for plain, text in zip([head, hand, *town], marked, strict=True)]


def _legend(lang: str) -> list[str]:
    """What the letters of the grids mean, in two short lines (from the component data)."""
    words = WORDS[lang]
    flowers = ", ".join(f"{name[0].lower()} {name.lower()}" for name in FLOWER_NAMES[lang])
    built = ", ".join(
        f"{letter} {TYPE_NAMES[lang][TYPE_INDEX[kind]].lower()}" for kind, letter in TILE_LETTERS.items()
    )
    return [f"{words['free']} ({flowers}), * {words['blooming']}", f"{built}; {words['shops']}"]


def _header(state: BloomTownState, view: dict, lang: str) -> str:
    words = WORDS[lang]
    side = SIDE_NAMES[state.side][lang]
    if view["phase"] == "over":
        winners = ", ".join(str(w) for w in state.result().winners)
        status = f"{words['over']} · {words['winner']}: {words['player']} {winners}"
    else:
        status = f"{words['turn']}: {words['player']} {view['to_move'][0]} ({PHASES[lang][view['phase']]})"
    trigger = f" · {words['triggered']}" if view["end_triggered"] and view["phase"] != "over" else ""
    return f"{words['title']} — {side} · {status}{trigger}"


def _player_line(view: dict, seat: int, lang: str, markup: bool) -> str:
    words = WORDS[lang]
    parts = [f"{words['player']} {seat}", f"{view['scores'][seat]} {words['points']}"]
    if view["tokens"][seat]:
        parts.append(words["token"])
    text = " · ".join(parts)
    return f"[bold]{text}[/]" if markup else text


def _hand_line(view: dict, seat: int, lang: str, markup: bool) -> str:
    words = WORDS[lang]
    hand = view["hands"][seat]
    tiles = [_tile(t, lang, markup) for t in hand["tiles"]] + [words["unknown"]] * hand["unknown"]
    line = f"{words['hand']}: {', '.join(tiles) or words['empty']}"
    if view["kept"][seat]:
        line += f" · {words['kept']}: {TYPE_NAMES[lang][TYPE_INDEX[view['kept'][seat]]]}"
    return line


def _town(side: str, town: list, lang: str, markup: bool) -> list[str]:
    """The 5x5 grid: a built tile's short code, or the flower initial (`*` = blooming) if empty."""
    lines = [("     " + "".join(f"{letter:<5}" for letter in LETTERS)).rstrip()]
    for row in range(ROWS):
        cells = []
        for col in range(COLS):
            square = row * COLS + col
            name = town[square]
            if name:
                cells.append(_pad(_short(name), 5, _colour(name) if markup else None))
            else:
                flower = FLOWER_NAMES[lang][FLOWER_SPACE[side][square]][0].lower()
                cells.append(f"{flower + ('*' if square in BLOOMING[side] else ''):<5}")
        lines.append(f"{row + 1:<5}" + "".join(cells).rstrip())
    return lines


def _short(name: str) -> str:
    """`O`, `S`, `P`, `H` as in the spec's pictures; a shop by the first letters of its kind."""
    if name.startswith("shop:"):
        return name[5:9]
    return TILE_LETTERS[name]


def _tile(name: str, lang: str, markup: bool) -> str:
    if name.startswith("shop:"):
        text = SHOP_KIND_NAMES[lang][SHOP_KINDS.index(name[5:])]
    else:
        text = TYPE_NAMES[lang][TYPE_INDEX[name]]
    return f"[{_colour(name)}]{text}[/]" if markup else text


def _colour(name: str) -> str:
    kind = "shop" if name.startswith("shop:") else name
    return RICH_COLOURS.get(TYPE_COLOURS[TYPE_INDEX[kind]], "white")


def _pad(text: str, width: int, colour: str | None) -> str:
    padded = f"{text:<{width}}"
    return f"[{colour}]{text}[/]{padded[len(text):]}" if colour else padded


SHOW = MESSAGES.table("render.show")


def component_texts(state: BloomTownState, lang: str) -> dict[str, str]:
    """Every building type and every shop kind (with its roof types), by its name in `lang`."""
    lang = lang if lang in SHOW else "en"
    words = SHOW[lang]
    texts = {}
    for kind, letter in TILE_LETTERS.items():
        name = TYPE_NAMES[lang][TYPE_INDEX[kind]]
        texts[name.lower()] = (f"{name} ({words['type']}) · {words['letter']}: {letter} · "
                               f"{words['copies']}: {TILE_COPIES[TILE_CODE[kind]]}")
    for index, kind in enumerate(SHOP_KINDS):
        code = TILE_CODE[f"shop:{kind}"]
        name = SHOP_KIND_NAMES[lang][index]
        roof = ", ".join(TYPE_NAMES[lang][t] for t in sorted(SHOP_ROOF[code]))
        texts[name.lower()] = (f"{name} ({words['shop']}) · {words['letter']}: {kind[:4]} · {words['roof']}: "
                               f"{roof} · {words['copies']}: {TILE_COPIES[code]}")
    return texts
