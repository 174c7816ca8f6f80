"""The terminal picture of a Santa Monica position (English or Spanish, plain or Rich markup)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .messages import MESSAGES

if TYPE_CHECKING:
    from collections.abc import Callable

    from .components import Content
    from .rules import SantaMonicaState

WORDS = MESSAGES.table("render.words")
CELL = 11
# A city is drawn in bands of whole columns that fit this width, so that a long city never wraps
# in the middle of a card at 80 columns.
WIDTH = 78
ROW_LABEL = 4
# The tallest picture that leaves room for a prompt and the actions at 80 × 24; a taller one
# draws the other seats' cities as one summary line each (the viewer's own city stays whole),
# unless it is drawn whole (`compact=False`, for a pager).
ROWS = 20




def render(state: SantaMonicaState, lang: str = "en", player: int | None = None, markup: bool = False,
           compact: bool = True) -> str:
    words = WORDS.get(lang, WORDS["en"])
    c = state.content

    def colour(text: str, style: str) -> str:
        return f"[{style}]{text}[/]" if markup else text

    objective = c.objectives[state.objective]
    faces = ", ".join(f"{code} ({c.faces[c.face_index[code]]['cost']})" for code in state.faces)
    lines = [
        f"Santa Monica — {words['phase']}: {state.phase}"
        + (f" — {words['to_move']}: {words['player']} {state.turn}" if state.to_move
           else f" — {words['over']}")
        + (f" — {words['final']}" if state.final_round else ""),
        f"{words['objective']}: {c.name('objective', objective, lang)} · {words['faces']}: {faces}",
    ]
    for label, slots in ((words["front"], state.front), (words["back"], state.back)):
        cells = [c.cards[i]["id"] if i >= 0 else "--" for i in slots]
        lines.append(f"  {label:>8}: " + "  ".join(f"{i + 1}:{cell:<4}" for i, cell in enumerate(cells)))
    tokens = (f"  {words['truck']} {state.truck}, {words['foodie']} {state.foodie}, "
              f"{words['deck']} {len(state.deck)}")
    supply = "/".join(str(n) for n in state.supply)
    lines.append(f"{tokens}; {words['supply']} L/T/V/footprints {supply}")
    scores = state.scores()
    cities = [_city(state, p, words, lang, colour, scores[p], p == player) for p in range(state.num_players)]
    if compact and player is not None and len(lines) + sum(map(len, cities)) + 1 > ROWS:
        cities = [city if p == player else [city[0], _summary(state, p, words)]
                  for p, city in enumerate(cities)]
    for city in cities:
        lines.extend(city)
    lines.append(words["legend"])
    return "\n".join(lines)


def _summary(state: SantaMonicaState, p: int, words: dict[str, str]) -> str:
    """Another seat's city in one line, for a crowded table: its width and the people in it."""
    here = [0, 0, 0]
    for counts in state.people[p].values():
        here = [a + b for a, b in zip(here, counts, strict=True)]
    crowd = " ".join(f"{n}{k}" for n, k in zip(here, "LTV", strict=True)) + f" {len(state.footprints[p])}*"
    return "  " + words["summary"].format(columns=len({s >> 1 for s in state.cities[p]}), people=crowd)


def _city(state: SantaMonicaState, p: int, words: dict[str, str], lang: str,
          colour: Callable[[str, str], str], score: float, is_you: bool) -> list[str]:
    c = state.content
    city, people, prints = state.cities[p], state.people[p], state.footprints[p]
    tile = c.tiles[state.tiles[p]] if state.tiles[p] >= 0 else None
    head = (f"{words['player']} {p}{' (' + words['you'] + ')' if is_you else ''}: {words['tile']} "
            f"{c.name('tile', tile, lang) if tile else '?'}, {state.sand[p]} {words['sd']}, "
            f"{len(city) - 2} {words['card'] if len(city) == 3 else words['cards']}, "
            f"{words['score']} {score}")
    columns = sorted({s >> 1 for s in city})
    cells = {space: _cell(c, card, people.get(space), card in prints) for space, card in city.items()}
    width = max(len(text) for text in cells.values())
    per_band = max(1, (WIDTH - ROW_LABEL) // (width + 1))
    out = [colour(head, "bold")]
    first, last = columns[0], columns[-1]
    for band in range(first, last + 1, per_band):
        shown = range(band, min(band + per_band, last + 1))
        out.append(" " * ROW_LABEL + " ".join(f"{col:^{width}}" for col in shown).rstrip())
        for row, letter, style in ((0, "B", "yellow"), (1, "S", "cyan")):
            row_cells = [cells.get(2 * col + row, "").ljust(width) for col in shown]
            out.append(f"  {letter} " + colour("|".join(row_cells).rstrip(), style))
    return out


SHOW = MESSAGES.table("render.show")
def _cell(content: Content, card: int, here: list[int] | None, footprint: bool) -> str:
    """A card's id (START for the starting tile), `*` if a VIP left a footprint, then its people."""
    name = "START" if card < 0 else content.cards[card]["id"]
    crowd = "".join(f"{n}{k}" for n, k in zip(here or [0, 0, 0], "LTV", strict=True) if n)
    mark = "*" if card >= 0 and footprint else ""
    return f"{name}{mark} {crowd}".rstrip()


def component_texts(state: SantaMonicaState, lang: str) -> dict[str, str]:
    """Every card, starting tile, sand dollar face and objective of the content in play, by id."""
    words = SHOW.get(lang, SHOW["en"])
    c = state.content

    def tags(names: list[str]) -> str:
        return ", ".join(c.tag_names[tag].get(lang, tag) for tag in names)

    def entry(item: dict, component: str, kind: str, *extra: str) -> str:
        mark = f" — {words['stand_in']}" if str(item.get("status", "")).startswith("stand-in") else ""
        head = f"{item.get('id', item.get('code'))} — {c.name(component, item, lang)} ({kind}){mark}"
        return "\n".join([head, *extra, "  " + c.text(component, item, lang)])

    texts = {}
    for card in c.cards:
        card_tags = f"  {words['tags']}: {tags(card['tags'])}"
        texts[card["id"].lower()] = entry(card, "card", words[card["row"]], card_tags)
    for tile in c.tiles:
        texts[tile["id"].lower()] = entry(tile, "tile", words["tile"])
    for face in c.faces:
        texts[face["code"].lower()] = entry(face, "face", words["face"])
    for objective in c.objectives:
        texts[objective["id"].lower()] = entry(objective, "objective", words["objective"])
    return texts
