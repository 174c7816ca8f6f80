"""The terminal picture of a Happy City position, in English or Spanish, plain or with Rich markup."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .components import CARDS, COLOUR, COLOURS, MARKET, RESIDENCES, condition_text
from .messages import MESSAGES

if TYPE_CHECKING:
    from .rules import HappyCityState

RICH_COLOURS = ("yellow", "blue", "green", "dark_orange", "magenta")

LABELS = MESSAGES.tree("render")
# The tallest picture (in rows of 80 columns, estimated with a margin) that leaves room for a
# prompt and the actions at 80 × 24; a taller one draws the other seats' cities as their colour
# counts (the viewer's city stays whole), unless it is drawn whole (`compact=False`, for a pager).
ROWS, COLUMNS = 18, 80


def _card(key: str, lang: str, markup: bool, colour: int | None = None) -> str:
    """A card's name with its colour letter and cost, e.g. 'Museum (B 4)'; coloured with markup."""
    card = CARDS[key]
    colour = COLOUR[key] if colour is None and key != MARKET else colour
    details = [COLOURS[colour]] if colour is not None else []
    if card.kind in ("building", "residence"):
        details.append(str(card.cost))
    text = card.name(lang) + (f" ({' '.join(details)})" if details else "")
    if markup and colour is not None:
        return f"[{RICH_COLOURS[colour]}]{text}[/]"
    if markup and card.is_special:
        return f"[bold red]{text}[/]"
    return text


def render(state: HappyCityState, lang: str = "en", player: int | None = None, markup: bool = False,
           compact: bool = True) -> str:
    """Everything public: the picture is the same for every seat (Happy City has no hands), but a
    crowded table shows the viewer's city whole and the others summarised (unless `compact` is
    False: every city whole, for a pager)."""
    words = LABELS.get(lang, LABELS["en"])
    plain = _lines(state, lang, player, False, words, summarised=False)
    summarised = compact and player is not None and sum(map(_rows, plain)) > ROWS
    if not markup and not summarised:
        return "\n".join(plain)
    return "\n".join(_lines(state, lang, player, markup, words, summarised))


def _rows(line: str) -> int:
    """The rows a line takes at 80 columns, wrapped between its items (each further row is
    indented, and a cut falls up to about ten columns early)."""
    return 1 + -(-max(0, len(line) - COLUMNS) // (COLUMNS - 10))


def _lines(state: HappyCityState, lang: str, player: int | None, markup: bool, words: dict,
           summarised: bool) -> list[str]:
    lines = [_header(state, words)]
    display = ", ".join(_card(k, lang, markup) for k in state.display) or words["empty"]
    lines.append(f"{words['display']}: {display}")
    decks = "  ".join(
        f"{d + 1}: {len(state.decks[d])} (+{len(state.discards[d])} {words['discarded']})" for d in range(3)
    )
    lines.append(f"{words['decks']}: {decks}")
    piles = ", ".join(f"{CARDS[k].name(lang)} x{state.piles[k]}" for k in RESIDENCES)
    lines.append(f"{words['residences']}: {piles}")
    row = ", ".join(f"{_card(k, lang, markup)} [{condition_text(k)}]" for k in state.row)
    lines.append(f"{words['specials']}: {row or words['empty']}")
    if state.triggered:
        lines.append(words["trigger"])
    if state.sphinx_copy:
        lines.append(f"{words['copies']}: {CARDS[state.sphinx_copy].name(lang)}")
    for p, part in enumerate(state.breakdown()):
        marker = ">" if p in state.to_move else " "
        if p == player:
            marker = "*" if p not in state.to_move else marker + "*"
        lines.append(
            f"{marker} {words['player']} {p}: {state.coins[p]} {words['coins']}, "
            f"{words['income']} {part['income']}, {words['score']} {part['score']} "
            f"({words['people']} {part['people']}, {words['hearts']} {part['hearts']})"
        )
        city = state.cities[p]
        market = state.markets[p]
        if summarised and p != player:
            lines.append("    " + _summary(city, market, words))
            continue
        cards = [_card(k, lang, markup, scoring.colour_at(city, s, market)) for s, k in enumerate(city)]
        lines.append("    " + " | ".join(cards))
    return lines


def _summary(city: list[str], market: int | None, words: dict) -> str:
    """A city in one line: its cards of each colour and its specials."""
    counts = scoring.colour_counts(city, market)
    specials = sum(1 for key in city if CARDS[key].is_special)
    colours = " ".join(f"{letter}{n}" for letter, n in zip(COLOURS, counts, strict=True))
    return words["summary"].format(colours=colours, specials=specials, count=len(city))


def _header(state: HappyCityState, words: dict) -> str:
    if state.phase == "game_over":
        return f"{words['title']} — {words['over']}"
    return (f"{words['title']} — {words['round']} {state.round}, {words['to_move']} "
            f"{words['player'].lower()} {state.current}: {words['phases'][state.phase]}")


SHOW = MESSAGES.tree("show")


def component_texts(state: HappyCityState, lang: str) -> dict[str, str]:
    """Every card of the catalogue, by its key: kind, cost, colour, people, hearts, income, effect."""
    words = SHOW.get(lang, SHOW["en"])
    texts = {}
    for key, card in CARDS.items():
        name = card.name(lang)
        colour = f", {words['colours'][card.colour]}" if card.colour is not None else ""
        head = f"{name} ({words['kinds'].get(card.kind, card.kind)}{colour})"
        facts = [f"{words['cost']} {card.cost}", f"{words['people']} {card.people}",
                 f"{words['hearts']} {card.hearts}", f"{words['income']} {card.income}"]
        if card.deck:
            facts.append(f"{words['deck']} {card.deck}")
        lines = [head, "  " + " · ".join(facts)]
        if card.condition:
            lines.append(f"  {words['needs']}: {condition_text(key)}")
        effect = card.effect_text
        if effect is not None:
            lines.append("  " + effect.text(lang))
        texts[key] = "\n".join(lines)
    return texts
