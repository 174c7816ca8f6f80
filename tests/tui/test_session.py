"""Terminal play without a terminal: seats, validation, undo, save, and a full game of every game."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from rich.console import Console

import ludoteca
from ludoteca.core import OptionError
from ludoteca.tui import Session, TerminalGame, UndoRefused

CSO = "city-square-off"


class ScriptedConsole(Console):
    """A Rich console whose `input` answers from `answer(prompt)`, recording all output."""

    def __init__(self, answer: Callable[[str], str]):
        super().__init__(file=io.StringIO(), width=120, color_system=None, highlight=False)
        self.answer = answer
        self.prompts = 0

    def input(self, prompt="", **_) -> str:
        self.print(prompt, end="")
        self.prompts += 1
        if self.prompts > 5000:
            raise AssertionError("the game keeps prompting")
        line = self.answer(str(prompt))
        self.print(line)
        return line

    @property
    def output(self) -> str:
        return self.file.getvalue()


@pytest.mark.parametrize(
    "players, options, needle",
    [
        (["human", "nobody"], [], "unknown player 'nobody'"),
        (["human"], [], "played by 2 players, not 1"),
        (["human", "random", "random", "random", "random", "random", "random"], [], "not 7"),
        ([], [], "--players"),
        (["human", "random"], ["colour=red"], "unknown option 'colour'"),
        (["human", "random"], ["variant=chess"], "cannot be 'chess'"),
    ],
)
def test_bad_players_and_options_are_refused_clearly(players, options, needle):
    with pytest.raises(OptionError, match=needle):
        Session.start(CSO, players, seed=1, options=options)


def test_a_bad_bot_level_is_refused_even_without_bots():
    with pytest.raises(OptionError, match="not 'extreme'"):
        Session.start(CSO, ["human", "human"], level="extreme")


def test_messages_follow_the_language():
    with pytest.raises(OptionError) as refused:
        Session.start(CSO, ["human", "nadie"], lang="es")
    assert refused.value.text("es").startswith("jugador desconocido 'nadie'")


def _starter_first_session(players=("human", "human")) -> Session:
    return Session.start(CSO, list(players), seed=5, options=["first_chooser=0"])


def test_undo_takes_back_only_your_own_action_that_revealed_nothing():
    session = _starter_first_session()
    start = session.state.to_json()
    text = session.play(session.state.legal_actions(0)[0], 0)
    assert session.undo_refusal(1) is not None  # seat 1 cannot take back seat 0's move
    with pytest.raises(UndoRefused):
        session.undo(1)
    assert session.undo(0) == [text]
    assert session.state.to_json() == start
    assert session.undo_refusal(0) == "cannot undo: you have made no move that could be taken back"


def test_against_a_bot_undo_goes_back_to_your_previous_decision():
    """Blue Lagoon draws nothing and hides nothing: the bot's reply goes with the person's move."""
    session = Session.start("blue-lagoon", ["human", "random"], seed=4)
    before = session.state.to_json()
    mine = session.play(session.state.legal_actions(0)[0], 0)
    reply = session.play_bot(session.bot_to_move())
    assert session.undo_refusal(0) is None
    assert session.undo(0) == [mine, reply]
    assert session.state.to_json() == before and session.notes == []


def test_undo_across_another_persons_move_is_refused_with_the_reason():
    session = Session.start("blue-lagoon", ["human", "human"], seed=4)
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)
    assert "Player 1 has moved since your move" in session.undo_refusal(0)
    spanish = Session.start("blue-lagoon", ["human", "human"], seed=4, lang="es")
    spanish.play(spanish.state.legal_actions(0)[0], 0)
    spanish.play(spanish.state.legal_actions(1)[0], 1)
    assert spanish.undo_refusal(0).startswith("no se puede deshacer: Jugador 1 ha jugado")


def test_an_action_that_reveals_a_card_cannot_be_undone():
    """Seat 1's starter completes the setup and turns over the first shape card."""
    session = _starter_first_session()
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)
    assert "revealed hidden information" in session.undo_refusal(1)


def test_a_secret_simultaneous_move_can_be_undone_until_the_round_resolves():
    session = _starter_first_session()
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)
    before = session.state.to_json()
    session.play(session.state.legal_actions(0)[0], 0)  # pending, the round is still open
    session.undo(0)
    assert session.state.to_json() == before
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)  # resolves the round: both placements show
    assert session.undo_refusal(1) is not None


def test_a_bots_move_that_reveals_a_card_is_never_undone():
    session = Session.start(CSO, ["human", "random"], seed=5, options=["first_chooser=0"])
    session.play(session.state.legal_actions(0)[0], 0)
    session.play_bot(session.bot_to_move())  # its starter completes the setup: the first card shows
    assert "revealed hidden information" in session.undo_refusal(0)


def test_save_writes_a_record_that_replays_to_the_same_position(tmp_path):
    session = Session.start(CSO, ["random", "random"], seed=9)
    for _ in range(6):
        session.play_bot(session.bot_to_move())
    path = tmp_path / "game.json"
    assert session.save(path) == 6
    record = json.loads(path.read_text(encoding="utf-8"))
    assert ludoteca.load(CSO).replay(record).to_json() == session.state.to_json()


def test_the_same_seed_gives_the_same_bot_game():
    def play(seed):
        session = Session.start(CSO, ["random", "random"], seed=seed)
        while not session.state.is_over:
            session.play_bot(session.bot_to_move())
        return session.state.history

    assert play(4) == play(4)


def test_bad_input_is_answered_and_never_changes_the_game():
    session = Session.start(CSO, ["human", "random"], seed=2, options=["first_chooser=0"])
    typed = ["zzz", "0", "999", "-3", "X5 r9 z1", "save", "undo", "list modern", "help", "rules", "quit"]
    # (nothing was played, so leaving asks no question about saving)
    answers = iter(typed)
    console = ScriptedConsole(lambda prompt: next(answers))
    start = session.state.to_json()
    assert TerminalGame(session, console).run() == 0
    assert session.state.to_json() == start
    out = console.output
    for needle in ("neither an action nor a command", "no action number 0", "no action number 999",
                   "no action number -3", "not an action (the game says", "write save FILE",
                   "no move that could be taken back", "start modern r0 d4", "take back your last decision",
                   "rules in brief", "Goodbye!"):
        assert needle in out
    assert "Traceback" not in out


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_a_person_can_play_a_whole_game_of_each_game_against_a_bot(game_id, tmp_path):
    info = ludoteca.load(game_id).info
    players = ["human"] + ["random"] * (info.min_players - 1)
    session = Session.start(game_id, players, seed=11)
    saved = tmp_path / "end.json"

    def answer(prompt: str) -> str:
        if "Press Enter to leave" in prompt:
            return "" if saved.exists() else f"save {saved}"
        return "1"

    console = ScriptedConsole(answer)
    TerminalGame(session, console).run()
    assert session.state.is_over
    out = console.output
    assert "Game over" in out
    assert "Winner: Player" in out or "Draw between" in out
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert ludoteca.load(game_id).replay(record).to_json() == session.state.to_json()
    # A multi-step turn (the person acts again, alone to move) is announced as such.
    history, notes = session.state.history, session.notes
    continued = any(
        history[k][0] == history[k + 1][0] == 0 and notes[k].alone and notes[k + 1].alone
        for k in range(len(history) - 1)
    )
    assert continued == ("step 2 of your turn" in out)


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_hot_seat_passes_the_keyboard_between_people(game_id):
    info = ludoteca.load(game_id).info
    session = Session.start(game_id, ["human"] * info.min_players, seed=3)
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        if "Save the game" in prompt:
            return ""
        return "quit" if len(prompts) > 12 else "" if not prompt else "1"

    console = ScriptedConsole(answer)
    TerminalGame(session, console).run()
    assert "Pass the keyboard" in console.output
    # Every person's first prompt comes right after a pass screen (the empty prompt).
    seen = set()
    for before, prompt in zip(prompts, prompts[1:], strict=False):
        if prompt.startswith("Player") and prompt.split(",")[0] not in seen:
            seen.add(prompt.split(",")[0])
            assert before == "", prompt


def test_a_score_that_depends_on_hidden_cards_is_not_shown(monkeypatch):
    """A stand-in secret score (from the hidden top card) must show as unknown to the players."""
    session = Session.start(CSO, ["human", "random"], seed=1)
    state_class = type(session.state)
    view = state_class.view
    monkeypatch.setattr(state_class, "view", lambda self, p: {k: v for k, v in view(self, p).items()
                                                              if k != "scores"})
    monkeypatch.setattr(state_class, "scores", lambda self: [float(sum(map(ord, self.deck[0]))), 0.0])
    assert session.visible_scores(0) == [None, 0.0]
    assert session.visible_scores(None) == [None, None]


def test_a_new_simultaneous_round_is_a_new_turn_not_a_step():
    session = _starter_first_session()
    session.play(session.state.legal_actions(0)[0], 0)
    assert session.step_in_turn(1) == 1
    session.play(session.state.legal_actions(1)[0], 1)  # seat 1 again, but in a shared round
    assert session.state.to_move == (0, 1)
    assert session.step_in_turn(1) == 1


def test_a_picture_whose_markup_does_not_parse_is_shown_plain(monkeypatch):
    session = Session.start(CSO, ["human", "random"], seed=1)
    render = type(session.state).render
    monkeypatch.setattr(type(session.state), "render",
                        lambda self, lang="en", player=None, markup=False:
                        render(self, lang, player) + ("[/oops]" if markup else " [/oops]"))
    answers = iter(["quit"])
    console = ScriptedConsole(lambda prompt: next(answers))
    TerminalGame(session, console).run()
    assert "[/oops]" in console.output and "Traceback" not in console.output


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.list_games()])
def test_a_game_left_midway_is_saved_and_resumes_to_the_same_end(game_id, tmp_path):
    """Quit after a few moves, save when asked, resume: the game ends exactly as one played
    without stopping (bots choose from the position and the seed, not from their past)."""
    info = ludoteca.load(game_id).info
    players = ["human"] + ["greedy"] * (info.min_players - 1)  # no time budget: reproducible
    saved = tmp_path / "left.json"

    def play_first_legal(session: Session, quit_after: int | None) -> Session:
        prompts = []

        def answer(prompt: str) -> str:
            prompts.append(prompt)
            if "Save the game" in prompt:
                return str(saved)
            if "Press Enter to leave" in prompt:
                return ""
            return "quit" if quit_after is not None and len(prompts) > quit_after else "1"

        TerminalGame(session, ScriptedConsole(answer)).run()
        return session

    whole = play_first_legal(Session.start(game_id, players, seed=8, level="easy"), None)
    left = play_first_legal(Session.start(game_id, players, seed=8, level="easy"), 3)
    assert not left.state.is_over and saved.exists()
    resumed = Session.resume(json.loads(saved.read_text(encoding="utf-8")), players, "easy")
    assert resumed.state.to_json() == left.state.to_json()
    assert resumed.undo_refusal(0) == left.undo_refusal(0)  # the same rule as had it not stopped
    play_first_legal(resumed, None)
    assert resumed.state.is_over
    assert resumed.state.to_json() == whole.state.to_json()


@pytest.mark.parametrize("record,field", [([], "game"), ({"game": "blue-lagoon"}, "num_players"),
                                          ({"game": "blue-lagoon", "num_players": 2, "seed": 1}, "actions")])
def test_a_bad_saved_game_is_named_not_a_key_error(record, field):
    with pytest.raises(OptionError, match=f"no '{field}'"):
        Session.resume(record)


def _blue_lagoon_after_two_turns() -> Session:
    session = Session.start("blue-lagoon", ["human", "random"], seed=4)
    for _ in range(2):
        session.play(session.state.legal_actions(0)[0], 0)
        session.play_bot(session.bot_to_move())
    return session


def test_a_move_made_before_the_save_can_be_undone_after_resuming(tmp_path):
    session = _blue_lagoon_after_two_turns()
    path = tmp_path / "g.json"
    session.save(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["humans"] == [0]
    resumed = Session.resume(record, ["human", "random"])
    assert resumed.undo_refusal(0) is None
    assert resumed.undo(0) == session.undo(0)
    assert resumed.state.to_json() == session.state.to_json()
    assert [note.alone for note in resumed.notes] == [note.alone for note in session.notes]


def test_a_saved_persons_move_is_not_undone_by_the_seat_that_was_a_bot():
    """Seat 1 was a person when the game was saved; resumed as a bot seat, its moves still count
    as a person's, so seat 0 cannot undo across them."""
    session = Session.start("blue-lagoon", ["human", "human"], seed=4)
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)
    resumed = Session.resume(session.record(), ["human", "random"])
    assert "Player 1 has moved since your move" in resumed.undo_refusal(0)
    assert resumed.record()["humans"] == [0, 1]


def test_an_older_record_without_its_people_keeps_the_saved_moves():
    record = _blue_lagoon_after_two_turns().record()
    del record["humans"]
    resumed = Session.resume(record, ["human", "random"])
    assert resumed.undo_refusal(0) == "cannot undo: the moves made before the game was saved stay"
    resumed.play(resumed.state.legal_actions(0)[0], 0)
    assert resumed.undo_refusal(0) is None  # a move made since the resume can be taken back


@pytest.mark.parametrize("humans", ["0", [0, 5], [True], [-1]])
def test_a_record_with_bad_people_is_refused_clearly(humans):
    record = _blue_lagoon_after_two_turns().record()
    record["humans"] = humans
    with pytest.raises(OptionError, match="humans must be a list of seats from 0 to 1"):
        Session.resume(record)


def test_resuming_with_the_wrong_number_of_players_is_refused():
    record = Session.start(CSO, ["human", "random"], seed=1).record()
    with pytest.raises(OptionError, match="2 players"):
        Session.resume(record, ["human", "random", "random"])


def test_a_game_among_bots_shows_every_move_and_the_end():
    session = Session.start(CSO, ["random", "random"], seed=4)
    console = ScriptedConsole(lambda prompt: "")
    TerminalGame(session, console, delay=0).run()
    assert session.state.is_over
    assert console.output.count("Shape card") >= len(session.state.history) // 2
    assert "Game over" in console.output


def test_a_bots_move_is_said_to_the_person():
    session = Session.start(CSO, ["human", "random"], seed=3, options=["first_chooser=1"])
    answers = iter(["quit", ""])
    console = ScriptedConsole(lambda prompt: next(answers))
    TerminalGame(session, console).run()
    assert "Player 1 placed the" in session.state.history_in_words("en", 0)[0][1]
    assert f"{session.state.history_in_words('en', 0)[0][1]} (random bot)" in console.output


@pytest.mark.parametrize("game_id,name,needle", [
    ("happy-city", "school", "cost 2"),
    ("santa-monica", "b07", "Boogie Board Bay"),
    ("santa-monica", "pier", "starting tile"),
    ("bloom-town", "bakery", "roof"),
    ("city-square-off", "y5", "5 squares"),
])
def test_show_describes_every_kind_of_component(game_id, name, needle):
    info = ludoteca.load(game_id).info
    session = Session.start(game_id, ["human"] + ["random"] * (info.min_players - 1), seed=1)
    answers = iter([f"show {name}", "show", "show zzz-nothing", "quit", ""])
    console = ScriptedConsole(lambda prompt: next(answers))
    TerminalGame(session, console).run()
    assert needle in console.output
    assert "show NAME, one of:" in console.output
    assert "nothing here is called 'zzz-nothing'" in console.output


def test_show_speaks_spanish():
    session = Session.start("happy-city", ["human", "random"], seed=1, lang="es")
    assert "coste 2" in session.component("school") and "azul" in session.component("school")
    assert session.component("scho") == session.component("school")  # a unique start is enough
