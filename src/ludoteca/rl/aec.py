"""PettingZoo's AEC (turn by turn) environment for every game: `ludoteca.rl.env("blue-lagoon")`.

Agents are `player_0 … player_{n-1}`. Each observation is `{"observation": float32 vector from
the game's encoder, "action_mask": int8 over the fixed action ids}`; the mask of the agent to act
(`agent_selection`) is also in its `infos` entry. Only that agent's: in City Square Off both seats
owe a placement in most rounds, and a mask for the seat not yet asked would be worked out (every
legal placement of its city) at every step only to be thrown away after the next one.
City Square Off's simultaneous rounds are asked in seat order: player_0 chooses, then player_1,
whose observation does not contain player_0's pending choice (the engine keeps it secret until
the round resolves).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludoteca.core import OptionError, State

from .messages import MESSAGES
from .table import RENDER_MODES, Table, check_render_mode


class LudotecaEnv(AECEnv):
    """One ludoteca game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "ludoteca", "is_parallelizable": False}

    def __init__(self, game_id: str, num_players: int = 2, render_mode: str | None = None,
                 reward: str = "place", **options: Any):
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(game_id, num_players, reward, **options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"ludoteca_{game_id.replace('-', '_')}"}
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: self.table.masked_space() for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(self.table.action_space_size) for agent in self.possible_agents
        }
        self._begin()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def state_of_game(self) -> State:
        """The engine state being played (read it, never change it)."""
        return self.table.state

    # ---- the AEC protocol ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.restart(seed)
        self._begin()

    def _begin(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._rewarded = False  # whether `rewards` holds anything but zeros
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._select_next()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        table = self.table
        return {"observation": table.observe(seat), "action_mask": table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise OptionError(MESSAGES.message("action.none", agent=agent))
        table = self.table
        earned = table.act(self._seat[agent], action)
        self._cumulative_rewards[agent] = 0.0
        if earned is not table.nothing or self._rewarded:  # most steps earn nothing: no dicts
            self.rewards = dict(zip(self.possible_agents, earned, strict=True))
            self._rewarded = earned is not table.nothing
            self._accumulate_rewards()
        if not table.to_move:
            for other in self.agents:
                self.terminations[other] = True
        self._select_next()
        if self.render_mode == "human":
            self.render()

    def _select_next(self) -> None:
        """The lowest seat still owed a move (every agent in turn once the game is over), with its
        mask in its info (the info dicts are the same all game long: no new ones a step)."""
        table = self.table
        to_move = table.to_move
        self.infos[self.agent_selection].pop("action_mask", None)
        if to_move:
            self.agent_selection = agent = self.possible_agents[min(to_move)]
            self.infos[agent]["action_mask"] = table.mask(self._seat[agent])
        elif self.agents:
            finished = [a for a in self.agents if self.terminations[a]]
            self.agent_selection = finished[0] if finished else self.agents[0]

    def render(self) -> str | None:
        return self.table.render(self.render_mode)

    def close(self) -> None:
        pass


def env(game_id: str, num_players: int = 2, render_mode: str | None = None, reward: str = "place",
        **options: Any) -> LudotecaEnv:
    """The AEC environment of `game_id`; `options` are the game's own (see `ludoteca games`)."""
    return LudotecaEnv(game_id, num_players, render_mode, reward, **options)
