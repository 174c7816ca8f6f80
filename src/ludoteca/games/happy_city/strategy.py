"""Happy City's evaluation for search: each city's score projected to the END of the game.

The running score (people × hearts as the cities stand) is blind in two ways: a city with people
and no hearts scores 0 although one heart would multiply all its people, and coins and income
score nothing although they buy the cards still to come. Here every player's final score is
projected instead, from four features (docs/games/happy-city.md, "Bots", says why each):

- **turns left**: how many more main actions each player gets before the game ends, from the
  city closest to 10 cards (the end comes after the round in which a city fills) and the round
  limit; with the end triggered, only the seats still to play this round get one;
- **buying power**: coins now plus the income still to come, turned into people and hearts at a
  typical price, but never more than the free slots and the turns left can hold, so coins beyond
  what can be spent are worth nothing (taking coins instead of finishing never looks better);
- **cards in sight**: for the player about to buy, the best affordable card of the display or the
  residences (or a coin), since this turn's choice is between known cards;
- **special in reach**: the best special of the row whose condition the city meets, or almost
  meets, weighted by how likely it is still to be taken.

The people and hearts still to come are split between the two the way that maximises the product
(a sensible player balances them). The evaluation is the projected lead over the best opponent;
a finished game is its real score lead. It reads only the state's plain fields and the card
tables, so search can call it thousands of times per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .components import CONDITION, EFFECT, HEARTS, INCOME, PEOPLE, RESIDENCES

if TYPE_CHECKING:
    from .rules import HappyCityState

CITY_SIZE = 10
# What one person or heart typically costs: house 1, school or park 2, museum 2 a heart,
# luxury 2 a person, zoo 2.7 a heart; a little above the cheapest, since the display is random.
COINS_PER_SYMBOL = 2.5
# People plus hearts a card bought later brings on average: 3-symbol cards exist, but few are in
# the display at once, so the projection does not count on them.
SYMBOLS_PER_FUTURE_CARD = 2.0
# Chance that a special missing this many coloured cards is still taken by this player.
REACH_WEIGHT = (1.0, 0.5, 0.25)
# Worth of an expert special's effect in people or hearts (its effects give 1-4 symbols or coins).
EXPERT_EFFECT_SYMBOLS = 2.0
# Steps of a turn that come before its main action: the seat still buys something this round.
BEFORE_MAIN = ("discard", "refill", "main")


def evaluate(state: HappyCityState, player: int) -> float:
    """The projected final score lead of `player` over the best opponent."""
    values = projected_scores(state)
    return values[player] - max(v for p, v in enumerate(values) if p != player)


def projected_scores(state: HappyCityState) -> list[float]:
    """Each player's final score as projected from this position."""
    turns, income_phases = turns_left(state)
    return [_projected(state, p, turns[p], income_phases) for p in range(state.num_players)]


def turns_left(state: HappyCityState) -> tuple[list[int], int]:
    """Main actions each player still gets, and the income phases still to come.

    The game ends after the round in which some city reaches 10 cards (spec 4.7). A player who
    bought every turn would fill its city after `free slots` more main actions, so the end is
    projected at the first round where that happens for somebody, or at the round limit.
    """
    n, current, phase = state.num_players, state.current, state.phase
    if phase in ("final_choice", "game_over"):
        return [0] * n, 0
    if phase == "draft":  # round 1, with its income phase, is still to come
        still = [True] * n
        extra_income = 1
    else:
        still = [p > current or (p == current and phase in BEFORE_MAIN) for p in range(n)]
        extra_income = 0
    if state.triggered:
        rounds = 0
    else:
        rounds = max(0, min(CITY_SIZE - len(state.cities[p]) - still[p] for p in range(n)))
        if state.round_limit:
            rounds = min(rounds, max(0, state.round_limit - max(state.round, 1)))
    return [still[p] + rounds for p in range(n)], rounds + extra_income


def _projected(state: HappyCityState, player: int, turns: int, income_phases: int) -> float:
    city = state.cities[player]
    people, hearts, income = _city_totals(state, player)
    slots = CITY_SIZE - len(city)
    budget = state.coins[player] + income_phases * income
    plain = final_points(people, hearts, future_symbols(budget, min(slots, turns)), state.young)
    if player == state.current and state.phase in BEFORE_MAIN and slots:
        plain = _this_turn(state, player, people, hearts, slots, turns, budget, income_phases, plain)
    if state.specials[player] is None and slots and state.row:
        plain += _special_gain(state, player, people, hearts, slots, turns, budget, income_phases, plain)
    return plain


def _this_turn(
    state: HappyCityState,
    player: int,
    people: int,
    hearts: int,
    slots: int,
    turns: int,
    budget: float,
    income_phases: int,
    generic: float,
) -> float:
    """The projection when this turn's purchase is one of the cards in sight (display, residences).

    In the main step those cards (or a coin) are all the choice there is; before it, the display
    is still being refilled, so the generic projection stays a floor.
    """
    later = min(slots - 1, turns - 1)
    young, city, coins = state.young, state.cities[player], state.coins[player]
    if state.phase == "main":
        best = final_points(people, hearts, future_symbols(budget + 1, min(slots, turns - 1)), young)
    else:
        best = generic
    for key in (*state.display, *(k for k in RESIDENCES if state.piles[k])):
        cost = state.cost(player, key)
        if cost > coins or key in city:
            continue
        future = future_symbols(budget - cost + income_phases * INCOME[key], later)
        best = max(best, final_points(people + PEOPLE[key], hearts + HEARTS[key], future, young))
    return best


def _city_totals(state: HappyCityState, player: int) -> tuple[int, int, int]:
    """People, hearts and income of the city as it stands (expert: with the special's effects)."""
    city = state.cities[player]
    if state.expert:
        part = scoring.score_city(state.cities, state.markets, player, state.young, state.sphinx_copy)
        return (part["people"] + part["effect_people"], part["hearts"] + part["effect_hearts"],
                scoring.income(state.cities, state.markets, player))
    people = hearts = income = 0
    for key in city:
        people += PEOPLE[key]
        hearts += HEARTS[key]
        income += INCOME[key]
    return people, hearts, income


def future_symbols(budget: float, purchases: int) -> float:
    """People plus hearts that `budget` coins buy in at most `purchases` cards."""
    return max(0.0, min(SYMBOLS_PER_FUTURE_CARD * purchases, budget / COINS_PER_SYMBOL))


def final_points(people: float, hearts: float, future: float, young: bool) -> float:
    """The final points when `future` more symbols are split to maximise people × hearts."""
    if young:
        return max(0.0, people) + max(0.0, hearts) + future
    to_people = min(future, max(0.0, (future + hearts - people) / 2))
    return max(0.0, people + to_people) * max(0.0, hearts + future - to_people)


def _special_gain(
    state: HappyCityState,
    player: int,
    people: int,
    hearts: int,
    slots: int,
    turns: int,
    budget: float,
    income_phases: int,
    plain: float,
) -> float:
    """What the best special in reach adds to the projection of a player without one.

    A special is free but takes a slot, so the projection with it has one purchase fewer where
    slots are what limits the city; its income counts for the income phases still to come.
    """
    counts = scoring.colour_counts(state.cities[player], state.markets[player])
    purchases = min(slots - 1, turns)
    reach = min(len(REACH_WEIGHT) - 1, purchases)
    best = 0.0
    for key in state.row:
        missing = 0
        for colour, need in CONDITION[key]:
            if counts[colour] < need:
                missing += need - counts[colour]
        if missing > reach:
            continue
        bonus = EXPERT_EFFECT_SYMBOLS if EFFECT[key] else 0.0
        future = future_symbols(budget + income_phases * INCOME[key], purchases) + bonus
        value = final_points(people + PEOPLE[key], hearts + HEARTS[key], future, state.young)
        best = max(best, REACH_WEIGHT[missing] * (value - plain))
    return best
