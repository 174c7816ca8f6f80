"""The single-agent environment passes Gymnasium's checker and plays whole games against bots."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca import IllegalAction, OptionError
from ludoteca.rl import single_agent_env

from .conftest import GAME_CASES, TWO_PLAYER_CASES


@pytest.mark.parametrize("game_id", TWO_PLAYER_CASES)
def test_gymnasium_check_env(game_id):
    # check_env steps an action it sampled before resetting, so it runs with illegal ids as losses
    check_env(single_agent_env(game_id, opponents="random", seat="random", illegal_action="lose"),
              skip_render_check=False)


@pytest.mark.parametrize("game_id,players", GAME_CASES)
def test_a_whole_game_against_bots_with_the_mask(game_id, players):
    game = single_agent_env(game_id, opponents="random", seat="random", num_players=players)
    observation, info = game.reset(seed=9)
    rng = np.random.default_rng(9)
    done, steps, total = False, 0, 0.0
    while not done:
        assert np.array_equal(game.action_masks(), info["action_mask"].astype(bool))
        assert game.observation_space.contains(observation)
        action = int(rng.choice(np.flatnonzero(game.action_masks())))
        observation, reward, done, truncated, info = game.step(action)
        total += reward
        steps += 1
        assert not truncated and steps < 3000
    assert total in (-1.0, 0.0, 1.0) or -1.0 < total < 1.0


def test_the_seat_can_be_drawn_and_bots_named_per_seat():
    game = single_agent_env("happy-city", opponents=["greedy", "random"], seat="random", num_players=3)
    seats = set()
    for seed in range(12):
        _, info = game.reset(seed=seed)
        seats.add(info["seat"])
        assert game.table.state.to_move == (info["seat"],) or game.table.state.is_over
    assert len(seats) > 1


def test_an_illegal_action_raises_and_changes_nothing_by_default():
    game = single_agent_env("bloom-town", opponents="random")
    observation, info = game.reset(seed=4)
    before = game.table.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        game.step(illegal)
    assert game.table.state.to_json() == before


def test_an_illegal_action_can_count_as_a_loss_instead():
    game = single_agent_env("bloom-town", opponents="random", illegal_action="lose")
    _, info = game.reset(seed=4)
    before = game.table.state.to_json()
    _, reward, done, _, info = game.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, done, info["illegal_action"]) == (-1.0, True, True)
    assert game.table.state.to_json() == before
    with pytest.raises(OptionError):
        game.step(0)


def test_sampling_the_action_space_gives_legal_actions():
    game = single_agent_env("santa-monica", opponents="random")
    game.reset(seed=1)
    game.action_space.seed(1)
    for _ in range(20):
        action = game.action_space.sample()
        assert game.action_masks()[action]
        _, _, done, _, _ = game.step(action)
        if done:
            break


@pytest.mark.parametrize("arguments", [
    {"seat": 2}, {"seat": "any"}, {"opponents": ["random", "random"]}, {"opponents": "alphazero"},
    {"illegal_action": "ignore"},
])
def test_bad_arguments_are_refused(arguments):
    with pytest.raises(OptionError):
        single_agent_env("blue-lagoon", **arguments).reset(seed=0)
