"""Undo by rule, on the record: which of the last actions a seat may take back, and why not.

A seat may take back its own latest action, together with the bots' actions that followed it
(so against bots it returns to its previous decision, and repeated undos go further back), unless
one of the actions to take back drew from the random generator, revealed hidden information (the
game's `_reveals` hook says which of its actions do), or was a move of another person. Taking
back is a replay of the record without those actions, exact because the seed fixes every draw;
so undo can never show a seat a card it had not seen, or let it draw again.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .messages import CORE, Message

if TYPE_CHECKING:
    from .state import State

# The refusals, by code: the messages `undo.<code>` of the core's catalogue.
REASONS = ("nothing", "human", "draw", "reveal")


@dataclass(frozen=True)
class Undo:
    """The answer to "may `seat` undo now?": how many of the last actions would go, or why not."""

    steps: int  # the number of actions undo takes back (0: undo is refused)
    reason: str | None = None  # the code of the refusal (one of REASONS)
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def allowed(self) -> bool:
        return self.steps > 0

    def why(self, lang: str = "en") -> str:
        """The refusal as a sentence in `lang` ("" when undo is allowed)."""
        return "" if self.message is None else self.message.text(lang)

    @property
    def message(self) -> Message | None:
        """The refusal as a catalogue message (None when undo is allowed)."""
        return None if self.reason is None else CORE.message(f"undo.{self.reason}", **self.args)


def check(state: State[Any], seat: int, humans: Collection[int] | None = None) -> Undo:
    """Whether `seat` may take back its latest action now; `humans`: the seats people play
    (None: every seat, the strictest reading)."""
    history = state.history
    mine = [i for i, (player, _) in enumerate(history) if player == seat]
    if not mine:
        return Undo(0, "nothing")
    start = mine[-1]
    for player, _ in history[start + 1:]:
        if player != seat and (humans is None or player in humans):
            return Undo(0, "human", {"who": CORE.message("seat", seat=player)})
    game = state.game
    record = game.record(state)
    before = game.replay(record, upto=start)
    for player, text in history[start:]:
        after = before.clone()
        after.apply(text, player)
        if after._rng.getstate() != before._rng.getstate():
            return Undo(0, "draw", {"text": text})
        if game._reveals(before, game.parse_action(text, before), player, after):
            return Undo(0, "reveal", {"text": text})
        before = after
    return Undo(len(history) - start)


def undone(state: State[Any], seat: int, humans: Collection[int] | None = None) -> State[Any]:
    """The state with `seat`'s latest action (and the bots' after it) taken back, as a new state;
    `IllegalAction` saying why in both languages if the rule forbids it."""
    answer = check(state, seat, humans)
    if not answer.allowed:
        raise IllegalAction(state.game.in_game(CORE.message("undo.refused", why=answer.message)))
    return state.game.replay(state.game.record(state), upto=len(state.history) - answer.steps)
