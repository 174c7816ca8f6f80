"""The base `State` behaviour, on a tiny dice game defined here (no real game needed)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import ludoteca
from ludoteca.core import Action, Game, GameInfo, IllegalAction, NotationError, State, rank


@dataclass(frozen=True, slots=True)
class Roll(Action):
    keep: bool

    def __str__(self) -> str:
        return "keep" if self.keep else "roll"


class DiceState(State):
    """Two players alternately roll a die (adding it to their total) or keep; first to keep twice stops."""

    __slots__ = ("totals", "turn", "keeps")

    def setup(self) -> None:
        self.totals = [0] * self.num_players
        self.turn = 0
        self.keeps = 0

    @property
    def to_move(self):
        return () if self.keeps >= 2 else (self.turn,)

    def _legal_actions(self, player):
        return [Roll(False), Roll(True)]

    def _apply(self, action, player):
        if action.keep:
            self.keeps += 1
        else:
            self.totals[player] += self.rng.randint(1, 6)
        self.turn = (self.turn + 1) % self.num_players

    def scores(self):
        return list(self.totals)

    def breakdown(self):
        return [{"total": t} for t in self.totals]

    def result(self):
        return rank([(t,) for t in self.totals], ["total"], self.scores(), self.breakdown())


class Dice(Game):
    info = GameInfo(id="dice", names={"en": "Dice", "es": "Dados"}, min_players=2, max_players=3)
    state_class = DiceState
    all_actions = (Roll(False), Roll(True))
    action_types = (Roll,)

    def _parse_action(self, text, state):
        if text.strip() not in ("roll", "keep"):
            raise NotationError(f"Dice: {text!r}: write roll or keep")
        return Roll(text.strip() == "keep")


def test_clones_share_the_generator_until_one_draws():
    state = Dice().new_state(seed=4)
    clone = state.clone()
    clone.apply("roll")
    state.apply("roll")
    assert clone.totals == state.totals, "the same seed must roll the same number in both"
    again = state.clone()
    again.apply("roll", 1)
    assert state.to_json()["rng"] != again.to_json()["rng"]
    state.apply("roll", 1)
    assert state.totals == again.totals


def test_rejected_actions_leave_the_state_untouched():
    state = Dice().new_state(seed=1)
    before = state.to_json()
    with pytest.raises(NotationError):
        state.apply("jump")
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply("roll", 1)
    assert state.to_json() == before


def test_json_round_trip_and_replay():
    game = Dice()
    state = game.new_state(3, seed=9)
    for text in ("roll", "roll", "keep", "roll", "keep"):
        state.apply(text)
    assert state.is_over
    restored = game.state_from_json(state.to_json())
    assert restored.to_json() == state.to_json() and restored.totals == state.totals
    assert game.replay(game.record(state)).to_json() == state.to_json()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("roll")
    assert state.legal_actions() == [] and state.legal_actions(1) == []


def test_errors_speak_english_and_spanish():
    state = Dice().new_state(seed=1)
    with pytest.raises(IllegalAction) as caught:
        state.apply("roll", 1)
    assert "not player 1's turn" in caught.value.text("en")
    assert "no es el turno del jugador 1" in caught.value.text("es")
    with pytest.raises(ludoteca.OptionError) as caught:
        Dice().new_state(5)
    assert "se juega con 2 a 3 jugadores" in caught.value.text("es")


def test_ids_and_text_are_checked_in_the_core():
    game = Dice()
    assert [game.action_id(a) for a in game.all_actions] == [0, 1]
    assert game.action_from_id(1) == Roll(True)
    for bad in (-1, 2, True, "1", 1.0):
        with pytest.raises(NotationError):
            game.action_from_id(bad)
    with pytest.raises(NotationError, match="written as text, not int 3"):
        game.parse_action(3)
    with pytest.raises(NotationError, match="not an action of this game"):
        game.action_id("roll")


def test_undo_by_rule_on_the_record():
    state = Dice().new_state(2, seed=3)
    state.apply("keep")  # seat 0: draws nothing
    assert state.undo_check(0).steps == 1
    state.apply("roll", 1)  # seat 1: a person, or a bot that rolls the die
    assert state.undo_check(0).reason == "human"
    assert "Jugador 1 ha jugado" in state.undo_check(0).why("es")
    assert state.undo_check(1).reason == "draw"
    with pytest.raises(IllegalAction, match="cannot undo: “roll” drew at random"):
        state.undone(1)
    assert state.undo_check(0, humans={0}).reason == "draw", "the bot's roll cannot be rolled again"
    state = Dice().new_state(2, seed=3)
    state.apply("keep")
    state.apply("keep", 1)  # a bot's move that draws nothing
    assert state.undo_check(0).reason == "human"
    against_bot = state.undo_check(0, humans={0})
    assert against_bot.steps == 2, "against a bot, undo goes back to the seat's previous decision"
    back = state.undone(0, humans={0})
    assert back.history == [] and back.to_json() == Dice().new_state(2, seed=3).to_json()
    assert Dice().new_state(2, seed=3).undo_check(0).reason == "nothing"
