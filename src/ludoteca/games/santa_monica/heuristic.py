"""Santa Monica's rule-of-thumb reference player: how a sensible human plays, with no search.

The advice it follows is the usual advice for the game: place each card where its own clauses
and its neighbours' clauses pay at once; extend chains of a tag; take cards whose people fill
their own rings, and avoid adding people with nowhere to go; take the food truck's free sand
dollars; spend sand dollars on an extra card; walk people into rings that want them and VIPs onto
cards they would footprint; never leave a quiet (`empty`) card crowded. It looks one move ahead on
its own small rules only, and shares nothing with the search's evaluation (`strategy.py`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.core import Action

from .notation import ChooseTile, Happy, Move, Pick, Step, Swap, Take, Truck, UseFace, Word

if TYPE_CHECKING:
    from .components import Content
    from .rules import SantaMonicaState

EXTRA_CARD_FACES = ("TWO", "COL")  # faces that buy a second card: the advice is to use them
TILE_ORDER = ("HOTEL", "PIER", "SURF", "BUNGALOW", "POST", "GARDEN")  # two VIPs and income first


def choose(state: SantaMonicaState, player: int, rng: random.Random) -> Action:
    """The heuristic move of `player` now; ties broken by `rng` (so a seed reproduces it)."""
    legal = state.legal_actions(player)
    scored = [(_score(state, player, action), action) for action in legal]
    best = max(value for value, _ in scored)
    return rng.choice([action for value, action in scored if value == best])


def _score(state: SantaMonicaState, player: int, action: Action) -> float:
    if isinstance(action, Take):
        card = state.front[action.col - 1]
        return _placement(state, player, card, action.space) + _reward(state, action.col)
    if isinstance(action, Pick):
        card = (state.back if action.back else state.front)[action.col - 1]
        return _placement(state, player, card, action.space)
    if isinstance(action, UseFace):
        return _face(state, action)
    if isinstance(action, (Move, Step)):
        return _walk(state, player, action)
    if isinstance(action, Happy):
        return {"sd": 2.0, "mix": 1.0, "move": 0.5}[action.choice]
    if isinstance(action, Truck):
        return -action.col  # any column will do: the first
    if isinstance(action, Word):
        return 0.0  # done, keep, pass: the baseline every other move must beat
    if isinstance(action, Swap):
        return -1.0  # rearranging is for players who plan ahead: keep
    assert isinstance(action, ChooseTile), action  # the one kind left
    return -TILE_ORDER.index(action.tile) if action.tile in TILE_ORDER else -len(TILE_ORDER)


def _placement(state: SantaMonicaState, player: int, card: int, space: int) -> float:
    """What placing `card` on `space` pays at once, as a player would count it at the table."""
    c = state.content
    city = state.cities[player]
    tags = c.card_tags[card]
    tile = state.tiles[player]
    neighbours = [n for n in (space - 2, space + 2, space ^ 1) if n in city]
    around = 0
    for n in neighbours:
        around |= _tags_of(c, tile, city, n)
    value = 0.0
    for clause in c.cards[card]["scoring"]:
        value += _own_clause(c, clause, around, tags)
    for n in neighbours:  # neighbours whose adjacency this card completes
        if city[n] >= 0:
            mine = _tags_of(c, tile, city, n)
            for clause in c.cards[city[n]]["scoring"]:
                if clause["type"] == "adjacent":
                    bit = _bit(c, clause["tag"])
                    if tags & bit and not _around(c, tile, city, n) & bit:
                        value += clause["points"]
                elif clause["type"] == "not_adjacent" and tags & _bit(c, clause["tag"]):
                    value -= clause["points"]
            value += 0.5 * bin(tags & mine).count("1")  # a shared tag starts or grows a chain
    value += _people_fit(c, card)
    for action in c.card_actions[card]:
        if action[0] == "sd":
            value += 0.5 * action[1]
        elif action[0] == "move":
            value += 0.5
    return value


def _own_clause(c: Content, clause: dict, around: int, tags: int) -> float:
    kind, points = clause["type"], clause["points"]
    if kind == "adjacent":
        return points if around & _bit(c, clause["tag"]) else 0.3 * points
    if kind == "not_adjacent":
        return 0.0 if around & _bit(c, clause["tag"]) else points
    if kind == "chain":
        return 0.5 * points if around & _bit(c, clause["tag"]) else 0.0
    if kind == "distinct_neighbour_tags":
        return points * bin(around).count("1")
    if kind == "flat":
        return points
    return 0.5 * points  # rings-, people- and sand-dependent clauses: worth something later


def _people_fit(c: Content, card: int) -> float:
    """People a card adds count when its own rings want them, and cost a point when they do not."""
    added = [0, 0, 0]
    for action in c.card_actions[card]:
        if action[0] == "add":
            for k in range(3):
                added[k] += action[1 + k]
    rings = c.cards[card]["rings"]
    room = [0, 0, 0]  # locals, tourists, anyone the rings can hold
    points = 0
    for ring in rings:
        points = max(points, ring["points"])
        if "any_number" in ring:
            room = [9, 9, 9] if ring["any_number"] == "any" else [9 * (ring["any_number"] == "local"),
                                                                   9 * (ring["any_number"] == "tourist"), 0]
        else:
            room = [room[i] + ring["need"][key] for i, key in enumerate(("local", "tourist", "any"))]
    fitting = min(added[0], room[0]) + min(added[1], room[1])
    spare = added[0] + added[1] - fitting
    fitting += min(spare + added[2], room[2])
    homeless = max(0, added[0] + added[1] - fitting)
    return (points if fitting else 0.0) - homeless + 1.5 * added[2]  # a VIP brings footprints


def _reward(state: SantaMonicaState, col: int) -> float:
    """The food truck pays a sand dollar, the foodie a move, both together a happy day."""
    return (state.truck == col) * 1.0 + (state.foodie == col) * 0.5


def _face(state: SantaMonicaState, action: UseFace) -> float:
    """Buy an extra card whenever the money is there; other faces are left alone."""
    return 3.0 if action.code in EXTRA_CARD_FACES else -1.0


def _walk(state: SantaMonicaState, player: int, action: Move | Step) -> float:
    """Moving someone pays when it leaves a spot that does not want them for one that does."""
    c = state.content
    city, people = state.cities[player], state.people[player]
    if type(action) is Move:
        kind, src = action.kind, action.src
    else:  # a step: the active person of the open budget
        assert state.budget is not None
        kind, src = state.budget[7], state.budget[6]
    dst = action.dst
    value = _wants(c, city, people, dst, kind, arriving=True)
    value -= _wants(c, city, people, src, kind, arriving=False)
    card = city[dst]
    if kind == 2 and card >= 0 and card not in state.footprints[player] \
            and c.card_tags[card] & c.tile_wants[state.tiles[player]]:
        value += 3.0
    return value - 0.1  # a move that changes nothing is not worth the bother


def _wants(c: Content, city: dict[int, int], people: dict[int, list[int]], space: int, kind: int,
           arriving: bool) -> float:
    """How much a card wants one more (or one fewer) person of `kind`: its rings and quiet clauses."""
    card = city[space]
    if card < 0:
        return 0.0
    here = list(people.get(space, (0, 0, 0)))
    if not arriving:
        here[kind] -= 1  # judge the card as it would be without this person
    value = 0.0
    for clause in c.cards[card]["scoring"]:
        if clause["type"] == "empty" and not sum(here):
            value -= clause["points"]
    if kind == 2:
        return value
    need = [0, 0, 0]
    for ring in c.cards[card]["rings"]:
        if "any_number" in ring:
            if ring["any_number"] in ("any", ("local", "tourist")[kind]):
                return value + (2.0 if not here[kind] else 0.5)
            return value - 1.0
        need = [need[i] + ring["need"][key] for i, key in enumerate(("local", "tourist", "any"))]
    spare = max(0, here[0] - need[0]) + max(0, here[1] - need[1])
    missing = max(0, need[kind] - here[kind]) + max(0, need[2] - spare)
    return value + (2.0 if missing > 0 else 0.0)


def _bit(c: Content, tag: str) -> int:
    return 1 << c.tags.index(tag)


def _tags_of(c: Content, tile: int, city: dict[int, int], space: int) -> int:
    card = city[space]
    return c.card_tags[card] if card >= 0 else c.tile_half_tags[tile][space & 1]


def _around(c: Content, tile: int, city: dict[int, int], space: int) -> int:
    mask = 0
    for n in (space - 2, space + 2, space ^ 1):
        if n in city:
            mask |= _tags_of(c, tile, city, n)
    return mask
