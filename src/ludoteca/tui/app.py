"""The interactive loop: bots move, people are prompted, and every line typed is answered.

Bad input of any kind (malformed notation, an illegal move, an unknown command, a number out of
range, an unwritable file) gets a message and a new prompt; the game state is never touched by it.

In a terminal the game is full-screen (`full`): the alternate screen, one frame redrawn in place
after every line typed (`layout.build`), messages inside the frame, and help, rules, components,
the whole action list and the whole table (`board`) as pages in the board's place (Enter: the
next page, b: the one before, q: back to the frame). Without a terminal (a pipe, a test) it
prints the table and the messages one after another, as a log.
"""

from __future__ import annotations

import re
import time
from enum import Enum

from rich.console import Console, RenderableType
from rich.text import Text

from ludoteca.core import IllegalAction, LudotecaError, NotationError

from . import layout, screen
from .session import Session
from .text import COMMANDS, say

NUMBER = re.compile(r"[+-]?\d+")


class Outcome(Enum):
    STAY = "stay"  # answered; prompt the same seat again without redrawing
    CHANGED = "changed"  # the state changed (an action or an undo): look again at whose turn it is
    QUIT = "quit"


class TerminalGame:
    """Drives one `Session` on a Rich console until the game ends or a player quits."""

    def __init__(self, session: Session, console: Console | None = None, delay: float = 0.0,
                 full: bool | None = None):
        self.session = session
        self.console = console or Console(highlight=False)
        self.hot_seat = len(session.humans) > 1
        # The person whose private view is on the screen now (None: nobody's yet).
        self.on_screen: int | None = None
        self.delay = delay  # seconds to pause after each move of a game among bots only
        self.full = self.console.is_terminal and not self.console.is_dumb_terminal if full is None else full
        self.alternate = False  # the full screen is on the terminal's alternate screen
        self.messages: list[Text] = []  # shown in the next frame, then forgotten
        self.page: list[Text] | None = None  # a page shown in the board's place (help, list, ...)
        self.page_start = 0

    @property
    def lang(self) -> str:
        return self.session.lang

    def run(self) -> int:
        """Play to the end; the exit status (0 also when a player quits).

        Leaving early (quit, Ctrl-C, Ctrl-D) offers to save the game, so it can be resumed.
        """
        if self.full:
            self.alternate = self.console.set_alt_screen(True)
        try:
            return self._play()
        finally:
            self._farewell()

    def _play(self) -> int:
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
        if self.full:
            self._frame(self.on_screen, acting=False)
        with self.console.status(say(self.lang, "thinking", player=session.name(seat), who=who)):
            session.play_bot(seat)
        if session.humans:
            sentence = session.words(self.on_screen)[-1][1]
            self._say_plain(say(self.lang, "bot_moved", who=who, action=sentence), "dim")
            return
        if self.full:
            self._frame(None, acting=False)
        else:
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
            if path and COMMANDS.get(path.lower()) != "quit":  # "quit" again means: leave
                self._save(path)

    def _farewell(self) -> None:
        """Back on the ordinary screen: the final table stays there once the game is over, and
        what was said last (a save, say) is printed below it."""
        if self.alternate:
            self.console.set_alt_screen(False)
            self.alternate = False
            if self.session.state.is_over:
                screen.end_view(self.console, self.session)
        self.full = False
        for message in self.messages:
            self.console.print(message)
        self.messages = []
        self._say("bye")

    # ---- one person's turn --------------------------------------------------------------------

    def _turn(self, seat: int) -> Outcome:
        if self.hot_seat and seat != self.on_screen:
            outcome = self._pass_keyboard(seat)
            if outcome is not None:
                return outcome
        self.on_screen = seat
        if not self.full:
            self._draw(seat)
        while True:
            if self.full:
                self._frame(seat)
            line = self.console.input(Text(say(self.lang, "prompt", player=self.session.name(seat)), "bold"))
            if self.full and self.page is not None:
                if self._turn_page(line):
                    continue
                self.page = None
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

    # ---- the full screen ----------------------------------------------------------------------

    def _frame(self, seat: int | None, acting: bool = True) -> None:
        """Redraw the whole screen in place for `seat`, with the pending messages."""
        width, height = self.console.size
        if acting and seat is not None:
            step = self.session.step_in_turn(seat)
            if step > 1:
                self.messages.append(Text(say(self.lang, "step", step=step), "bold green"))
        page = self._page_view(width, height) if self.page is not None else None
        lines = layout.build(self.session, seat, width, max(4, height - 2), self.messages, page, acting)
        self.messages = []
        self.console.file.write("\x1b[H")
        for line in lines:
            self.console.print(line, end="", no_wrap=True, overflow="crop", crop=True)
            self.console.file.write("\x1b[K\n")
        self.console.file.write("\x1b[J")
        self.console.file.flush()

    def _page_view(self, width: int, height: int) -> list[Text]:
        assert self.page is not None
        room = max(1, height - 3)
        shown = self.page[self.page_start:self.page_start + room]
        pages = (len(self.page) + room - 1) // room
        number = self.page_start // room + 1
        footer = (say(self.lang, "page", page=number, pages=pages) if number < pages
                  else say(self.lang, "page_end"))
        return [*shown, Text(footer, "dim")]

    def _turn_page(self, line: str) -> bool:
        """Enter (the next page, then the table), the back key (the page before) or the leave key
        (the table at once) while a page is shown; False for anything else, which closes the page
        and is answered as usual."""
        key = line.strip().lower()
        room = max(1, self.console.size[1] - 3)
        if not key:
            self.page_start += room
        elif key == say(self.lang, "page_back"):
            self.page_start = max(0, self.page_start - room)
        elif key == say(self.lang, "page_leave"):
            self.page = None
        else:
            return False
        if self.page is not None and self.page_start >= len(self.page):
            self.page = None
        return True

    def _show_page(self, renderable: RenderableType) -> None:
        """A page in the board's place (full screen), or printed (plain)."""
        if not self.full:
            self.console.print(renderable)
            return
        self.page = layout.page_lines(self.console, renderable, self.console.size[0])
        self.page_start = 0

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
            self._undo(previous)
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
            self._show_page(screen.help_panel(self.session, seat))
        elif command == "rules":
            self._show_page(screen.rules_panel(self.session))
        elif command == "show":
            self._show(rest)
        elif command == "list":
            self._list(rest, seat)
        elif command == "board":
            self._board(seat)
        elif command == "preview":
            self._preview(rest, seat)
        elif command == "undo":
            refusal = self.session.undo_refusal(seat)
            if refusal is not None:
                self._error(refusal)
                return Outcome.STAY
            self._undo(seat)
            return Outcome.CHANGED
        elif command == "save":
            self._save(rest)
        elif command == "quit":
            return Outcome.QUIT
        return Outcome.STAY

    def _undo(self, seat: int) -> None:
        texts = self.session.undo(seat)
        self._say_plain(say(self.lang, "undone", action=", ".join(texts)), "yellow")

    def _list(self, contains: str, seat: int) -> None:
        if not self.full:
            screen.actions_view(self.console, self.session, seat, contains=contains or None, limit=None)
            return
        table = screen.actions_table(self.session, seat, contains or None)
        if table is None:
            self._error(say(self.lang, "no_match", text=contains))
        else:
            self._show_page(table)

    def _board(self, seat: int) -> None:
        """The whole table for `seat` (the frame may show other seats summarised): pages in the
        board's place on the full screen, left with Enter or q; printed whole otherwise."""
        lines = layout.whole_table(self.session, seat, self.console.size[0])
        if self.full:
            self.page, self.page_start = lines, 0
            return
        for line in lines:
            self.console.print(line, no_wrap=True, overflow="crop", crop=True)

    def _preview(self, rest: str, seat: int) -> None:
        """Action number N (or written out) drawn on the table, without playing it."""
        actions = self.session.state.legal_actions(seat)
        text = rest.strip()
        if NUMBER.fullmatch(text) and 1 <= int(text) <= len(actions):
            number, action = int(text), actions[int(text) - 1]
        elif text and (matching := [i for i, a in enumerate(actions, 1) if str(a) == text]):
            number, action = matching[0], actions[matching[0] - 1]
        else:
            self._error(say(self.lang, "preview_usage"))
            return
        drawn = layout.preview(self.session, seat, action)
        if isinstance(drawn, str):
            self._error(drawn)
            return
        title = Text(say(self.lang, "preview_title", action=str(action), number=number), "bold")
        if self.full:
            self.page, self.page_start = [title, *drawn], 0
        else:
            self.console.print(title)
            for line in drawn:
                self.console.print(line)

    def _show(self, name: str) -> None:
        """A component's description; with no name (or an unknown one), the names there are."""
        found = self.session.component(name)
        if isinstance(found, str):
            self._show_page(screen.component_panel(found))
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
        """The final table and the last question; on the full screen it is printed as a log."""
        if self.hot_seat or self.full:
            self._clear_all()
        self.full = False
        for message in self.messages:
            self.console.print(message)
        self.messages = []
        screen.end_view(self.console, self.session)
        while True:
            answer = self.console.input(say(self.lang, "end_prompt")).strip()
            word, _, rest = answer.partition(" ")
            command = COMMANDS.get(word.lower()) if answer else "quit"
            if command == "save":
                self._save(rest.strip())
            elif command == "quit":
                return
            else:
                self._error(say(self.lang, "unknown_command", word=answer))

    # ---- messages -----------------------------------------------------------------------------

    def _say(self, key: str) -> None:
        self._say_plain(say(self.lang, key))

    def _say_plain(self, text: str, style: str = "") -> None:
        if self.full:
            self.messages.append(Text(text, style))
        else:
            screen.message(self.console, text, style)

    def _error(self, text: str) -> None:
        self._say_plain(say(self.lang, "error", message=text), "red")


def run(session: Session, console: Console | None = None, delay: float = 0.0, plain: bool = False) -> int:
    """Play `session` at this terminal (full-screen unless `plain` or not a terminal); returns the
    exit status."""
    return TerminalGame(session, console, delay, full=False if plain else None).run()
