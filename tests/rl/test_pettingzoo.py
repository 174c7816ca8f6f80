"""The PettingZoo environments pass PettingZoo's own tests, and bad actions change nothing."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

from ludoteca import IllegalAction, NotationError, OptionError
from ludoteca.rl import env, parallel_env

from .conftest import GAME_CASES, TWO_PLAYER_CASES


@pytest.mark.parametrize("game_id,players", GAME_CASES)
def test_pettingzoo_api_test(game_id, players):
    api_test(env(game_id, players), num_cycles=60)


@pytest.mark.parametrize("game_id,players", GAME_CASES)
def test_pettingzoo_seed_test(game_id, players):
    seed_test(lambda: env(game_id, players), num_cycles=40)


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_pettingzoo_render_test(game_id):
    render_test(lambda render_mode=None: env(game_id, render_mode=render_mode))


def test_parallel_env_passes_the_parallel_api_test():
    parallel_api_test(parallel_env("city-square-off"), num_cycles=200)


def test_parallel_env_is_reproducible_under_a_seed():
    """PettingZoo's parallel seed test steps unmasked random ids; this one samples legal ones."""
    runs = []
    for _ in range(2):
        game = parallel_env("city-square-off")
        observations, _ = game.reset(seed=11)
        rng = np.random.default_rng(5)
        trace = []
        while game.agents:
            actions = {
                agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
                for agent, seen in observations.items() if seen["action_mask"].any()
            }
            observations, rewards, *_ = game.step(actions)
            trace.append((sorted(actions.items()), observations["player_1"]["observation"].tobytes(),
                          sorted(rewards.items())))
        runs.append(trace)
    assert runs[0] == runs[1] and len(runs[0]) > 5


def test_the_second_seat_of_a_simultaneous_round_does_not_see_the_first_choice():
    game = env("city-square-off")
    game.reset(seed=3)
    while len(game.state_of_game.to_move) < 2:  # the starters are placed one after the other
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert game.agent_selection == "player_0"
    legal = np.flatnonzero(game.observe("player_0")["action_mask"])
    seen = []
    for choice in (legal[0], legal[-1]):
        trial = env("city-square-off")
        trial.reset(seed=3)
        for _, text in game.state_of_game.history:
            trial.step(trial.table.game.action_id(trial.table.game.parse_action(text, trial.state_of_game)))
        trial.step(int(choice))
        assert trial.agent_selection == "player_1"
        seen.append(trial.observe("player_1")["observation"])
    assert np.array_equal(seen[0], seen[1])


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_the_info_of_the_agent_to_act_holds_its_mask_and_no_other_info_does(game_id):
    """In City Square Off both seats owe a placement at once: only the one asked has a mask."""
    game = env(game_id)
    game.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in game.agent_iter():
        seen, _, done, truncated, info = game.last()
        if done or truncated:
            assert "action_mask" not in info
            game.step(None)
            continue
        assert info["action_mask"] is seen["action_mask"] and info["action_mask"].any()
        assert all("action_mask" not in game.infos[other] for other in game.agents if other != agent)
        game.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))


@pytest.mark.parametrize("bad", [-1, 10**9, "S 3,4", 2.5, True, None])
def test_a_bad_action_raises_a_clear_error_and_changes_nothing(bad):
    game = env("blue-lagoon")
    game.reset(seed=1)
    agent = game.agent_selection
    before = game.observe(agent)["observation"].copy(), game.state_of_game.to_json()
    with pytest.raises((IllegalAction, NotationError, OptionError)) as error:
        game.step(bad)
    assert str(error.value)
    assert game.agent_selection == agent
    assert np.array_equal(game.observe(agent)["observation"], before[0])
    assert game.state_of_game.to_json() == before[1]


def test_an_illegal_id_names_the_legal_ones():
    game = env("happy-city")
    game.reset(seed=2)
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match="legal ids"):
        game.step(illegal)


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_place_rewards_are_zero_sum_and_score_rewards_add_up_to_the_margin(game_id):
    for reward in ("place", "score"):
        game = env(game_id, reward=reward)
        game.reset(seed=5)
        rng = np.random.default_rng(5)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            seen, earned, done, truncated, _ = game.last()
            totals[agent] += earned
            game.step(None if done or truncated else int(rng.choice(np.flatnonzero(seen["action_mask"]))))
        scores = game.state_of_game.scores()
        if reward == "place":
            assert sum(totals.values()) == pytest.approx(0.0)
            assert max(totals.values()) == 1.0
        else:
            assert totals["player_0"] == pytest.approx(scores[0] - scores[1])


def test_unknown_options_render_modes_and_player_counts_are_refused():
    with pytest.raises(OptionError):
        env("city-square-off", num_players=3)
    with pytest.raises(OptionError):
        env("blue-lagoon", render_mode="rgb_array")
    with pytest.raises(OptionError):
        env("blue-lagoon", reward="elo")
    with pytest.raises(OptionError):
        env("blue-lagoon", map="atlantis")
