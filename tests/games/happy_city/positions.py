"""Building specific Happy City positions for tests (fields set directly on a fresh state)."""

from __future__ import annotations

import ludoteca
from ludoteca.games.happy_city.components import COLOURS, IS_SPECIAL, MARKET

GAME = ludoteca.load("happy-city")


def position(
    players: int,
    cities: dict[int, list[str]] | None = None,
    *,
    coins: dict[int, int] | None = None,
    display: list[str] | None = None,
    piles: dict[str, int] | None = None,
    row: list[str] | None = None,
    markets: str | None = None,
    current: int = 0,
    phase: str = "main",
    expert: bool = False,
    young: bool = False,
    seed: int = 0,
):
    """A state of `players` with the given cities (Happy Market first is added when missing).

    `markets` gives the expert Happy Market colours per seat as letters, e.g. "BYG".
    """
    state = GAME.new_state(players, seed=seed, expert=expert, young_players=young)
    for seat, city in (cities or {}).items():
        state.cities[seat] = city if city and city[0] == MARKET else [MARKET, *city]
    state.specials = [next((k for k in c if IS_SPECIAL[k]), None) for c in state.cities]
    for seat, amount in (coins or {}).items():
        state.coins[seat] = amount
    if display is not None:
        state.display = list(display)
    if piles is not None:
        state.piles.update(piles)
    if row is not None:
        state.row = list(row)
    if markets is not None:
        state.markets = [COLOURS.index(c) for c in markets]
    elif expert:
        state.markets = list(range(players))
    state.round = max(state.round, 1)
    state.current = current
    state.phase = phase
    state._legal_cache = {}
    return state


def legal(state, player: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(player)]
