"""What the three environments share: one game being played, seen through fixed action ids.

`Table` owns the engine state and answers the questions every research API asks — whose turn,
which ids are legal, what a seat observes, what each seat has earned — so that the PettingZoo,
Gymnasium and OpenSpiel wrappers are thin translations of the same behaviour.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NoReturn

import numpy as np
from gymnasium import spaces

import ludoteca
from ludoteca.bots.rewards import place_value
from ludoteca.core import Action, Game, IllegalAction, OptionError, State

from .messages import MESSAGES

REWARDS = ("place", "score")
RENDER_MODES = ("human", "ansi")


class Table:
    """One game of `game_id` for `num_players` seats, restartable under a seed.

    Rewards: `"place"` gives each seat, when the game ends, 2 × (share of opponents beaten) − 1,
    in [−1, 1] (win 1, draw 0, loss −1 with two players: zero-sum); `"score"` gives after every
    action the change of the seat's lead over its best opponent, so the rewards of a game add up
    to its final margin (a dense signal for shaping).
    """

    def __init__(self, game_id: str, num_players: int = 2, reward: str = "place", **options: Any):
        self.game: Game = ludoteca.load(game_id)
        info = self.game.info
        if num_players not in info.player_counts:
            raise OptionError(MESSAGES.message("players", game=info.names, least=info.min_players,
                                               most=info.max_players, players=num_players))
        if reward not in REWARDS:
            raise OptionError(MESSAGES.message("reward", choices=", ".join(REWARDS), given=repr(reward)))
        self.num_players = num_players
        self.reward = reward
        self.options = options
        self.observation_size = self.game.observation_size(num_players, **options)
        self.action_space_size = self.game.action_space_size
        self._seeds = random.Random()
        self._no_moves = np.zeros(self.action_space_size, dtype=np.int8)
        self._no_moves.flags.writeable = False
        self.nothing = (0.0,) * num_players
        self._ids = _IdMemo(self.game, self.action_space_size)
        self._start(self.game.new_state(num_players, seed=0, **options))

    def restart(self, seed: int | None = None) -> None:
        """A new game. A seed fixes it and every game after it that is started without a seed."""
        if seed is not None:
            self._seeds.seed(seed)
        self._start(self.game.new_state(self.num_players, seed=self._seeds.getrandbits(63), **self.options))

    def _start(self, state: State) -> None:
        self.state = state
        self._leads = self._lead_now()
        self._moved()

    def _moved(self) -> None:
        """Forget what was worked out for the previous position."""
        self.to_move: tuple[int, ...] = self.state.to_move
        self._masks: dict[int, np.ndarray] = {}
        self._legal: dict[int, tuple[list, list[int]]] = {}

    # ---- spaces and pictures --------------------------------------------------------------------

    def observation_box(self) -> spaces.Box:
        """The encoder's vector (unbounded: some counts, like Happy City's hearts, go below 0)."""
        return spaces.Box(-np.inf, np.inf, (self.observation_size,), np.float32)

    def masked_space(self) -> spaces.Dict:
        """PettingZoo's convention for masked actions: the observation and the mask together."""
        mask = spaces.Box(0, 1, (self.action_space_size,), np.int8)
        return spaces.Dict({"observation": self.observation_box(), "action_mask": mask})

    def render(self, mode: str | None, seat: int | None = None) -> str | None:
        """`ansi`: the text picture; `human`: printed; None: nothing."""
        if mode is None:
            return None
        picture = self.state.render(player=seat)
        if mode == "ansi":
            return picture
        print(picture)
        return None

    # ---- what a seat sees ---------------------------------------------------------------------

    def observe(self, seat: int) -> np.ndarray:
        return self.game.observe(self.state, seat)

    def mask(self, seat: int) -> np.ndarray:
        """1 at the id of every legal action of `seat` (all zeros when it is not to move).

        Read-only: the same arrays are handed out until the state changes."""
        cached = self._masks.get(seat)
        if cached is None:
            if seat not in self.to_move:
                return self._no_moves
            # Set in a bytearray and then wrapped: a byte is set for half of what an item of an
            # array costs, and a few dozen ids are cheaper set one by one than by fancy indexing.
            flags = bytearray(self.action_space_size)  # zeroed
            for number in self._legal_ids(seat)[1]:
                flags[number] = 1
            cached = np.frombuffer(flags, dtype=np.int8)
            cached.setflags(write=False)
            self._masks[seat] = cached
        return cached

    def _legal_ids(self, seat: int) -> tuple[list, list[int]]:
        """The legal actions of `seat` (to move) and their ids, in the same order."""
        known = self._legal.get(seat)
        if known is None:
            legal = self.state.legal_actions(seat)
            known = self._legal[seat] = (legal, self._ids.of(legal))
        return known

    # ---- acting -------------------------------------------------------------------------------

    def act(self, seat: int, action_id: int) -> Sequence[float]:
        """Play action `action_id` for `seat`; the rewards it earned each seat (read-only: the
        same `nothing` tuple is handed out for every action that earned nothing).

        An id that is out of range, of the wrong type or not legal now raises `IllegalAction` or
        `NotationError` naming what is allowed, and changes nothing.
        """
        if type(action_id) is not int:  # the usual case first: one check for a plain int
            action_id = _plain_id(action_id)
        if seat in self.to_move:
            try:  # the id's place in the legal list: one scan in C, no set or dict to build
                index = self._legal_ids(seat)[1].index(action_id)
            except ValueError:
                pass
            else:
                self.state.apply_legal(index, seat)  # taken from the list: no second check
                self._moved()
                return self._rewards()
        self._refuse(seat, action_id)

    def _refuse(self, seat: int, action_id: int) -> NoReturn:
        if not 0 <= action_id < self.action_space_size:
            raise IllegalAction(MESSAGES.message("action.range", last=self.action_space_size - 1,
                                                 given=action_id))
        action = self.game.action_from_id(action_id, self.state)
        legal = np.flatnonzero(self.mask(seat)).tolist()
        raise IllegalAction(self.game.in_game(MESSAGES.message(
            "action.illegal", given=action_id, action=str(action), seat=seat, legal=_ids(legal))))

    def _rewards(self) -> Sequence[float]:
        if self.reward == "score":
            leads, before = self._lead_now(), self._leads
            self._leads = leads
            return [after - earlier for after, earlier in zip(leads, before, strict=True)]
        if self.to_move:  # the game goes on (read once per position, in `_moved`)
            return self.nothing
        return self.final_rewards()

    def final_rewards(self) -> list[float]:
        """Place rewards in [−1, 1] of the finished game."""
        ranking = self.state.result().ranking
        return [2 * place_value(ranking, seat) - 1 for seat in range(self.num_players)]

    def _lead_now(self) -> list[float]:
        scores = self.state.scores()
        return [
            float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))
            for seat in range(len(scores))
        ]


class _IdMemo:
    """The fixed ids of actions already met, looked up by object identity.

    Every game hands out the same action objects again and again (its legal lists are built from
    interned actions), so the id of an object is worked out once and then found by `id()`, far
    cheaper than hashing a dataclass. The memo keeps each object alive, so an identity it holds
    can never be reused by another object; it is emptied if a game makes too many fresh ones.
    """

    __slots__ = ("game", "ids", "known", "kept", "limit")

    def __init__(self, game: Game, action_space_size: int):
        self.game = game
        self.ids: dict[int, int] = {}
        self.known = self.ids.__getitem__  # the memo is emptied in place, never replaced
        self.kept: list[Action] = []
        self.limit = 4 * action_space_size + 1024

    def of(self, actions: list) -> list[int]:
        try:
            return list(map(self.known, map(id, actions)))  # the whole loop in C
        except KeyError:
            return [self._learn(action) for action in actions]

    def _learn(self, action: Action) -> int:
        known = self.ids.get(id(action))
        if known is not None:
            return known
        if len(self.kept) >= self.limit:
            self.ids.clear()
            self.kept.clear()
        self.kept.append(action)
        number = self.ids[id(action)] = self.game.action_id(action)
        return number


def _plain_id(action_id: object) -> int:
    """A numpy integer as a Python int; anything else that is not an integer (a bool included)
    refused by name."""
    if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)):
        raise IllegalAction(MESSAGES.message("action.not_integer", given=repr(action_id)))
    return int(action_id)


def check_render_mode(mode: str | None) -> None:
    if mode is not None and mode not in RENDER_MODES:
        raise OptionError(MESSAGES.message("render_mode", choices=", ".join(RENDER_MODES), given=repr(mode)))


def _ids(legal: list[int], limit: int = 12) -> str:
    shown = ", ".join(map(str, legal[:limit]))
    return f"{shown} … ({len(legal)})" if len(legal) > limit else shown or "—"
