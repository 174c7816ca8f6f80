"""The five scoring categories of spec section 8, as pure functions of plain data.

`owners[t]` is the seat whose piece stands on tile t (-1 when empty); settlers and villages count
alike everywhere. `counts[p]` are seat p's collected tokens of the phase (C, B, W, P, statuettes).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.core.data import load_json
from ludoteca.core.grid import connected_groups

CATEGORIES = ("islands", "links", "majorities", "resources", "statuettes")
_TABLES = load_json("ludoteca.games.blue_lagoon", "components.json")["scoring_tables"]
ISLANDS_8 = _TABLES["islands"]["8_or_more"]
ISLANDS_7 = _TABLES["islands"]["exactly_7"]
LINK_POINTS = _TABLES["links_points_per_island"]
RESOURCE_POINTS = (
    _TABLES["resources_per_type"]["0_or_1"],
    _TABLES["resources_per_type"]["0_or_1"],
    _TABLES["resources_per_type"]["exactly_2"],
    _TABLES["resources_per_type"]["exactly_3"],
    _TABLES["resources_per_type"]["4_or_more"],
)
SET_BONUS = _TABLES["all_four_types_bonus_once"]
STATUETTE_POINTS = _TABLES["statuette_each"]


def islands_points(islands_occupied: int) -> int:
    """8 or more islands score 20, exactly 7 score 10, fewer nothing."""
    if islands_occupied >= 8:
        return ISLANDS_8
    return ISLANDS_7 if islands_occupied == 7 else 0


def links_points(tiles: Sequence[int], neighbours: Sequence[Sequence[int]],
                 island_of: Sequence[int]) -> int:
    """5 per island touched by the best connected group of one seat's pieces (`tiles`)."""
    groups = connected_groups(tiles, neighbours.__getitem__)
    touched = [{island_of[t] for t in group} - {-1} for group in groups]  # -1: sea, no island
    return LINK_POINTS * max((len(islands) for islands in touched), default=0)


def majority_points(pieces: Sequence[Sequence[int]], bonuses: Sequence[int]) -> list[int]:
    """`pieces[i][p]`: seat p's pieces on island i. Leaders split each bonus, rounding down."""
    points = [0] * (len(pieces[0]) if pieces else 0)
    for on_island, bonus in zip(pieces, bonuses, strict=True):
        most = max(on_island)
        if most == 0:
            continue
        leaders = [p for p, n in enumerate(on_island) if n == most]
        for p in leaders:
            points[p] += bonus // len(leaders)
    return points


def resource_points(counts: Sequence[int]) -> int:
    """Per resource type 0/0/5/10/20 for 0/1/2/3/4+ tokens, plus +10 once for all four types."""
    resources = counts[:4]
    points = sum(RESOURCE_POINTS[min(n, 4)] for n in resources)
    return points + (SET_BONUS if min(resources) >= 1 else 0)


def statuette_points(counts: Sequence[int]) -> int:
    return STATUETTE_POINTS * counts[4]


def phase_breakdown(owners: Sequence[int], num_players: int, neighbours: Sequence[Sequence[int]],
                    island_of: Sequence[int], bonuses: Sequence[int],
                    counts: Sequence[Sequence[int]]) -> list[dict[str, int]]:
    """Per seat, the five category scores of a phase ending on this board."""
    tiles_of: list[list[int]] = [[] for _ in range(num_players)]
    pieces = [[0] * num_players for _ in bonuses]
    for t, p in enumerate(owners):
        if p >= 0:
            tiles_of[p].append(t)
            if island_of[t] >= 0:
                pieces[island_of[t]][p] += 1
    majorities = majority_points(pieces, bonuses)
    rows = []
    for p in range(num_players):
        occupied = sum(1 for island in pieces if island[p])
        rows.append({
            "islands": islands_points(occupied),
            "links": links_points(tiles_of[p], neighbours, island_of),
            "majorities": majorities[p],
            "resources": resource_points(counts[p]),
            "statuettes": statuette_points(counts[p]),
        })
    return rows
