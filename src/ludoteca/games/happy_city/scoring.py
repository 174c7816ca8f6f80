"""Pure Happy City arithmetic: colour counts, income (spec 4.2, X5) and final scores (spec 8.2, 10.2).

Everything here reads only `cities` (each a list of card keys in slot order, slot 1 first) and
`markets` (the colour of each player's Happy Market, None in family mode), so the worked examples
can be checked without building a game state.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.grid import square_neighbour_table

from .components import (
    ART_GALLERY,
    COLOUR,
    COLOURS,
    EFFECT,
    HEARTS,
    INCOME,
    IS_SPECIAL,
    MARKET,
    PEOPLE,
    SPHINX,
)

# Slot s (1-based) of a city sits at row (s-1) div 5, column (s-1) mod 5 (spec 4.5).
SLOT_NEIGHBOURS = square_neighbour_table(2, 5)


def colour_at(city: list[str], slot: int, market: int | None) -> int | None:
    """Colour of the card at 0-based `slot`: the Happy Market has its drafted colour (or none)."""
    key = city[slot]
    return market if key == MARKET else COLOUR[key]


def colour_counts(city: list[str], market: int | None) -> list[int]:
    """Cards of each colour (Y, B, G, O, P); specials and the white Happy Market count for nothing."""
    counts = [0, 0, 0, 0, 0]
    if market is not None:
        counts[market] += 1
    for key in city:
        colour = COLOUR[key]
        if colour is not None:
            counts[colour] += 1
    return counts


def special_slot(city: list[str]) -> int:
    """The 0-based slot of the city's special, or -1."""
    for slot, key in enumerate(city):
        if IS_SPECIAL[key]:
            return slot
    return -1


def neighbours(player: int, num_players: int) -> list[int]:
    """Left (next seat) first, then right; a single opponent with 2 players (X2)."""
    left, right = (player + 1) % num_players, (player - 1) % num_players
    return [left] if left == right else [left, right]


def card_income(city: list[str]) -> int:
    """Printed income of every card; an Art Gallery counts the card just before it (X5)."""
    total = 0
    for slot, key in enumerate(city):
        total += INCOME[city[slot - 1]] if key == ART_GALLERY else INCOME[key]
    return total


def _effect_income(cities: list[list[str]], markets: list[int | None], player: int) -> int:
    """Income from the player's income-type expert special (X5), else 0."""
    city = cities[player]
    slot = special_slot(city)
    if slot < 0:
        return 0
    effect = EFFECT[city[slot]]
    kind = effect.get("kind")
    if kind == "income_per_colour":
        return effect["per_card"] * colour_counts(city, markets[player])[COLOURS.index(effect["colour"])]
    if kind == "income_if_fewest_colour":
        colour = COLOURS.index(effect["colour"])
        mine = colour_counts(city, markets[player])[colour]
        others = (colour_counts(cities[q], markets[q])[colour] for q in range(len(cities)) if q != player)
        return effect["income"] if all(mine <= theirs for theirs in others) else 0
    if kind == "income_per_people_heart_pair":
        people = max(0, sum(PEOPLE[k] for k in city))
        hearts = max(0, sum(HEARTS[k] for k in city))
        return effect["per_pair"] * min(people, hearts)
    if kind == "income_per_distinct_colour_before":
        colours = {colour_at(city, s, markets[player]) for s in range(slot)} - {None}
        return effect["per_colour"] * len(colours)
    return 0


def base_income(cities: list[list[str]], markets: list[int | None], player: int) -> int:
    return card_income(cities[player]) + _effect_income(cities, markets, player)


def income(cities: list[list[str]], markets: list[int | None], player: int) -> int:
    """income(q) of X5: base income plus the Barber Shop bonus when strictly the lowest."""
    base = base_income(cities, markets, player)
    city = cities[player]
    slot = special_slot(city)
    if slot >= 0 and EFFECT[city[slot]].get("kind") == "income_bonus_if_strictly_lowest_income":
        others = [base_income(cities, markets, q) for q in range(len(cities)) if q != player]
        if all(base < other for other in others):
            return base + EFFECT[city[slot]]["bonus"]
    return base


def family_income(city: list[str]) -> int:
    """Family mode: the plain sum of income symbols (spec 4.2)."""
    return sum(INCOME[k] for k in city)


# ---- final score ------------------------------------------------------------------------------


def _printed_totals(city: list[str]) -> tuple[int, int]:
    """People and hearts printed on the cards, crossed-out symbols as -1, Art Gallery copying."""
    people = hearts = 0
    for slot, key in enumerate(city):
        source = city[slot - 1] if key == ART_GALLERY else key
        people += PEOPLE[source]
        hearts += HEARTS[source]
    return people, hearts


def _colour_index(effect: dict[str, Any]) -> int:
    return COLOURS.index(effect["colour"])


def _end_candidates(
    cities: list[list[str]], markets: list[int | None], player: int, key: str, slot: int
) -> list[tuple[int, int]]:
    """The (people, hearts) the game-end part of special `key` at 0-based `slot` may add.

    Several candidates only where the owner chooses a neighbour (X2); the caller keeps the one
    giving the best final score, the first (left) on a tie.
    """
    effect = EFFECT[key]
    kind = effect.get("kind")
    city, n = cities[player], len(cities)
    counts = colour_counts(city, markets[player])
    if kind == "copy_neighbour_card_same_slot":
        found = [cities[q][slot] for q in neighbours(player, n) if len(cities[q]) > slot]
        plain = [(PEOPLE[k], HEARTS[k]) for k in found if not IS_SPECIAL[k]]
        return plain or [(0, 0)]
    if kind == "hearts_by_city_size":
        size = len(city)
        if size == effect["exactly"]["cards"]:
            return [(0, effect["exactly"]["hearts"])]
        return [(0, effect["fewer_than_9_hearts"] if size < effect["exactly"]["cards"] else 0)]
    if kind == "hearts_by_colour_majority":
        colour = _colour_index(effect)
        best_other = max(colour_counts(cities[q], markets[q])[colour] for q in range(n) if q != player)
        mine = counts[colour]
        if mine > best_other:
            return [(0, effect["strictly_most"])]
        return [(0, effect["tied_most"] if mine == best_other else effect["otherwise"])]
    if kind in ("people_per_colour_in_neighbour", "hearts_per_colour_in_neighbour"):
        colour = _colour_index(effect)
        seats = [(player + 1) % n] if effect["neighbour"] == "left" else neighbours(player, n)
        amounts = [effect["per_card"] * colour_counts(cities[q], markets[q])[colour] for q in seats]
        if kind.startswith("people"):
            return [(a, 0) for a in amounts]
        return [(0, a) for a in amounts]
    if kind == "adjacent_same_colour":
        return [_bridge(city, markets[player], slot, effect)]
    if kind == "hearts_per_colour":
        return [(0, effect["per_card"] * counts[_colour_index(effect)])]
    if kind == "hearts_if_income_below_neighbours":
        mine = income(cities, markets, player)
        lower = all(mine < income(cities, markets, q) for q in neighbours(player, n))
        return [(0, effect["yes"] if lower else effect["no"])]
    if kind == "next_two_cards_same_colour":
        after = [colour_at(city, s, markets[player]) for s in (slot + 1, slot + 2) if s < len(city)]
        same = len(after) == 2 and after[0] is not None and after[0] == after[1]
        return [(0, effect["yes"] if same else effect["no"])]
    if kind == "hearts_if_no_colour":
        return [(0, effect["hearts"] if counts[_colour_index(effect)] == 0 else 0)]
    if kind == "people_if_no_colour":
        return [(effect["people"] if counts[_colour_index(effect)] == 0 else 0, 0)]
    return [(0, 0)]


def _bridge(city: list[str], market: int | None, slot: int, effect: dict[str, Any]) -> tuple[int, int]:
    """Suspension Bridge (X14): the largest same-colour group among the adjacent cards."""
    colours = [colour_at(city, s, market) for s in SLOT_NEIGHBOURS[slot] if s < len(city)]
    largest = max((colours.count(c) for c in range(len(COLOURS))), default=0)
    if largest >= 3:
        return effect["three"]["people"], effect["three"]["hearts"]
    if largest == 2:
        return effect["two"]["people"], effect["two"]["hearts"]
    return 0, 0


def score_city(
    cities: list[list[str]],
    markets: list[int | None],
    player: int,
    young: bool = False,
    sphinx_copy: str | None = None,
) -> dict[str, int]:
    """The final score of `player` with its parts (spec 8.2, X25); also used as the running score."""
    city = cities[player]
    people, hearts = _printed_totals(city)
    slot = special_slot(city)
    effect_key = city[slot] if slot >= 0 else None
    if effect_key == SPHINX:
        effect_key = sphinx_copy
        if sphinx_copy is not None:
            source = city[slot - 1] if sphinx_copy == ART_GALLERY else sphinx_copy
            people += PEOPLE[source]
            hearts += HEARTS[source]
    extras = [(0, 0)] if effect_key is None else _end_candidates(cities, markets, player, effect_key, slot)
    best: dict[str, int] = {}
    for extra_people, extra_hearts in extras:
        parts = _combine(cities, markets, player, young, effect_key, people + extra_people,
                         hearts + extra_hearts)
        parts["effect_people"], parts["effect_hearts"] = extra_people, extra_hearts
        if not best or parts["score"] > best["score"]:
            best = parts
    return best


def _combine(
    cities: list[list[str]],
    markets: list[int | None],
    player: int,
    young: bool,
    effect_key: str | None,
    people: int,
    hearts: int,
) -> dict[str, int]:
    """Clamp, multiply (or add) and apply the point modifiers City Garden then Grand Theatre."""
    factor_p, factor_h = max(0, people), max(0, hearts)
    points = factor_p + factor_h if young else factor_p * factor_h
    score = points
    effect = EFFECT[effect_key] if effect_key else {}
    kind = effect.get("kind")
    if kind == "double_points_if_below" and score < effect["threshold"]:
        score *= 2
    if kind == "double_income_now_lose_income_at_end":
        score += effect["end_points_per_income"] * income(cities, markets, player)
    return {"people": people, "hearts": hearts, "points": points, "modifier": score - points,
            "score": score}

