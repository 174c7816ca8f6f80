"""Every ludoteca game as an OpenSpiel Python game: `register()`, then `pyspiel.load_game(name)`.

Names are `python_ludoteca_<id with underscores>` (e.g. `python_ludoteca_blue_lagoon`). Parameters:
`players` (the game's minimum by default), `seed` (−1: every new game draws a fresh seed from the
OS; any other value fixes the sequence of deals), and each option of the game — booleans and
whole numbers as such, anything else as its text (`""` keeps the game's default), exactly as
`ludoteca play --option` reads it.

Modelled as OpenSpiel models such games: randomness is sampled inside the state
(SAMPLED_STOCHASTIC, no chance nodes); City Square Off is SIMULTANEOUS (a node where both seats
owe a placement asks both at once; its starter placements are ordinary one-player nodes);
rewards come at the end, 2 × (share of opponents beaten) − 1, which sums to zero for any number of
players. Observation tensors are the game's encoder (`Game.observe`), which shows only what the
seat may see. States serialise as the game's replayable record (JSON).

Needs OpenSpiel: `pip install "ludoteca[openspiel]"`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import ludoteca
from ludoteca.bots.rewards import place_value
from ludoteca.core import Game, IllegalAction, Option, State

from .messages import MESSAGES

PREFIX = "python_ludoteca_"
# A loose upper bound on the number of actions of a game, which OpenSpiel requires; no game here
# comes near it (the longest, Santa Monica with 4 players, takes a few hundred).
MAX_GAME_LENGTH = 10_000


def game_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every game with OpenSpiel (again is harmless); their names."""
    names = []
    for info in ludoteca.list_games():
        name = game_name(info.id)
        if name not in pyspiel.registered_names():
            game = ludoteca.load(info.id)
            pyspiel.register_game(_game_type(game), _game_class(game))
        names.append(name)
    return names


# ---- the game ---------------------------------------------------------------------------------


def _parameters(game: Game) -> dict[str, Any]:
    params: dict[str, Any] = {"players": game.info.min_players, "seed": -1}
    for option in game.info.options:
        params[option.name] = option.default if _native(option) else ""
    return params


def _native(option: Option) -> bool:
    """Booleans and whole numbers travel as OpenSpiel parameters of their own type."""
    return option.kind in ("bool", "int") and isinstance(option.default, (bool, int))


def _game_type(game: Game) -> pyspiel.GameType:
    info = game.info
    kind = pyspiel.GameType
    return kind(
        short_name=game_name(info.id),
        long_name=f"ludoteca {info.names['en']}",
        dynamics=kind.Dynamics.SIMULTANEOUS if info.simultaneous else kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=(kind.Information.IMPERFECT_INFORMATION if info.hidden_information
                     else kind.Information.PERFECT_INFORMATION),
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


def _game_class(game: Game) -> type:
    """A class per game, as OpenSpiel registers classes (it calls them with the parameters)."""

    def __init__(self: LudotecaOpenSpielGame, params: dict[str, Any] | None = None) -> None:
        LudotecaOpenSpielGame.__init__(self, game, params or {})

    name = "".join(part.title() for part in game.info.id.split("-")) + "OpenSpielGame"
    return type(name, (LudotecaOpenSpielGame,), {"__init__": __init__})


class LudotecaOpenSpielGame(pyspiel.Game):
    """A ludoteca game for one player count and set of options."""

    def __init__(self, game: Game, params: dict[str, Any]):
        full = {**_parameters(game), **params}
        self.ludoteca_game = game
        self.num_seats = int(full["players"])
        self.options = self._read_options(game, full)
        self.observation_length = game.observation_size(self.num_seats, **self.options)
        seed = int(full["seed"])
        self._seeds = random.Random(None if seed < 0 else seed)
        super().__init__(
            _game_type(game),
            pyspiel.GameInfo(
                num_distinct_actions=game.action_space_size,
                max_chance_outcomes=0,
                num_players=self.num_seats,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            full,
        )

    @staticmethod
    def _read_options(game: Game, params: dict[str, Any]) -> dict[str, Any]:
        texts = [f"{o.name}={params[o.name]}" for o in game.info.options
                 if not _native(o) and params[o.name] != ""]
        options = game.parse_options(texts)
        options.update({o.name: params[o.name] for o in game.info.options if _native(o)})
        return options

    def new_initial_state(self) -> LudotecaOpenSpielState:
        state = self.ludoteca_game.new_state(self.num_seats, seed=self._seeds.getrandbits(63), **self.options)
        return LudotecaOpenSpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudotecaObserver:
        return LudotecaObserver(self)

    def deserialize_state(self, text: str) -> LudotecaOpenSpielState:
        return LudotecaOpenSpielState(self, self.ludoteca_game.replay(json.loads(text)))


# ---- the state --------------------------------------------------------------------------------


class LudotecaOpenSpielState(pyspiel.State):
    """An OpenSpiel view of one ludoteca state; every move goes through the engine's checks."""

    def __init__(self, game: LudotecaOpenSpielGame, state: State):
        super().__init__(game)
        self.ludoteca_state = state
        self._ids = game.ludoteca_game.action_id

    def current_player(self) -> int:
        to_move = self.ludoteca_state.to_move
        if not to_move:
            return pyspiel.PlayerId.TERMINAL
        if len(to_move) > 1:
            return pyspiel.PlayerId.SIMULTANEOUS
        return to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.ludoteca_state
        if player not in state.to_move:
            return []
        return sorted(self._ids(action) for action in state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self._play(self.ludoteca_state.to_move[0], action)

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node: every seat owed a move plays its own (the others pass)."""
        owed = self.ludoteca_state.to_move
        for seat in owed:
            if actions[seat] not in self._legal_actions(seat):
                raise IllegalAction(MESSAGES.message("openspiel.illegal", given=actions[seat], seat=seat))
        for seat in owed:
            self._play(seat, actions[seat])

    def _play(self, seat: int, action_id: int) -> None:
        game = self.get_game().ludoteca_game
        self.ludoteca_state.apply(game.action_from_id(int(action_id), self.ludoteca_state), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.get_game().ludoteca_game.action_from_id(int(action), self.ludoteca_state))

    def is_terminal(self) -> bool:
        return self.ludoteca_state.is_over

    def returns(self) -> list[float]:
        state = self.ludoteca_state
        if not state.is_over:
            return [0.0] * state.num_players
        ranking = state.result().ranking
        return [2 * place_value(ranking, seat) - 1 for seat in range(state.num_players)]

    def serialize(self) -> str:
        return json.dumps(self.get_game().ludoteca_game.record(self.ludoteca_state))

    def __deepcopy__(self, memo: dict) -> LudotecaOpenSpielState:
        """OpenSpiel clones a Python state by deep copy: use the engine's cheap clone instead."""
        return LudotecaOpenSpielState(self.get_game(), self.ludoteca_state.clone())

    def __str__(self) -> str:
        return self.ludoteca_state.render()


class LudotecaObserver:
    """OpenSpiel's Python observer: the encoder's vector, and the seat's text picture."""

    def __init__(self, game: LudotecaOpenSpielGame):
        self.tensor = np.zeros(game.observation_length, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudotecaOpenSpielState, player: int) -> None:
        game = state.get_game().ludoteca_game
        self.tensor[:] = game.observe(state.ludoteca_state, player)

    def string_from(self, state: LudotecaOpenSpielState, player: int) -> str:
        return state.ludoteca_state.render(player=player)


__all__ = ["MAX_GAME_LENGTH", "PREFIX", "game_name", "register"]
