"""Building Santa Monica positions directly, for the worked examples of the spec."""

from __future__ import annotations

import ludoteca
from ludoteca.games.santa_monica.components import load_content
from ludoteca.games.santa_monica.notation import parse_space

GAME = ludoteca.load("santa-monica")
CONTENT = load_content("")


def card(card_id: str) -> int:
    return CONTENT.card_index[card_id]


def tile(tile_id: str) -> int:
    return CONTENT.tile_index[tile_id]


def crowd(text: str) -> list[int]:
    """'2T 1V' -> [0, 2, 1]."""
    counts = [0, 0, 0]
    for word in text.split():
        counts["LTV".index(word[-1])] += int(word[:-1])
    return counts


def new_game(players: int = 2, faces=("TWO", "SWAP"), objective: str = "blue", **options):
    """A game at seat 0's first acquire, truck under column 4 (foodie 2)."""
    state = GAME.new_state(players, seed=0, objective=objective, sand_dollar_faces=list(faces),
                           starting_tiles="random", **options)
    state.apply("truck 4")
    return state


def build_city(state, seat: int, tile_id: str, cards: dict[str, str], people: dict[str, str] | None = None,
               sand: int | None = None) -> None:
    """Replace a seat's city: tile, {space: card id}, {space: '1L 2T'}, sand dollars."""
    state.tiles[seat] = tile(tile_id)
    city = {0: -1, 1: -1}
    city.update({parse_space(s): card(c) for s, c in cards.items()})
    state.cities[seat] = city
    state.people[seat] = {parse_space(s): crowd(t) for s, t in (people or {}).items()}
    state.footprints[seat] = set()
    if sand is not None:
        state.sand[seat] = sand
    state._legal_cache = {}


def set_display(state, front: list, back: list, deck: list[str] | None = None) -> None:
    state.front = [card(c) if c else -1 for c in front]
    state.back = [card(c) if c else -1 for c in back]
    if deck is not None:
        state.deck = [card(c) for c in deck]
    state._legal_cache = {}


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def finish_turn(state) -> None:
    """Close any open move budget or happy day with the simplest choice."""
    while state.phase in ("move", "happy_day", "swap"):
        state.apply({"move": "done", "happy_day": "happy sd", "swap": "keep"}[state.phase])


def people_at(state, seat: int, space: str) -> list[int]:
    return state.people[seat].get(parse_space(space), [0, 0, 0])
