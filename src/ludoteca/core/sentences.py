"""The move log in words, kept beside a state so that it is not replayed for every view.

`State.history_in_words` describes each move in the position before it, which only a replay of
the record recreates. A surface asks for the log on every view and payload (each seat, each
language), so the sentences are made once per move and kept: when actions are appended, only the
new ones are replayed; when the history no longer starts with the moves already described (an
undo, or a clone that went another way), the log is made again from the start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .messages import languages

if TYPE_CHECKING:
    from .state import State

# The ways a move can read: (you, secret). The mover reads "you"; another reader reads it plain,
# or as made in secret while the move is hidden from them.
_READINGS = ((True, False), (False, False), (False, True))


class LogLine(NamedTuple):
    """One move of the log as a reader may read it (`State.log_lines`)."""

    player: int
    text: str  # the sentence, in the reader's language and from the reader's seat
    round: int  # the round the move was made in, from 1 (or the game's own count)
    notation: str | None  # the move's notation, None while it is secret to the reader


class Sentences:
    """The sentences of every move of one history, by language and reading."""

    __slots__ = ("described", "replay", "lines", "rounds")

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        self.described: list[tuple[int, str]] = []  # the moves already described, in order
        self.replay: State[Any] | None = None  # the position after them
        self.lines: list[dict[tuple[str, bool, bool], str]] = []  # per move: (lang, you, secret) -> text
        self.rounds: list[int] = []  # per move: the round it was made in (`Game._round_of`)

    def upto(self, state: State[Any]) -> list[dict[tuple[str, bool, bool], str]]:
        """The sentences of every move of `state.history`, describing only the moves not seen yet."""
        history = state.history
        done = len(self.described)
        if len(history) < done or history[:done] != self.described:
            self._start()  # taken back, or a clone that went another way
            done = 0
        game = state.game
        for player, text in history[done:]:
            if self.replay is None:
                self.replay = game.new_state(state.num_players, state.seed, **state.options)
            before = self.replay
            action = game.parse_action(text, before)
            said = {(lang, you, secret): game._describe(before, action, player, lang, you, secret)
                    for lang in languages() for you, secret in _READINGS}
            self.rounds.append(self._round(game, before, player))
            before.apply(action, player)
            self.lines.append(said)
            self.described.append((player, text))
        return self.lines

    def _round(self, game: Any, before: State[Any], player: int) -> int:
        """The round of the next move by `player` from `before`: the game's own, or else counted
        from the turns (a new one each time the opening seat begins a turn again)."""
        own = game._round_of(before)
        if own is not None:
            return int(own)
        if not self.described:
            return 1
        opener = self.described[0][0]
        starts_turn = player == opener and self.described[-1][0] != player
        return self.rounds[-1] + starts_turn
