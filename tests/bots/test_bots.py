"""Bots: legal choices in every game, reproducibility, and choices a correct bot must make."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.bots import BOTS, LEVELS, MctsBot, make_bot
from ludoteca.bots.rewards import outcome_rewards, place_value
from ludoteca.core import OptionError

from .toy import MatchGame, count_state

SMALL = {"mcts": {"iterations": 12}}  # keep searches tiny: these tests check choices, not strength


def _positions(game_id: str, players: int, options: dict, seed: int = 3):
    """A fresh game and a few positions reached by random play (before it ends)."""
    game = ludoteca.load(game_id)
    state = game.new_state(players, seed=seed, **options)
    chooser = random.Random(seed)
    yield state.clone()
    for stop in (5, 25):
        while len(state.history) < stop and not state.is_over:
            seat = chooser.choice(state.to_move)
            state.apply(chooser.choice(state.legal_actions(seat)), seat)
        if not state.is_over:
            yield state.clone()


def _cases():
    for info in ludoteca.list_games():
        for preset, options in ludoteca.load(info.id).presets.items():
            for players in info.player_counts:
                yield pytest.param(info.id, players, options, id=f"{info.id}-{preset}-{players}p")


@pytest.mark.parametrize("game_id,players,options", list(_cases()))
@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_a_legal_action_in_every_game(name, game_id, players, options):
    for position in _positions(game_id, players, options):
        before = position.to_json()
        for seat in position.to_move:
            bot = make_bot(name, "easy", seed=5, **SMALL.get(name, {}))
            action = bot.choose(position, seat)
            assert action in position.legal_actions(seat)
        assert position.to_json() == before, "choosing must not change the position"


def test_make_bot_rejects_unknown_names_levels_and_budgets():
    with pytest.raises(OptionError):
        make_bot("alphazero")
    with pytest.raises(OptionError):
        make_bot("greedy", level="impossible")
    with pytest.raises(OptionError):
        make_bot("greedy", iterations=10)
    with pytest.raises(OptionError):
        make_bot("mcts", iterations=0)
    assert set(LEVELS) == {"easy", "normal", "hard"}


def test_greedy_takes_an_immediate_win():
    state = count_state(8)  # add 2 reaches the target
    for seed in range(5):
        assert str(make_bot("greedy", seed=seed).choose(state, 0)) == "add 2"


@pytest.mark.parametrize("playout_limit", [0, None])
def test_mcts_finds_a_win_that_needs_two_steps_of_the_same_turn(playout_limit):
    state = count_state(6)  # only add 2, add 2 wins now; greedy cannot see it
    for seed in range(3):
        bot = MctsBot(seed=seed, iterations=300, playout_limit=playout_limit)
        assert str(bot.choose(state, 0)) == "add 2"
        after = state.clone()
        after.apply("add 2", 0)
        assert after.to_move == (0,)  # the same seat acts again
        assert str(bot.choose(after, 0)) == "add 2"


def test_mcts_in_a_three_player_game_takes_the_win():
    state = count_state(8, players=3)
    for seed in range(3):
        assert str(make_bot("mcts", seed=seed, iterations=100).choose(state, 0)) == "add 2"


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_mcts_is_reproducible_under_a_seed(game_id):
    positions = list(_positions(game_id, ludoteca.load(game_id).info.min_players, {}, seed=11))
    choices = [
        [str(MctsBot(seed=42, iterations=25).choose(p, p.to_move[0])) for p in positions] for _ in range(2)
    ]
    assert choices[0] == choices[1]


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_a_simultaneous_seat_cannot_see_the_pending_secret_pick(name):
    """Matching pennies: a seat that peeked at the other's submitted pick would always match it."""
    for seed in range(6):
        chosen = set()
        for pending in ("add 1", "add 2"):
            state = MatchGame().new_state(2, seed=1)
            state.apply(pending, 0)
            bot = make_bot(name, seed=seed, **SMALL.get(name, {}))
            chosen.add(str(bot.choose(state, 1)))
        assert len(chosen) == 1, f"{name} reacted to a pick it cannot see"


def test_a_city_square_off_seat_ignores_the_pending_secret_move():
    """City Square Off: seat B's choice is the same whatever seat A has already (secretly) submitted."""
    game = ludoteca.load("city-square-off")
    state = game.new_state(2, seed=4)
    chooser = random.Random(4)
    while len(state.to_move) < 2:
        seat = state.to_move[0]
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
    first, second = state.to_move
    for name in ("greedy", "mcts"):
        chosen = set()
        for pending in state.legal_actions(first)[:2]:
            submitted = state.clone()
            submitted.apply(pending, first)
            bot = make_bot(name, seed=9, **SMALL.get(name, {}))
            chosen.add(str(bot.choose(submitted, second)))
        assert len(chosen) == 1, f"{name} reacted to a move it cannot see"


def test_rewards_order_places_and_margins():
    assert place_value([1, 2], 0) == 1.0 and place_value([1, 2], 1) == 0.0
    assert place_value([1, 1], 0) == 0.5
    assert place_value([2, 1, 3], 0) == 0.5
    state = count_state(8)
    state.apply("add 2", 0)
    winner, loser = outcome_rewards(state)
    assert 0.0 <= loser < 0.5 < winner <= 1.0
