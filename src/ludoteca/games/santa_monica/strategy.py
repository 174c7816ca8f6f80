"""Santa Monica's evaluation for search: what a city should be worth when the game ENDS.

The score "if the game stopped now" is blind to everything a turn can still bring: a chain one
card short scores nothing, a ring one person short scores nothing, sand dollars score nothing,
and a VIP two steps from three wanted cards has earned no footprint yet. The evaluation adds
these hopes, each weighted by how likely it still comes true, to the points already secured.
Every feature is documented (what and why) in docs/games/santa-monica.md, section "Bots".

It is cheap because search calls it on every leaf: everything that depends on the cards alone
(adjacency, chains, groups, open slots) is cached per city layout, and everything that depends
on people per (card, people on it). The rule-of-thumb player (`heuristic.py`) shares none of it.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from .scoring import ring_options, space_tags, tag_groups, wave_points

if TYPE_CHECKING:
    from .components import Content
    from .rules import SantaMonicaState

# How much of a hope counts, per feature (a fraction of its points). Hand-set: a hope needs a
# suitable card to come up (or a move to be offered), and cities compete for the same display.
ADJACENT_HOPE = 0.45  # an unmet `adjacent` clause with an open neighbour that card rows allow
CHAIN_HOPE = (0.55, 0.2)  # a chain one card short, two cards short, with room to grow
GROWTH_HOPE = 0.45  # one more card on a group that scores per space (chains, objective bonuses)
COLUMN_HOPE = 0.4  # a half-built column under an objective that scores complete columns
RING_HOPE = (0.5, 0.2)  # a ring one person short, two short (needs people who can still move)
FOOTPRINT_HOPE = (0.45, 0.15)  # an unvisited wanted card within two steps of a VIP, farther
SAND_VALUE = 0.9  # a sand dollar as a future action (an extra card, move or people), up to...
SAND_USEFUL = 8  # ...this many; beyond them they are only a tie-break
PENALTY_RELIEF = 0.5  # share of the unplaced penalty that moves can still avoid, early on
HORIZON = 5  # cards still to place at which every hope counts in full
PICK_VALUE = 4.0  # a card still to pick this turn (bought with sand dollars): about a card's worth


class Layout(NamedTuple):
    """What the cards of one city are worth, apart from their people (cached per layout)."""

    points: float  # secured: adjacency, chains, not-adjacent, flat, distinct tags, objective
    hope: float  # adjacency and chains one card short, groups and columns that can grow
    sand_clauses: tuple[tuple[int, int], ...]  # (per, points) of each sand dollar clause
    ring_cards: tuple[tuple[int, int, int], ...]  # (space, card, bonus per filled ring)
    people_clauses: tuple[tuple[str, int, int, int, int], ...]  # (type, space, points, per, kind)
    wanted: tuple[tuple[int, int, int], ...]  # (space, card, footprint points) a VIP would mark


class Tables(NamedTuple):
    """Per-content look-up tables, built once."""

    tag_bit: dict[str, int]
    row_share: tuple[tuple[float, ...], tuple[float, ...]]  # per row, share of cards with each tag


@cache
def _tables(content: Content) -> Tables:
    tag_bit = {t: 1 << i for i, t in enumerate(content.tags)}
    share: list[list[float]] = [[0.0] * len(content.tags), [0.0] * len(content.tags)]
    count = [0, 0]
    for card, row in enumerate(content.card_row):
        count[row] += 1
        for i in range(len(content.tags)):
            if content.card_tags[card] >> i & 1:
                share[row][i] += 1
    rows = tuple(tuple(n / max(1, count[r]) for n in share[r]) for r in (0, 1))
    return Tables(tag_bit, (rows[0], rows[1]))


def hope_scale(state: SantaMonicaState) -> float:
    """0..1: how much of a hope may still come true, from the cards left before the game ends."""
    most = max(len(city) for city in state.cities) - 2
    return max(0.0, min(1.0, (state.options["end_cards"] - most) / HORIZON))


def end_values(state: SantaMonicaState) -> list[float]:
    """Every player's estimated final score."""
    scale = hope_scale(state)
    return [city_value(state, p, scale) for p in range(state.num_players)]


def evaluation(state: SantaMonicaState, player: int) -> float:
    """`player`'s estimated final score minus the best other player's."""
    values = end_values(state)
    return values[player] - max(v for p, v in enumerate(values) if p != player)


def city_value(state: SantaMonicaState, player: int, scale: float) -> float:
    """The estimated final score of one city: secured points plus hopes times `scale`."""
    tile = state.tiles[player]
    if tile < 0:
        return 0.0
    content, objective = state.content, state.objective
    city, people = state.cities[player], state.people[player]
    layout = _layout(content, objective, tile, frozenset(city.items()))
    value = layout.points + scale * layout.hope
    sand = state.sand[player]
    value += sum(points * (sand // per) for per, points in layout.sand_clauses)
    value += scale * SAND_VALUE * min(sand, SAND_USEFUL)
    if state.phase == "pick" and state.turn == player:
        value += PICK_VALUE * state.picks_left
    value += _people_value(state, player, layout, scale)
    value += _footprint_value(people, state.footprints[player], layout, scale)
    return value


# ---- the cards alone (cached per layout) --------------------------------------------------------


def _open(space: int, city: dict[int, int]) -> bool:
    """An empty space a card may still fill (column 0 is the starting tile's)."""
    return space not in city and space >> 1 != 0


@lru_cache(maxsize=1 << 15)
def _layout(content: Content, objective_index: int, tile: int, items: frozenset) -> Layout:
    tables = _tables(content)
    city = dict(items)
    tags = space_tags(content, tile, city)
    groups = tag_groups(content, tags)
    size_of = [{s: len(g) for g in per_tag for s in g} for per_tag in groups]
    points = hope = 0.0
    sand_clauses, ring_cards, people_clauses = [], [], []
    objective = content.objectives[objective_index]
    ring_bonus = sum(e["points"] for e in objective["misc_bonus"] if e["type"] == "per_filled_ring")
    for space, card in city.items():
        if card < 0:
            continue
        near = [n for n in (space - 2, space + 2, space ^ 1) if n in city]
        free = [n for n in (space - 2, space + 2, space ^ 1) if _open(n, city)]
        around = 0
        for n in near:
            around |= tags[n]
        for clause in content.cards[card]["scoring"]:
            kind = clause["type"]
            if kind == "adjacent":
                bit = tables.tag_bit[clause["tag"]]
                if around & bit:
                    points += clause["points"]
                elif _fits(tables, free, bit):
                    hope += ADJACENT_HOPE * clause["points"]
            elif kind == "chain":
                gained, hoped = _chain(tables, clause, space, city, groups, size_of)
                points, hope = points + gained, hope + hoped
            elif kind == "not_adjacent":
                points += 0 if around & tables.tag_bit[clause["tag"]] else clause["points"]
            elif kind == "flat":
                points += clause["points"]
            elif kind == "distinct_neighbour_tags":
                points += clause["points"] * bin(around).count("1")
            elif kind == "sand_dollars":
                sand_clauses.append((clause["per"], clause["points"]))
            else:  # empty, vip_here, people_city, filled_rings_adjacent: they depend on people
                per, counted = clause.get("per", 1), int(clause.get("kind") == "tourist")
                people_clauses.append((kind, space, clause["points"], per, counted))
        if content.cards[card]["rings"]:
            adjacent = sum(
                clause["points"] for n in near if city[n] >= 0
                for clause in content.cards[city[n]]["scoring"] if clause["type"] == "filled_rings_adjacent"
            )
            ring_cards.append((space, card, ring_bonus + adjacent))
    gained, hoped = _objective(tables, objective, groups, city, content.tags)
    wanted = tuple((s, c, _footprint_points(content, tile, c)) for s, c in city.items()
                   if c >= 0 and content.card_tags[c] & content.tile_wants[tile])
    return Layout(points + gained, hope + hoped, tuple(sand_clauses), tuple(ring_cards),
                  tuple(people_clauses), wanted)


def _fits(tables: Tables, free: list[int], bit: int) -> bool:
    """Whether some open space in `free` lies in a row whose cards may carry tag `bit`."""
    index = bit.bit_length() - 1
    return any(tables.row_share[n & 1][index] > 0 for n in free)


def _room(tables: Tables, group: set[int], city: dict[int, int], bit: int) -> bool:
    """Whether a group can still grow: an open space beside it in a row where the tag occurs."""
    index = bit.bit_length() - 1
    return any(_open(n, city) and tables.row_share[n & 1][index] > 0
               for s in group for n in (s - 2, s + 2, s ^ 1))


def _chain(tables: Tables, clause: dict, space: int, city: dict[int, int],
           groups: list[list[set[int]]], size_of: list[dict[int, int]]) -> tuple[float, float]:
    """(secured, hoped) points of one chain clause: scored now, or one or two cards short."""
    bit = tables.tag_bit[clause["tag"]]
    index = bit.bit_length() - 1
    size = size_of[index].get(space, 0)
    group = next(g for g in groups[index] if space in g)
    short = clause["min"] - size
    if short <= 0:
        secured = clause["points"] * size if clause["per_card"] else clause["points"]
        grows = clause["per_card"] and _room(tables, group, city, bit)
        return secured, GROWTH_HOPE * clause["points"] if grows else 0.0
    if short > len(CHAIN_HOPE) or not _room(tables, group, city, bit):
        return 0.0, 0.0
    reached = clause["points"] * clause["min"] if clause["per_card"] else clause["points"]
    return 0.0, CHAIN_HOPE[short - 1] * reached


def _objective(tables: Tables, objective: dict, groups: list[list[set[int]]], city: dict[int, int],
               tag_names: tuple[str, ...]) -> tuple[float, float]:
    """(secured, hoped) points of the objective's wave and misc bonuses (penalty: see people)."""
    entry = objective["wave_bonus"]
    index = tag_names.index(entry["tag"])
    bit = 1 << index
    waves = groups[index]
    secured = wave_points(entry, [len(g) for g in waves])
    hoped = 0.0
    growing = [g for g in waves if _room(tables, g, city, bit)]
    if growing:  # one more wave card beside the largest group that can still grow
        largest = max(growing, key=len)
        grown = [len(g) + (g is largest) for g in waves]
        hoped += GROWTH_HOPE * (wave_points(entry, grown) - secured)
    for bonus in objective["misc_bonus"]:
        kind, points = bonus["type"], bonus["points"]
        if kind == "largest_any_tag_group_per_space":
            best = max((len(g) for per_tag in groups for g in per_tag), default=0)
            secured += points * best
            if any(len(g) == best and _room(tables, g, city, 1 << i)
                   for i, per_tag in enumerate(groups) for g in per_tag):
                hoped += GROWTH_HOPE * points
        elif kind == "per_group_of_min_size":
            for i, per_tag in enumerate(groups):
                for g in per_tag:
                    if len(g) >= bonus["min"]:
                        secured += points
                    elif len(g) == bonus["min"] - 1 and _room(tables, g, city, 1 << i):
                        hoped += CHAIN_HOPE[0] * points
        elif kind == "per_complete_column":
            columns = {s >> 1 for s in city if s >> 1 != 0}
            for c in columns:
                if 2 * c in city and 2 * c + 1 in city:
                    secured += points
                else:
                    hoped += COLUMN_HOPE * points
        # per_filled_ring is counted with the rings
    return secured, hoped


# ---- people (rings, penalty, people clauses) and footprints -------------------------------------


def _penalty_rate(objective: dict) -> float:
    """Points lost per unplaced person (the green rank penalty read as about one per person)."""
    entry = objective["penalty"]
    if entry["type"] == "per_unplaced":
        return entry["points"] / entry["per"]
    return entry["points_by_rank"][0] / 4


@lru_cache(maxsize=1 << 15)
def _ring_card(content: Content, card: int, counts: tuple[int, int, int], bonus: int,
               rate: float) -> tuple[float, int, float, float]:
    """(ring points now, people placed, gain from one more person, gain from two more) of a card.

    An option is worth its ring points plus `rate` per person it places (each one escapes the
    unplaced penalty), as in the scoring's assignment; cards are judged one at a time, which is
    the assignment's result except when the penalty ties several cards together (rarely, and by a
    point or two). The gains are in the same terms, so a newcomer who would stay unplaced is 0.
    """
    rings = content.cards[card]["rings"]
    weights = [r["points"] + bonus for r in rings]

    def best(locals_: int, tourists: int, vips: int) -> tuple[float, int, int]:
        options = ring_options(rings, [locals_, tourists, vips], weights)
        return max((o[0] + rate * o[1], o[0], o[1]) for o in options)

    total, value, placed = best(*counts)
    n_l, n_t, n_v = counts
    one = max(best(n_l + 1, n_t, n_v)[0], best(n_l, n_t + 1, n_v)[0]) - total
    two = max(best(n_l + 2, n_t, n_v)[0], best(n_l + 1, n_t + 1, n_v)[0], best(n_l, n_t + 2, n_v)[0])
    two -= total + one
    return value, placed, max(0.0, one), max(0.0, two)


def _people_value(state: SantaMonicaState, player: int, layout: Layout, scale: float) -> float:
    content = state.content
    objective = content.objectives[state.objective]
    rate = -_penalty_rate(objective)
    people = state.people[player]
    value = 0.0
    placed = 0
    ring_hope = 0.0
    for space, card, bonus in layout.ring_cards:
        here = people.get(space)
        counts = (here[0], here[1], here[2]) if here else (0, 0, 0)
        now, on_rings, one, two = _ring_card(content, card, counts, bonus, rate)
        value += now
        placed += on_rings
        ring_hope += RING_HOPE[0] * one + RING_HOPE[1] * two
    locals_, tourists = 0, 0
    for here in people.values():
        locals_ += here[0]
        tourists += here[1]
    unplaced = locals_ + tourists - placed
    # a ring can only be filled by someone free to move there; spare people make it likelier
    value += scale * ring_hope * min(1.0, unplaced / 2)
    value -= rate * unplaced * (1 - PENALTY_RELIEF * scale)
    for kind, space, points, per, counted in layout.people_clauses:
        here = people.get(space)
        if kind == "empty":
            value += points if not here else 0
        elif kind == "vip_here":
            value += points if here and here[2] else 0
        elif kind == "people_city":
            value += points * ((tourists if counted else locals_) // per)
        # filled_rings_adjacent is inside the ring weights
    return value


def _footprint_points(content: Content, tile: int, card: int) -> int:
    value = content.tiles[tile]["footprint_scoring"]
    matches = bin(content.card_tags[card] & content.tile_wants[tile]).count("1")
    return value["per_footprint"] + value["per_matching_tag"] * matches


def _footprint_value(people: dict[int, list[int]], prints: set[int], layout: Layout, scale: float) -> float:
    """Footprints made, plus the VIPs' route: unvisited wanted cards near a VIP may still be."""
    total = 0.0
    open_cards = []
    for space, card, points in layout.wanted:
        if card in prints:
            total += points
        else:
            open_cards.append((space, points))
    if not open_cards or not scale:
        return total
    vips = [(s >> 1, s & 1) for s, here in people.items() if here[2]]
    if not vips:
        return total
    for space, points in open_cards:  # two steps: columns apart plus a row change, at most 2
        column, row = space >> 1, space & 1
        near = any(abs(column - c) + (row != r) <= 2 for c, r in vips)
        total += scale * FOOTPRINT_HOPE[not near] * points
    return total
