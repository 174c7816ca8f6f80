"""Final scoring (spec section 8): pure functions of one city and the content.

A city is `{space: card index}` where the two starting-tile halves (`B0`, `S0`) hold -1; people are
`{space: [locals, tourists, VIPs]}`; footprints are the set of card indices that hold one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from ludoteca.core.grid import connected_groups

from .components import Content

LINES = ("adjacency", "chains", "sand_dollars", "misc", "rings", "footprints",
         "wave_bonus", "misc_bonus", "penalty")


def neighbours(space: int) -> tuple[int, int, int]:
    """Left, right and across (spec 2.2); callers keep the occupied ones."""
    return space - 2, space + 2, space ^ 1


def space_tags(content: Content, tile: int, city: dict[int, int]) -> dict[int, int]:
    """The tag mask of every occupied space, starting-tile halves included."""
    halves = content.tile_half_tags[tile]
    return {s: content.card_tags[c] if c >= 0 else halves[s & 1] for s, c in city.items()}


def tag_groups(content: Content, tags: dict[int, int]) -> list[list[set[int]]]:
    """For each tag (in content order), its groups: maximal connected sets of spaces carrying it."""
    return [
        connected_groups([s for s, m in tags.items() if m >> bit & 1], neighbours)
        for bit in range(len(content.tags))
    ]


# ---- activity rings (8.4) -----------------------------------------------------------------------


def ring_options(rings: list[dict], counts: list[int], weights: list[int]) -> list[tuple]:
    """The fill options of one card: (value, placed, ring points, ring index tuple), empty first."""
    n_local, n_tourist, n_vip = counts
    options: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    if rings and "any_number" in rings[0]:
        eligible = {"local": n_local, "tourist": n_tourist, "any": n_local + n_tourist + n_vip}
        kind = rings[0]["any_number"]
        if eligible[kind]:
            placed = n_local + n_tourist if kind == "any" else eligible[kind]
            options.append((weights[0], placed, rings[0]["points"], (0,)))
        return options
    for size in range(1, len(rings) + 1):
        for chosen in combinations(range(len(rings)), size):
            need_l = sum(rings[i]["need"]["local"] for i in chosen)
            need_t = sum(rings[i]["need"]["tourist"] for i in chosen)
            need_a = sum(rings[i]["need"]["any"] for i in chosen)
            if need_l > n_local or need_t > n_tourist or need_l + need_t + need_a > sum(counts):
                continue
            placed = need_l + need_t + min(need_a, n_local - need_l + n_tourist - need_t)
            value = sum(weights[i] for i in chosen)
            options.append((value, placed, sum(rings[i]["points"] for i in chosen), chosen))
    return sorted(options, key=lambda o: o[3])


@lru_cache(maxsize=4096)
def _card_ring_options(content: Content, card: int, counts: tuple[int, int, int],
                       weights: tuple[int, ...]) -> tuple[tuple, ...]:
    """`ring_options` of one card of `content`, remembered: the same few cards meet the same few
    people counts in game after game, and every final scoring asks for each ringed card."""
    return tuple(ring_options(content.cards[card]["rings"], list(counts), list(weights)))


def _better(a: tuple, b: tuple | None) -> bool:
    """Partial assignments (value, ring points, choices): higher first, then lexicographically first."""
    return b is None or a[:2] > b[:2] or (a[:2] == b[:2] and a[2] < b[2])


def assign_rings(cards: list[tuple[int, Sequence[tuple]]], people_total: int,
                 penalty: Callable[[int], int]) -> tuple[dict, int]:
    """The best ring assignment: ({space: ring indices filled}, unplaced people u).

    `cards` lists (space, fill options) in the tie-break order; `penalty(u)` is the objective's
    per-player penalty. Dynamic programme over the cards keyed by people placed so far.
    """
    table: dict[int, tuple] = {0: (0, 0, ())}
    for _space, options in cards:
        nxt: dict[int, tuple] = {}
        for placed, (value, points, choices) in table.items():
            for o_value, o_placed, o_points, chosen in options:
                candidate = (value + o_value, points + o_points, choices + (chosen,))
                key = placed + o_placed
                if _better(candidate, nxt.get(key)):
                    nxt[key] = candidate
        table = nxt
    best = None
    for placed, (value, points, choices) in table.items():
        unplaced = people_total - placed
        key = (value + penalty(unplaced), -unplaced, points)
        if best is None or key > best[0] or (key == best[0] and choices < best[1]):
            best = (key, choices, unplaced)
    assert best is not None  # the table always holds at least the empty fill of every card
    _, choices, unplaced = best
    return {space: chosen for (space, _), chosen in zip(cards, choices, strict=True)}, unplaced


# ---- the whole city -----------------------------------------------------------------------------


def penalty_function(objective: dict) -> Callable[[int], int]:
    """u -> line 9 for objectives that depend on this player alone (else 0, applied later)."""
    entry = objective["penalty"]
    if entry["type"] == "per_unplaced":
        return lambda u: entry["points"] * (u // entry["per"])
    return lambda u: 0


def rank_penalties(objective: dict, unplaced: list[int]) -> list[int]:
    """Line 9 of a `rank_unplaced` objective (green): competition rank by most unplaced people."""
    entry = objective["penalty"]
    if entry["type"] != "rank_unplaced":
        return [0] * len(unplaced)
    points = entry["points_by_rank"]
    lines = []
    for u in unplaced:
        rank = 1 + sum(other > u for other in unplaced)
        allowed = rank == 1 or len(unplaced) >= entry["second_rank_min_players"]
        lines.append(points[rank - 1] if u > 0 and rank <= len(points) and allowed else 0)
    return lines


def score_city(content: Content, objective: dict, tile: int, city: dict[int, int],
               people: dict[int, list[int]], footprints: set[int], sand: int) -> tuple[dict[str, int], int]:
    """Lines 1–9 of the scorepad (line 9 without a rank penalty) and the unplaced people u."""
    tags = space_tags(content, tile, city)
    groups = tag_groups(content, tags)
    size_of = [{s: len(g) for g in tag_group for s in g} for tag_group in groups]
    filled, unplaced = _rings(content, objective, city, people)
    counts = [0, 0, 0]
    for here in people.values():
        for k in range(3):
            counts[k] += here[k]
    lines = dict.fromkeys(LINES, 0)
    context = {"tags": tags, "size_of": size_of, "filled": filled, "people": people,
               "counts": counts, "sand": sand, "city": city}
    for space, card in city.items():
        if card < 0:
            continue
        for clause in content.cards[card]["scoring"]:
            line, points = _clause(content, clause, space, context)
            lines[line] += points
        rings = content.cards[card]["rings"]
        lines["rings"] += sum(rings[i]["points"] for i in filled.get(space, ()))
        if card in footprints:
            value = content.tiles[tile]["footprint_scoring"]
            matches = bin(content.card_tags[card] & content.tile_wants[tile]).count("1")
            lines["footprints"] += value["per_footprint"] + value["per_matching_tag"] * matches
    lines["wave_bonus"] = _wave_bonus(content, objective["wave_bonus"], groups)
    n_filled = sum(len(f) for f in filled.values())
    lines["misc_bonus"] = sum(_misc_bonus(e, groups, n_filled, city) for e in objective["misc_bonus"])
    lines["penalty"] = penalty_function(objective)(unplaced)
    return lines, unplaced


def _rings(content: Content, objective: dict, city: dict[int, int], people: dict) -> tuple[dict, int]:
    ring_bonus = sum(e["points"] for e in objective["misc_bonus"] if e["type"] == "per_filled_ring")
    cards: list[tuple[int, Sequence[tuple]]] = []
    for space in sorted((s for s, c in city.items() if c >= 0), key=lambda s: (s & 1, s >> 1)):
        rings = content.cards[city[space]]["rings"]
        if not rings:
            continue
        adjacent = sum(
            clause["points"]
            for n in neighbours(space) if city.get(n, -1) >= 0
            for clause in content.cards[city[n]]["scoring"] if clause["type"] == "filled_rings_adjacent"
        )
        weights = tuple(r["points"] + ring_bonus + adjacent for r in rings)
        counts = tuple(people.get(space, (0, 0, 0)))
        cards.append((space, _card_ring_options(content, city[space], counts, weights)))
    total = sum(here[0] + here[1] for here in people.values())
    return assign_rings(cards, total, penalty_function(objective))


def _clause(content: Content, clause: dict, space: int, ctx: dict[str, Any]) -> tuple[str, int]:
    kind, points = clause["type"], clause["points"]
    tags = ctx["tags"]
    near = [n for n in neighbours(space) if n in tags]
    if kind == "adjacent":
        bit = 1 << content.tags.index(clause["tag"])
        return "adjacency", points if any(tags[n] & bit for n in near) else 0
    if kind == "chain":
        size = ctx["size_of"][content.tags.index(clause["tag"])].get(space, 0)
        if size < clause["min"]:
            return "chains", 0
        return "chains", points * size if clause["per_card"] else points
    if kind == "sand_dollars":
        return "sand_dollars", points * (ctx["sand"] // clause["per"])
    if kind == "empty":
        return "misc", points if not sum(ctx["people"].get(space, ())) else 0
    if kind == "not_adjacent":
        bit = 1 << content.tags.index(clause["tag"])
        return "misc", 0 if any(tags[n] & bit for n in near) else points
    if kind == "people_city":
        count = ctx["counts"][0 if clause["kind"] == "local" else 1]
        return "misc", points * (count // clause["per"])
    if kind == "filled_rings_adjacent":
        return "misc", points * sum(len(ctx["filled"].get(n, ())) for n in near)
    if kind == "distinct_neighbour_tags":
        mask = 0
        for n in near:
            mask |= tags[n]
        return "misc", points * bin(mask).count("1")
    if kind == "vip_here":
        return "misc", points if ctx["people"].get(space, (0, 0, 0))[2] else 0
    return "misc", points  # flat


def _wave_bonus(content: Content, entry: dict, groups: list[list[set[int]]]) -> int:
    return wave_points(entry, [len(g) for g in groups[content.tags.index(entry["tag"])]])


def wave_points(entry: dict, sizes: list[int]) -> int:
    """An objective's group bonus for groups of these sizes (shared with the bots' evaluation)."""
    if entry["type"] == "largest_group_per_space":
        return entry["points"] * max(sizes, default=0)
    if entry["type"] == "per_space_beyond_first_in_each_group":
        return entry["points"] * sum(s - 1 for s in sizes)
    table = entry["table"]
    return sum(table[min(s, len(table) - 1)] for s in sizes)


def _misc_bonus(entry: dict, groups: list[list[set[int]]], n_filled: int, city: dict[int, int]) -> int:
    kind, points = entry["type"], entry["points"]
    if kind == "largest_any_tag_group_per_space":
        return points * max((len(g) for tag in groups for g in tag), default=0)
    if kind == "per_group_of_min_size":
        return points * sum(len(g) >= entry["min"] for tag in groups for g in tag)
    if kind == "per_filled_ring":
        return points * n_filled
    columns = {s >> 1 for s in city if s >> 1 != 0}
    return points * sum(2 * c in city and 2 * c + 1 in city for c in columns)
