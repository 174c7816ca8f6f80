"""A Gymnasium environment for one seat against ludoteca bots: `single_agent_env("happy-city")`.

The agent's seat is fixed (`seat=0`) or drawn at every reset (`seat="random"`); the other seats
are bots (`opponents="greedy"`, or one name per other seat, e.g. `["mcts", "random"]`), which play
until it is the agent's turn again. Observations are the game's encoder vector; the legal-action
mask is in `info["action_mask"]` and in `action_masks()`, the convention of sb3-contrib's
MaskablePPO. `action_space.sample()` draws a legal action (the space knows the current mask).

An illegal action id raises `IllegalAction` and changes nothing (`illegal_action="raise"`, the
default). With `illegal_action="lose"` it ends the episode instead, as a loss (reward −1) with
`info["illegal_action"]` set and the game left as it was — PettingZoo's TerminateIllegalWrapper
convention, for learners that may emit any id (and for Gymnasium's `check_env`, which steps an
action sampled before a reset).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ludoteca.bots import Bot, make_bot
from ludoteca.core import LudotecaError, OptionError

from .messages import MESSAGES
from .table import RENDER_MODES, Table, check_render_mode

ILLEGAL_ACTIONS = ("raise", "lose")


class LegalDiscrete(spaces.Discrete):
    """A `Discrete` space whose `sample()` with no mask draws among the actions legal now."""

    def __init__(self, n: int, legal: Callable[[], np.ndarray], seed: int | None = None):
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._legal()
            if not mask.any():
                return np.int64(0)
        return super().sample(mask=mask, probability=probability)


class SingleAgentEnv(gym.Env):
    """One seat of a ludoteca game; the others are bots (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, game_id: str, opponents: str | Sequence[str] = "greedy", seat: int | str = 0,
                 num_players: int = 2, level: str = "normal", render_mode: str | None = None,
                 reward: str = "place", illegal_action: str = "raise", **options: Any):
        if illegal_action not in ILLEGAL_ACTIONS:
            raise OptionError(MESSAGES.message("single.illegal_action", choices=", ".join(ILLEGAL_ACTIONS)))
        check_render_mode(render_mode)
        if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < num_players):
            raise OptionError(MESSAGES.message("single.seat", last=num_players - 1, given=repr(seat)))
        names = [opponents] * (num_players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != num_players - 1:
            raise OptionError(MESSAGES.message("single.opponents", wanted=num_players - 1, given=len(names)))
        self.table = Table(game_id, num_players, reward, **options)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self._lost_by_illegal = False
        self.seat_choice = seat
        self.seat: int = seat if isinstance(seat, int) else 0
        self._opponent_names = names
        self._level = level
        self._bots: dict[int, Bot] = {}
        self._seats = random.Random()
        self.observation_space = self.table.observation_box()
        self.action_space = LegalDiscrete(self.table.action_space_size, self._mask)

    # ---- the Gymnasium protocol ---------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._lost_by_illegal = False
        if seed is not None:
            self._seats.seed(seed)
        self.table.restart(self._seats.getrandbits(63) if seed is not None else None)
        if self.seat_choice == "random":
            self.seat = self._seats.randrange(self.table.num_players)
        others = [s for s in range(self.table.num_players) if s != self.seat]
        self._bots = {
            other: make_bot(name, self._level, seed=self._seats.getrandbits(63))
            for other, name in zip(others, self._opponent_names, strict=True)
        }
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.table.state.is_over or self._lost_by_illegal:
            raise OptionError(MESSAGES.message("single.over"))
        try:
            reward = self.table.act(self.seat, action)[self.seat]
        except LudotecaError:
            if self.illegal_action == "raise":
                raise
            self._lost_by_illegal = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        reward += self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, self.table.state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal-action mask of the agent's seat (what MaskablePPO asks for)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        return self.table.render(self.render_mode, self.seat)

    # ---- helpers ------------------------------------------------------------------------------

    def _play_bots(self) -> float:
        """Let the bots move until the agent's seat is owed a move (or the game ends); the
        agent's reward from their moves (nonzero with score shaping, or at the end)."""
        state, earned = self.table.state, 0.0
        while not state.is_over and self.seat not in state.to_move:
            bot_seat = state.to_move[0]
            action = self._bots[bot_seat].choose(state, bot_seat)
            earned += self.table.act(bot_seat, self.table.game.action_id(action))[self.seat]
        return earned

    def _mask(self) -> np.ndarray:
        return self.table.mask(self.seat)

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat), "seat": self.seat}


def single_agent_env(game_id: str, opponents: str | Sequence[str] = "greedy", seat: int | str = 0,
                     num_players: int = 2, level: str = "normal", render_mode: str | None = None,
                     reward: str = "place", illegal_action: str = "raise", **options: Any) -> SingleAgentEnv:
    """A Gymnasium environment for one seat of `game_id` against ludoteca bots."""
    return SingleAgentEnv(game_id, opponents, seat, num_players, level, render_mode, reward,
                          illegal_action, **options)
