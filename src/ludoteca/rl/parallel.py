"""PettingZoo's parallel environment: every seat owed a move acts in the same step.

Made for City Square Off, whose rounds are simultaneous (`parallel_env("city-square-off")`); it
works for every game, where a step is the move of whoever is to move. A seat with an all-zero
action mask is not to move in this step: its action, if given, is ignored.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from ludoteca.core import OptionError

from .messages import MESSAGES
from .table import RENDER_MODES, Table, check_render_mode

Observations = dict[str, dict[str, np.ndarray]]  # by agent: its observation and its mask
Infos = dict[str, dict[str, Any]]  # by agent: its mask


class LudotecaParallelEnv(ParallelEnv):
    metadata = {"render_modes": list(RENDER_MODES), "name": "ludoteca_parallel"}

    def __init__(self, game_id: str, num_players: int = 2, render_mode: str | None = None,
                 reward: str = "place", **options: Any):
        check_render_mode(render_mode)
        self.table = Table(game_id, num_players, reward, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ludoteca_{game_id.replace('-', '_')}_parallel"}
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.agents = list(self.possible_agents)
        self.observation_spaces = {agent: self.table.masked_space() for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(self.table.action_space_size) for agent in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[Observations, Infos]:
        self.table.restart(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), self._infos()

    def step(self, actions: dict[str, int]) -> tuple[Observations, dict[str, float], dict[str, bool],
                                                    dict[str, bool], Infos]:
        """Apply the action of every seat owed a move, in seat order (none sees another's choice:
        the engine keeps a submitted placement secret until the round resolves)."""
        to_move = self.table.state.to_move
        missing = [f"player_{seat}" for seat in to_move if f"player_{seat}" not in actions]
        if missing:
            raise OptionError(MESSAGES.message("action.missing", agents=", ".join(missing)))
        for seat in to_move:  # checked first, so that a bad action changes nothing
            self._check(seat, actions[f"player_{seat}"])
        rewards = {agent: 0.0 for agent in self.agents}
        for seat in to_move:
            earned = self.table.act(seat, actions[f"player_{seat}"])
            for agent, reward in zip(self.possible_agents, earned, strict=True):
                rewards[agent] += reward
        over = self.table.state.is_over
        observations, infos = self._observations(), self._infos()
        terminations = {agent: over for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _check(self, seat: int, action_id: int) -> None:
        probe = self.table.mask(seat)
        if isinstance(action_id, (int, np.integer)) and not isinstance(action_id, bool) \
                and 0 <= action_id < len(probe) and probe[action_id]:
            return
        self.table.act(seat, action_id)  # raises the engine's readable error, changing nothing

    def _observations(self) -> Observations:
        return {
            agent: {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}
            for seat, agent in enumerate(self.possible_agents)
        }

    def _infos(self) -> Infos:
        return {
            agent: {"action_mask": self.table.mask(seat)} for seat, agent in enumerate(self.possible_agents)
        }

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass


def parallel_env(game_id: str, num_players: int = 2, render_mode: str | None = None,
                 reward: str = "place", **options: Any) -> LudotecaParallelEnv:
    """The parallel environment of `game_id` (City Square Off's simultaneous rounds, at once)."""
    return LudotecaParallelEnv(game_id, num_players, render_mode, reward, **options)
