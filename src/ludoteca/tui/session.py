"""One game at the terminal: who sits where, the bots' moves, undo and save — without any I/O.

The interactive loop (`app.py`) only reads lines and draws; every decision about the game lives
here, so it can be tested directly and stays the same whatever draws it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.bots import BOTS, LEVELS, Bot, make_bot
from ludoteca.core import Action, Game, LudotecaError, OptionError, State
from ludoteca.core.sentences import LogLine

from .text import message, say

HUMAN = "human"
# How many re-sampled worlds must agree on a score before it is shown.
REVEAL_SAMPLES = 3


@dataclass
class Seat:
    """One seat: a person at this keyboard (`bot` is None) or a bot."""

    kind: str
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True)
class Note:
    """What the session remembers about one action of the history."""

    alone: bool  # its author was the only one to move: a next action of theirs continues the turn


class UndoRefused(LudotecaError):
    """Undo is not allowed now; the message says why (in the player's language)."""


@dataclass
class Session:
    """A game in progress with its seats; `state` is replaced (never patched) by undo."""

    game: Game
    state: State
    seats: list[Seat]
    lang: str = "en"
    # Parallel to state.history.
    notes: list[Note] = field(default_factory=list)
    # Actions replayed from a saved game that do not say which seats were people (a record
    # written before the record kept it): never taken back, since the undo rule needs to know.
    saved: int = 0
    # Seats that were people when a resumed game was saved: their moves count as people's moves
    # for the undo rule, as the seats that are people now do.
    were_human: tuple[int, ...] = ()
    # The move log in words, per viewer, for the history length it was computed at.
    _words: dict[int | None, tuple[object, list[LogLine]]] = field(default_factory=dict, repr=False)

    @classmethod
    def start(
        cls,
        game_id: str,
        players: list[str],
        seed: int | None = None,
        options: list[str] | None = None,
        level: str = "normal",
        lang: str = "en",
    ) -> Session:
        """Check the players and options, then deal a new game. Raises `OptionError` if invalid."""
        game = ludoteca.load(game_id)
        kinds = _players(game, players, level)
        parsed = game.parse_options(list(options or []))
        state = game.new_state(len(kinds), seed=seed, **parsed)
        return cls(game, state, _seats(kinds, level), lang)

    @classmethod
    def resume(cls, record: Any, players: list[str] | None = None, level: str = "normal",
               lang: str = "en") -> Session:
        """A saved game (`Session.save`), replayed to where it stopped, to play on from there.

        `players` default to a person in seat 0 and `random` bots in the others. The record says
        which seats were people (`humans`), so the moves made before the save can be undone by
        the same rule as the others; a record without it (an older one, or `game.record`) keeps
        them.
        """
        for key in ("game", "num_players", "seed", "actions"):
            if not isinstance(record, dict) or key not in record:
                raise OptionError(message("bad_record", field=key))
        game = ludoteca.load(record["game"])
        count = record["num_players"]
        were_human = _were_human(record, count)
        kinds = _players(game, players or [HUMAN] + ["random"] * (count - 1), level)
        if len(kinds) != count:
            raise OptionError(message("resume_players", count=count, given=len(kinds)))
        state = game.replay(record)
        notes = _notes(game, record)
        saved = len(state.history) if were_human is None else 0
        return cls(game, state, _seats(kinds, level), lang, notes, saved=saved, were_human=were_human or ())

    # ---- whose turn ---------------------------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [seat for seat, s in enumerate(self.seats) if s.is_human]

    @property
    def people(self) -> list[int]:
        """The seats whose moves are people's moves for the undo rule: the people now, and those
        that were people when a resumed game was saved."""
        return sorted(set(self.humans) | set(self.were_human))

    def bot_to_move(self) -> int | None:
        """A bot seat that owes an action now, if any.

        In simultaneous rounds bots submit before the people, so a bot never decides while a
        person's secret move is already sitting in the state.
        """
        return next((seat for seat in self.state.to_move if not self.seats[seat].is_human), None)

    def human_to_move(self, preferred: int | None = None) -> int | None:
        """The person to prompt next: `preferred` while it still owes an action (multi-step turns
        and consecutive rounds stay on one screen), else the first person who owes one."""
        to_move = self.state.to_move
        if preferred in to_move and self.seats[preferred].is_human:
            return preferred
        return next((seat for seat in to_move if self.seats[seat].is_human), None)

    def step_in_turn(self, seat: int) -> int:
        """1 for the first action of a turn, 2 for the next one of a multi-step turn, ...

        A turn continues while `seat` alone is to move and every action since its start was taken
        with `seat` alone to move (so a new simultaneous round is a new turn, not a step).
        """
        if self.state.to_move != (seat,):
            return 1
        step = 1
        for (player, _), note in zip(reversed(self.state.history), reversed(self.notes), strict=True):
            if player != seat or not note.alone:
                break
            step += 1
        return step

    # ---- acting -------------------------------------------------------------------------------

    def play_bot(self, seat: int) -> str:
        """Let the bot at `seat` act; returns the action's text.

        The bot's generator is re-seeded from the game's seed and the move number before each
        decision, so its choice depends only on the position: a resumed game plays on exactly as
        the uninterrupted one would have.
        """
        bot = self.seats[seat].bot
        if bot is None:
            raise OptionError(message("not_a_bot", seat=seat))
        bot.rng.seed(f"{self.state.seed}:{seat}:{len(self.state.history)}")
        action = bot.choose(self.state, seat)
        self._apply(action, seat)
        return str(action)

    def play(self, text_or_action: str | Action, seat: int) -> str:
        """Apply a person's action. Raises NotationError / IllegalAction with the state untouched."""
        action = text_or_action
        if isinstance(action, str):
            action = self.game.parse_action(action, self.state)
        self._apply(action, seat)
        return str(action)

    def _apply(self, action: Action, seat: int) -> None:
        alone = self.state.to_move == (seat,)
        self.state.apply(action, seat)
        self.notes.append(Note(alone=alone))

    # ---- what a seat may see ------------------------------------------------------------------

    def visible_scores(self, seat: int | None) -> list[float | None]:
        """The scores `seat` may see; None for a score that depends on something hidden from it.

        A game's view may carry the scores (then they are the game's word); otherwise a score is
        shown only if it comes out the same in worlds re-sampled from what `seat` knows, so
        secret scoring (a hidden objective, say) is never given away mid-game.
        """
        state = self.state
        real: list[float | None] = list(state.scores())
        if state.is_over or not self.game.info.hidden_information:
            return real
        if seat is None:
            return [None] * len(real)
        shown = state.view(seat).get("scores")
        if isinstance(shown, list) and len(shown) == len(real):
            return shown
        try:
            samples = [
                state.determinize(seat, random.Random(sample_seed)).scores()
                for sample_seed in range(REVEAL_SAMPLES)
            ]
        except Exception:  # a failing probe hides the scores rather than end the game
            return [None] * len(real)
        return [score if all(s[p] == score for s in samples) else None for p, score in enumerate(real)]

    # ---- undo and save ------------------------------------------------------------------------

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now (in the player's language), or None if it may.

        The core's rule decides (`state.undo_check`): against bots a person goes back to their
        previous decision, never across another person's move, a draw or a reveal.
        """
        answer = self.state.undo_check(seat, self.people)
        if not answer.allowed:
            return say(self.lang, "undo_refused", why=answer.why(self.lang))
        if len(self.state.history) - answer.steps < self.saved:
            return say(self.lang, "undo_saved")
        return None

    def undo(self, seat: int) -> list[str]:
        """Take back `seat`'s latest action and the bots' actions after it, by replaying the record
        without them; returns their texts, oldest first. Raises `UndoRefused` saying why not."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise UndoRefused(refusal)
        steps = self.state.undo_check(seat, self.people).steps
        texts = [text for _, text in self.state.history[-steps:]]
        self.state = self.state.undone(seat, self.people)
        del self.notes[-steps:]
        return texts

    def record(self) -> dict:
        """The game's replayable record, and which seats are people (for undo after a resume)."""
        return {**self.game.record(self.state), "humans": self.people}

    def save(self, path: str | Path) -> int:
        """Write the replayable record as JSON; returns the number of actions saved."""
        record = self.record()
        text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
        Path(path).expanduser().write_text(text, encoding="utf-8")
        return len(record["actions"])

    def words(self, viewer: int | None) -> list[LogLine]:
        """The move log in sentences as `viewer` may read it (`state.log_lines`: each with its
        notation where `viewer` may see it), kept until the history changes."""
        key = (len(self.state.history), tuple(self.state.visible_history(viewer)))
        cached = self._words.get(viewer)
        if cached is None or cached[0] != key:
            cached = (key, self.state.log_lines(self.lang, viewer))
            self._words[viewer] = cached
        return cached[1]

    # ---- components -----------------------------------------------------------------------------

    def component(self, name: str) -> str | list[str]:
        """The description of the component called `name` (its id, or the start of a unique id);
        otherwise the names that `name` may mean (every name when `name` is empty)."""
        texts = self.state.components(self.lang)
        key = name.strip().lower()
        if key in texts:
            return texts[key]
        matches = sorted(k for k in texts if key and k.startswith(key))
        if len(matches) == 1:
            return texts[matches[0]]
        return matches or sorted(texts)

    # ---- naming -------------------------------------------------------------------------------

    def who(self, seat: int, viewer: int | None = None) -> str:
        """'you', 'human' or 'random bot' — how `viewer` should read the name of `seat`."""
        if seat == viewer:
            return say(self.lang, "you")
        kind = self.seats[seat]
        return say(self.lang, "human") if kind.is_human else say(self.lang, "bot", name=kind.kind)

    def name(self, seat: int) -> str:
        return say(self.lang, "player", seat=seat)


def _were_human(record: dict, count: int) -> tuple[int, ...] | None:
    """The seats a saved game says were people, checked; None if the record does not say."""
    if "humans" not in record:
        return None
    humans = record["humans"]
    if not isinstance(humans, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < count for seat in humans):
        raise OptionError(message("bad_record_humans", count=count - 1))
    return tuple(sorted(set(humans)))


def _notes(game: Game, record: dict) -> list[Note]:
    """What the session would have noted of each saved action (who was alone to move)."""
    state = game.replay(record, upto=0)
    notes = []
    for player, text in record["actions"]:
        notes.append(Note(alone=state.to_move == (player,)))
        state.apply(text, player)
    return notes


def _seats(kinds: list[str], level: str) -> list[Seat]:
    return [Seat(kind) if kind == HUMAN else Seat(kind, make_bot(kind, level)) for kind in kinds]


def _players(game: Game, players: list[str], level: str) -> list[str]:
    """The seats' kinds, checked: people and known bots, a valid level, a valid player count."""
    kinds = [name.strip().lower() for name in players if name.strip()]
    if not kinds:
        raise OptionError(message("no_players"))
    for kind in kinds:
        if kind != HUMAN and kind not in BOTS:
            raise OptionError(message("bad_player", name=kind, bots=", ".join(BOTS)))
    if level not in LEVELS:
        raise OptionError(message("bad_level", levels=", ".join(LEVELS), level=level))
    info = game.info
    if len(kinds) not in info.player_counts:
        counts = (
            str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}"
        )
        raise OptionError(message("player_count", game=info.names, counts=counts, count=len(kinds)))
    return kinds
