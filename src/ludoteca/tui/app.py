"""The interactive loop: bots move, people are prompted, and every line typed is answered.

Bad input of any kind (malformed notation, an illegal move, an unknown command, a number out of
range, an unwritable file) gets a message and a new prompt; the game state is never touched by it.
"""

from __future__ import annotations

import re
import time
from enum import Enum

from rich.console import Console
from rich.text import Text

from ludoteca.core import IllegalAction, LudotecaError, NotationError

from . import screen
from .session import Session
from .text import COMMANDS, say

NUMBER = re.compile(r"[+-]?\d+")


class Outcome(Enum):
    STAY = "stay"  # answered; prompt the same seat again without redrawing
    CHANGED = "changed"  # the state changed (an action or an undo): look again at whose turn it is
    QUIT = "quit"


class TerminalGame:
    """Drives one `Session` on a Rich console until the game ends or a player quits."""

    def __init__(self, session: Session, console: Console | None = None, delay: float = 0.0):
        self.session = session
        self.console = console or Console(highlight=False)
        self.hot_seat = len(session.humans) > 1
        # The person whose private view is on the screen now (None: nobody's yet).
        self.on_screen: int | None = None
        self.delay = delay  # seconds to pause after each move of a game among bots only

    @property
    def lang(self) -> str:
        return self.session.lang

    def run(self) -> int:
        """Play to the end; the exit status (0 also when a player quits).

        Leaving early (quit, Ctrl-C, Ctrl-D) offers to save the game, so it can be resumed.
        """
        try:
            while not self.session.state.is_over:
                bot = self.session.bot_to_move()
                if bot is not None:
                    self._bot_turn(bot)
                    continue
                seat = self.session.human_to_move(self.on_screen)
                if seat is None or self._turn(seat) is Outcome.QUIT:
                    self._leave()
                    return 0
            self._end()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            self._leave()
        return 0

    def _bot_turn(self, seat: int) -> None:
        """A bot moves, with a spinner while it thinks; its move is said, or shown when only
        bots play (paced by `delay`)."""
        session = self.session
        who = session.who(seat, self.on_screen)
        with self.console.status(say(self.lang, "thinking", player=session.name(seat), who=who)):
            action = session.play_bot(seat)
        if session.humans:
            self._say_plain(say(self.lang, "bot_moved", player=session.name(seat), who=who, action=action),
                            "dim")
            return
        self.console.rule()
        screen.table_view(self.console, session, None)
        if self.delay > 0:
            time.sleep(self.delay)

    def _leave(self) -> None:
        """Offer to save an unfinished game, then say goodbye (Ctrl-C or Ctrl-D: leave at once)."""
        if self.session.state.history and not self.session.state.is_over:
            try:
                path = self.console.input(say(self.lang, "offer_save")).strip()
            except (EOFError, KeyboardInterrupt):
                path = ""
                self.console.print()
            if path:
                self._save(path)
        self._say("bye")

    # ---- one person's turn --------------------------------------------------------------------

    def _turn(self, seat: int) -> Outcome:
        if self.hot_seat and seat != self.on_screen:
            outcome = self._pass_keyboard(seat)
            if outcome is not None:
                return outcome
        self.on_screen = seat
        self._draw(seat)
        while True:
            line = self.console.input(Text(say(self.lang, "prompt", player=self.session.name(seat)), "bold"))
            outcome = self._answer(line, seat)
            if outcome is not Outcome.STAY:
                return outcome

    def _draw(self, seat: int) -> None:
        if self.hot_seat:
            self._clear_all()
        else:
            self.console.rule()
        screen.table_view(self.console, self.session, seat)
        screen.actions_view(self.console, self.session, seat)
        screen.turn_header(self.console, self.session, seat)

    def _pass_keyboard(self, seat: int) -> Outcome | None:
        """Hide the last person's view and wait for the next one; that person may still undo."""
        previous = self.on_screen
        if previous is not None and self.session.undo_refusal(previous) is not None:
            previous = None
        self._clear_all()
        screen.pass_screen(self.console, self.session, seat, previous)
        answer = self.console.input("").strip().lower()
        command = COMMANDS.get(answer.split()[0]) if answer else None
        if command == "quit":
            return Outcome.QUIT
        if command == "undo" and previous is not None:
            self._say_plain(say(self.lang, "undone", action=self.session.undo(previous)), "yellow")
            return Outcome.CHANGED
        return None

    def _answer(self, line: str, seat: int) -> Outcome:
        text = line.strip()
        if not text:
            return Outcome.STAY
        word, _, rest = text.partition(" ")
        rest = rest.strip()
        command = COMMANDS.get(word.lower())
        if command is not None:
            return self._command(command, rest, seat)
        if NUMBER.fullmatch(text):
            return self._numbered(int(text), seat)
        try:
            self.session.play(text, seat)
        except LudotecaError as error:
            self._error(self._explain(error))
            if " " not in text:
                self._say_plain(say(self.lang, "unknown_command", word=text), "yellow")
            return Outcome.STAY
        return Outcome.CHANGED

    def _explain(self, error: LudotecaError) -> str:
        """The engine's message, in the player's language, inside a sentence of ours."""
        message = error.text(self.lang)
        if isinstance(error, NotationError):
            return say(self.lang, "bad_notation", message=message)
        if isinstance(error, IllegalAction):
            return say(self.lang, "illegal", message=message)
        return message

    def _numbered(self, number: int, seat: int) -> Outcome:
        actions = self.session.state.legal_actions(seat)
        if not 1 <= number <= len(actions):
            self._error(say(self.lang, "bad_number", number=number, count=len(actions)))
            return Outcome.STAY
        self.session.play(actions[number - 1], seat)
        return Outcome.CHANGED

    def _command(self, command: str, rest: str, seat: int) -> Outcome:
        if command == "help":
            screen.help_view(self.console, self.session, seat)
        elif command == "rules":
            screen.rules_view(self.console, self.session)
        elif command == "show":
            self._show(rest)
        elif command == "list":
            screen.actions_view(self.console, self.session, seat, contains=rest or None, limit=None)
        elif command == "undo":
            refusal = self.session.undo_refusal(seat)
            if refusal is not None:
                self._error(refusal)
                return Outcome.STAY
            self._say_plain(say(self.lang, "undone", action=self.session.undo(seat)), "yellow")
            return Outcome.CHANGED
        elif command == "save":
            self._save(rest)
        elif command == "quit":
            return Outcome.QUIT
        return Outcome.STAY

    def _show(self, name: str) -> None:
        """A component's description; with no name (or an unknown one), the names there are."""
        found = self.session.component(name)
        if isinstance(found, str):
            screen.component_view(self.console, found)
            return
        names = ", ".join(found[:40]) + (" …" if len(found) > 40 else "")
        if not found:
            self._error(say(self.lang, "show_none"))
        elif name:
            self._error(say(self.lang, "show_unknown", name=name, names=names))
        else:
            self._say_plain(say(self.lang, "show_usage", names=names), "yellow")

    def _save(self, path: str) -> None:
        if not path:
            self._error(say(self.lang, "save_usage"))
            return
        try:
            count = self.session.save(path)
        except OSError as error:
            self._error(say(self.lang, "save_failed", path=path, message=error.strerror or error))
            return
        self._say_plain(say(self.lang, "saved", count=count, path=path), "green")

    # ---- the end ------------------------------------------------------------------------------

    def _clear_all(self) -> None:
        """Clear the screen and the terminal's scrollback, so that the next person cannot scroll
        back to the previous one's hand (ESC [3J erases the saved lines in xterm-like terminals)."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()

    def _end(self) -> None:
        if self.hot_seat:
            self._clear_all()
        screen.end_view(self.console, self.session)
        while True:
            answer = self.console.input(say(self.lang, "end_prompt")).strip()
            word, _, rest = answer.partition(" ")
            command = COMMANDS.get(word.lower()) if answer else "quit"
            if command == "save":
                self._save(rest.strip())
            elif command == "quit":
                self._say("bye")
                return
            else:
                self._error(say(self.lang, "unknown_command", word=answer))

    # ---- messages -----------------------------------------------------------------------------

    def _say(self, key: str) -> None:
        self._say_plain(say(self.lang, key))

    def _say_plain(self, text: str, style: str = "") -> None:
        screen.message(self.console, text, style)

    def _error(self, text: str) -> None:
        screen.message(self.console, say(self.lang, "error", message=text), "red")


def run(session: Session, console: Console | None = None, delay: float = 0.0) -> int:
    """Play `session` at this terminal; returns the exit status."""
    return TerminalGame(session, console, delay).run()
