"""Santa Monica's evaluation features (strategy.py) and rule-of-thumb player (heuristic.py), on
hand-built positions: each feature is checked where it should count and where it should not."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.santa_monica import strategy
from ludoteca.games.santa_monica.notation import Move, parse_space
from ludoteca.games.santa_monica.scoring import tag_groups
from ludoteca.games.santa_monica.strategy import (
    ADJACENT_HOPE,
    CHAIN_HOPE,
    FOOTPRINT_HOPE,
    GROWTH_HOPE,
    RING_HOPE,
    SAND_USEFUL,
    SAND_VALUE,
)

from .helpers import CONTENT, GAME, build_city, card, new_game, tile

BLUE = CONTENT.objective_index["blue"]
ORANGE = CONTENT.objective_index["orange"]


def layout(tile_id: str, cards: dict[str, str], objective: int = BLUE) -> strategy.Layout:
    city = {0: -1, 1: -1, **{parse_space(s): card(c) for s, c in cards.items()}}
    return strategy._layout(CONTENT, objective, tile(tile_id), frozenset(city.items()))


def value(state, seat: int = 0, scale: float = 1.0) -> float:
    return strategy.city_value(state, seat, scale)


# ---- the cards alone ------------------------------------------------------------------------------


def test_an_adjacency_one_card_short_is_hoped_for_only_where_a_card_can_bring_the_tag():
    # POST: beach half local, street half business. Surfboard Shaper (business; adjacent wave 3)
    # on S1: no wave beside it yet, but B1 above is open and beach cards carry waves.
    open_above = layout("POST", {"S1": "S34"})
    assert open_above.points == 2  # the objective's largest group: business {S0, S1}
    assert open_above.hope == pytest.approx(ADJACENT_HOPE * 3 + GROWTH_HOPE * 1)
    # With a wave card on B1 the clause is met: 3 secured points, no hope left for it.
    met = layout("POST", {"S1": "S34", "B1": "B01"})
    assert met.points - open_above.points >= 3
    # Street spaces never bring a wave: the helper that decides it says so.
    tables = strategy._tables(CONTENT)
    wave = 1 << CONTENT.tags.index("wave")
    assert strategy._fits(tables, [parse_space("B2")], wave)
    assert not strategy._fits(tables, [parse_space("S2"), parse_space("S-1")], wave)


def _chain_of(tile_id: str, cards: dict[str, str], space: str) -> tuple[float, float]:
    city = {0: -1, 1: -1, **{parse_space(s): card(c) for s, c in cards.items()}}
    halves = CONTENT.tile_half_tags[tile(tile_id)]
    tags = {s: CONTENT.card_tags[c] if c >= 0 else halves[s & 1] for s, c in city.items()}
    groups = tag_groups(CONTENT, tags)
    size_of = [{s: len(g) for g in per_tag for s in g} for per_tag in groups]
    clause = next(c for c in CONTENT.cards[city[parse_space(space)]]["scoring"] if c["type"] == "chain")
    return strategy._chain(strategy._tables(CONTENT), clause, parse_space(space), city, groups, size_of)


def test_a_chain_one_card_short_is_worth_more_than_two_short_and_less_than_made():
    # Palm Grove: chain nature >= 3 scores 3. POST's halves carry no nature.
    two_short = _chain_of("POST", {"B1": "B22"}, "B1")
    one_short = _chain_of("POST", {"B1": "B22", "B2": "B21"}, "B1")
    made = _chain_of("POST", {"B1": "B22", "B2": "B21", "B3": "B23"}, "B1")
    assert two_short == (0.0, pytest.approx(CHAIN_HOPE[1] * 3))
    assert one_short == (0.0, pytest.approx(CHAIN_HOPE[0] * 3))
    assert made == (3, 0.0)


def test_a_per_space_chain_hopes_for_one_more_space_while_it_can_grow():
    # Breakwater: chain wave >= 3 scores 1 per space; PIER's beach half is a wave.
    secured, hoped = _chain_of("PIER", {"B1": "B18", "B2": "B01"}, "B1")
    assert secured == 3  # {B0, B1, B2}
    assert hoped == pytest.approx(GROWTH_HOPE * 1)


def test_the_wave_objective_hopes_for_its_largest_group_to_grow():
    # Blue: 2 VP per space of the largest wave group. GARDEN has no wave, so the only wave group
    # is the one on the cards. Two waves beside each other, open to the right: +1 space hoped.
    two_waves = layout("GARDEN", {"B1": "B03", "B2": "B07"})
    one_wave = layout("GARDEN", {"B1": "B03", "S1": "S17"})
    assert two_waves.points == 2 * 2 + 2  # two waves; largest group of any tag 2
    assert one_wave.points == 2 * 1 + 3  # one wave; the nature group {B0, S0, S1}
    assert two_waves.hope >= GROWTH_HOPE * 2


def test_orange_hopes_for_half_built_columns():
    # Orange: 1 VP per complete column. B1 alone is a half-built column; B1 + S1 is complete.
    half = layout("POST", {"B1": "B22"}, ORANGE)
    full = layout("POST", {"B1": "B22", "S1": "S17"}, ORANGE)
    assert full.points - half.points >= 1
    assert half.hope - full.hope >= strategy.COLUMN_HOPE - 1e-9 - CHAIN_HOPE[0] * 3


# ---- people, sand dollars and footprints ------------------------------------------------------------


def test_a_ring_one_person_short_is_hoped_for_when_someone_is_free_to_fill_it():
    # Swim Buoys: a ring for exactly 2 tourists, 4 VP (+1 per filled ring under no objective bonus).
    state = new_game(objective="blue")
    build_city(state, 0, "POST", {"B1": "B03"}, {"B1": "1T", "S0": "1L"}, sand=0)
    _, placed, one, _ = strategy._ring_card(CONTENT, card("B03"), (0, 1, 0), 0, 1.0)
    assert placed == 0 and one == 4 + 2  # the ring's 4 VP, and two people escape the penalty
    hoped = value(state, scale=1.0)
    build_city(state, 0, "POST", {"B1": "B03"}, {"B1": "1T"}, sand=0)  # nobody left to walk there
    nobody_free = value(state, scale=1.0)
    assert hoped > nobody_free
    assert hoped - nobody_free == pytest.approx(
        RING_HOPE[0] * 6 * min(1.0, 2 / 2) - RING_HOPE[0] * 6 * min(1.0, 1 / 2) - 1 * (1 - 0.5))


def test_a_filled_ring_is_secured_and_its_people_escape_the_penalty():
    state = new_game(objective="blue")
    build_city(state, 0, "POST", {"B1": "B03"}, {"B1": "2T"}, sand=0)
    filled = value(state, scale=0.0)
    build_city(state, 0, "POST", {"B1": "B03"}, {"S0": "2T"}, sand=0)
    beside = value(state, scale=0.0)
    assert filled - beside == 4 + 2  # ring points, and two people no longer unplaced


def test_unplaced_people_cost_less_while_moves_can_still_place_them():
    state = new_game(objective="blue")
    build_city(state, 0, "POST", {"B1": "B22"}, {"S0": "3L"}, sand=0)
    early, late = value(state, scale=1.0), value(state, scale=0.0)
    build_city(state, 0, "POST", {"B1": "B22"}, {}, sand=0)
    empty_early, empty_late = value(state, scale=1.0), value(state, scale=0.0)
    assert empty_late - late == 3  # the full penalty when the game is over
    assert empty_early - early == pytest.approx(3 * (1 - strategy.PENALTY_RELIEF))


def test_sand_dollars_count_as_future_actions_up_to_a_useful_amount():
    state = new_game(objective="blue")
    build_city(state, 0, "POST", {"B1": "B22"}, sand=0)
    none = value(state)
    state.sand[0] = 3
    assert value(state) - none == pytest.approx(3 * SAND_VALUE)
    state.sand[0] = SAND_USEFUL + 5
    assert value(state) - none == pytest.approx(SAND_USEFUL * SAND_VALUE)
    at_the_end = value(state, scale=0.0)
    state.sand[0] = 0
    assert at_the_end == value(state, scale=0.0)  # no card converts them: worthless at the end


def test_a_vip_near_unvisited_wanted_cards_hopes_for_their_footprints():
    # HOTEL's VIPs want tourist and business (2 VP per matching tag). S09 is business + tourist.
    state = new_game(objective="blue")
    build_city(state, 0, "HOTEL", {"S1": "S09", "S2": "S08", "S3": "S18", "S4": "S05"}, {"S0": "1V"}, sand=0)
    near = value(state)
    state.people[0] = {parse_space("S4"): [0, 0, 1]}  # the VIP at the far end
    far = value(state)
    # S09 (4 VP) is one step from S0 but three from S4; S05 (4 VP) the other way round
    assert near != far
    state.people[0] = {}
    no_vip = value(state)
    assert near > no_vip and far > no_vip
    no_vip_at_the_end = value(state, scale=0.0)
    state.footprints[0] = {card("S09")}
    assert value(state, scale=0.0) - no_vip_at_the_end == 4  # a footprint made is secured
    assert FOOTPRINT_HOPE[0] > FOOTPRINT_HOPE[1]


def test_hopes_fade_as_the_end_nears_and_evaluation_is_the_lead():
    state = new_game(objective="blue")
    assert strategy.hope_scale(state) == 1.0
    build_city(state, 0, "POST", {f"B{c}": "B22" if c == 1 else f"B{c:02d}" for c in range(1, 15)})
    assert strategy.hope_scale(state) == 0.0
    values = strategy.end_values(state)
    assert state.evaluation(0) == pytest.approx(values[0] - values[1])
    assert state.evaluation(1) == pytest.approx(values[1] - values[0])


# ---- the rule-of-thumb player ---------------------------------------------------------------------


def _play(seed: int) -> list[str]:
    state = GAME.new_state(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = state.heuristic_action(seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
    return [text for _, text in state.history]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_heuristic_plays_legal_moves_and_is_reproducible_under_its_seed(seed):
    assert _play(seed) == _play(seed)


def test_the_heuristic_walks_a_vip_onto_a_card_it_would_footprint():
    state = new_game(objective="blue")
    build_city(state, 0, "HOTEL", {"S1": "S09", "S-1": "S17"}, {"S0": "1V"})
    state.tasks = [("move", 4, 1, 1, 0), ("end",)]
    state._run()
    assert state.phase == "move"
    choice = state.heuristic_action(0, random.Random(0))
    assert choice == Move(2, parse_space("S0"), parse_space("S1"))


def test_the_heuristic_does_not_read_the_evaluation(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the heuristic must not use the search's evaluation")

    monkeypatch.setattr(strategy, "evaluation", forbidden)
    monkeypatch.setattr(strategy, "city_value", forbidden)
    assert _play(3)


def test_a_card_still_to_pick_this_turn_is_worth_about_a_card():
    # After `sd TWO` the sand dollars are spent but the two cards are not placed yet: the
    # evaluation must not see the purchase as a plain loss.
    state = new_game(faces=("TWO", "SWAP"), objective="blue")
    state.sand[0] = 5
    state._legal_cache = {}
    before = value(state)
    state.apply("sd TWO")
    assert state.phase == "pick" and state.picks_left == 2
    assert value(state) - before == pytest.approx(2 * strategy.PICK_VALUE - 4 * SAND_VALUE)
