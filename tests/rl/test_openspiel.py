"""The OpenSpiel adapter: every game loads, plays through pyspiel, serialises, and OpenSpiel's
own MCTS bot can play it."""

from __future__ import annotations

import json

import numpy as np
import pytest

import ludoteca

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from ludoteca.rl import openspiel as adapter  # noqa: E402

from .conftest import GAME_CASES, TWO_PLAYER_CASES  # noqa: E402

NAMES = adapter.register()


def _play_randomly(state, rng):
    while not state.is_terminal():
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([
                rng.choice(state.legal_actions(p)) if state.legal_actions(p) else 0
                for p in range(state.get_game().num_players())
            ])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_is_registered_under_its_name():
    assert sorted(NAMES) == sorted(adapter.game_name(info.id) for info in ludoteca.list_games())
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_the_game_type_says_what_the_game_is(game_id):
    info = ludoteca.load(game_id).info
    kind = pyspiel.load_game(adapter.game_name(game_id)).get_type()
    simultaneous = kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert simultaneous == info.simultaneous
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    perfect = kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert perfect == (not info.hidden_information)
    assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("game_id,players", GAME_CASES)
def test_random_games_run_to_the_end_through_pyspiel(game_id, players):
    game = pyspiel.load_game(adapter.game_name(game_id), {"players": players, "seed": 7})
    assert game.num_players() == players
    assert game.num_distinct_actions() == ludoteca.load(game_id).action_space_size
    state = _play_randomly(game.new_initial_state(), np.random.default_rng(players))
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0) and max(returns) == 1.0
    for seat in range(players):
        tensor = np.asarray(state.observation_tensor(seat))
        assert tensor.shape == (game.observation_tensor_size(),)
        assert isinstance(state.observation_string(seat), str)
    assert str(state)


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_states_serialise_as_the_game_record(game_id):
    game = pyspiel.load_game(adapter.game_name(game_id), {"seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(12):
        if state.is_terminal():
            break
        if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    assert json.loads(text)["game"] == game_id
    again = game.deserialize_state(text)
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    copy = state.clone()
    assert str(copy) == str(state)


def test_options_and_a_fixed_seed_reach_the_engine():
    game = pyspiel.load_game(adapter.game_name("city-square-off"), {"variant": "city_sprint", "seed": 5})
    first = game.new_initial_state().ludoteca_state
    assert first.options["variant"] == "city_sprint"
    again = pyspiel.load_game(adapter.game_name("city-square-off"), {"variant": "city_sprint", "seed": 5})
    assert again.new_initial_state().ludoteca_state.seed == first.seed


def test_an_illegal_action_is_refused():
    game = pyspiel.load_game(adapter.game_name("happy-city"), {"seed": 1})
    state = game.new_initial_state()
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    before = str(state)
    with pytest.raises(ludoteca.IllegalAction, match="legal now"):
        state.apply_action(illegal)
    assert str(state) == before


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_openspiel_mcts_plays_a_whole_game_against_the_uniform_random_bot(game_id):
    game = pyspiel.load_game(adapter.game_name(game_id), {"seed": 2})
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        game = pyspiel.convert_to_turn_based(game)  # OpenSpiel's MCTS plays sequential games
    rng = np.random.RandomState(0)
    bots = [mcts.MCTSBot(game, 2, 3, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
            uniform_random.UniformRandomBot(1, rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
