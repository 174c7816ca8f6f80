"""The full-screen frame in-process: it fits the screen, keeps the board whole, says the live
score, previews a move without playing it, and wraps long lines only between words."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

import ludoteca
from ludoteca.tui import Session, layout

WIDTH, HEIGHT = 80, 22  # a 24-line terminal less the prompt and the row the Enter moves to
GAMES = [info.id for info in ludoteca.list_games()]
CARD_CELL = re.compile(r"^((START|[BS]\d\d)\*?( (\d+[LTV])+)?)?$")


def _played(game_id: str, players: int, moves: int, seed: int = 3, lang: str = "en") -> Session:
    session = Session.start(game_id, ["human"] + ["random"] * (players - 1), seed=seed, lang=lang)
    chooser = random.Random(seed)
    while len(session.state.history) < moves and not session.state.is_over:
        bot = session.bot_to_move()
        if bot is not None:
            session.play_bot(bot)
        else:
            seat = session.human_to_move()
            session.play(chooser.choice(session.state.legal_actions(seat)), seat)
    while (bot := session.bot_to_move()) is not None and not session.state.is_over:
        session.play_bot(bot)
    return session


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_frame_fits_80_by_24_with_the_whole_board(game_id, lang):
    info = ludoteca.load(game_id).info
    for moves in (0, 12, 40):
        session = _played(game_id, info.min_players, moves, lang=lang)
        if session.state.is_over:
            continue
        seat = session.human_to_move()
        frame = layout.build(session, seat, WIDTH, HEIGHT, [Text("a message")])
        assert len(frame) == HEIGHT
        assert all(line.cell_len <= WIDTH for line in frame)
        shown = [line.plain.rstrip() for line in frame]
        for line in session.state.render(lang, player=seat).splitlines():
            if line.strip() and len(line) <= WIDTH:
                assert line.rstrip() in shown, f"board row missing: {line!r}"
        assert any(line.startswith(("Actions (", "Acciones (")) for line in shown[-5:])


def _whole_board_on(frame: list[Text], session: Session, seat: int, lang: str) -> None:
    """Every row of the seat's picture is in the frame: whole, or (wider than the screen) wrapped
    at its separators, its first words starting a row; and nothing says the board was cut."""
    shown = [line.plain.rstrip() for line in frame]
    for line in session.state.render(lang, player=seat).splitlines():
        if not line.strip():
            continue
        if len(line) <= WIDTH:
            assert line.rstrip() in shown, f"board row missing: {line!r}"
        else:
            assert any(row.startswith(line[:WIDTH // 2]) for row in shown), f"board row missing: {line!r}"
    assert not any("type board" in row or "escribe tablero" in row for row in shown), "the board was cut"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_most_players_fit_80_by_24_at_the_start_and_late_in_the_game(game_id, lang):
    """The crowded tables (Bloom Town's four towns, Happy City's five cities, Santa Monica's long
    cities) show the whole picture, the newest message and the actions on one 80 × 24 screen."""
    info = ludoteca.load(game_id).info
    length = len(_played(game_id, info.max_players, 10**6, lang=lang).state.history)
    for moves in (0, length * 3 // 4, length - info.max_players * 2):
        session = _played(game_id, info.max_players, moves, lang=lang)
        if session.state.is_over:
            continue
        seat = session.human_to_move()
        messages = [Text("Player 1 bought the Restaurant"), Text("Player 2 passed"), Text("error: a message")]
        frame = layout.build(session, seat, WIDTH, HEIGHT, messages)
        assert len(frame) == HEIGHT and all(line.cell_len <= WIDTH for line in frame)
        _whole_board_on(frame, session, seat, lang)
        shown = [line.plain for line in frame]
        assert "error: a message" in shown, "the newest message gave way"
        assert any(line.startswith(("Actions (", "Acciones (")) for line in shown[-4:])


def test_the_panel_shrinks_to_one_line_before_the_board_is_cut():
    session = _played("santa-monica", 2, 10**6)
    length = len(session.state.history)
    for moves in range(length - 30, length, 4):
        session = _played("santa-monica", 2, moves)
        if session.state.is_over:
            continue
        seat = session.human_to_move()
        rows = len(session.state.render("en", player=seat).splitlines())
        frame = [line.plain for line in layout.build(session, seat, WIDTH, rows + 3, [Text("a message")])]
        _whole_board_on([Text(line) for line in frame], session, seat, "en")
        one_line = [line for line in frame if line.startswith("─ ") and "Player 0" in line]
        assert len(one_line) == 1 and "Player 1" in one_line[0], frame
        return
    pytest.fail("no late position with a person to move")


def test_santa_monica_cities_never_wrap_inside_a_card_at_80_columns():
    game = ludoteca.load("santa-monica")
    state = game.new_state(2, seed=5, end_cards=30)  # the most the option allows
    chooser = random.Random(5)
    widest_city = 0
    while not state.is_over and len(state.history) < 600:
        seat = state.to_move[0]
        state.apply(chooser.choice(state.legal_actions(seat)), seat)
        for lang in ("en", "es"):
            lines = state.render(lang, player=seat).splitlines()
            assert max(map(len, lines)) <= WIDTH
            for line in lines:
                if line.startswith(("  B ", "  S ")):
                    assert all(CARD_CELL.match(cell.strip()) for cell in line[4:].split("|")), line
        widest_city = max(widest_city, *(len({space >> 1 for space in city}) for city in state.cities))
    assert widest_city >= 9, "the test needs a city wider than one band"


def test_the_scores_panel_shows_the_live_score():
    session = _played("santa-monica", 2, 30)
    scores = session.state.scores()
    assert any(scores)
    lines = [line.plain for line in layout.scores_panel(session, 0, 4)]
    for seat, score in enumerate(scores):
        assert lines[seat].split()[-1] == str(score)


def test_city_square_off_counts_open_squares_while_the_score_is_zero():
    session = _played("city-square-off", 2, 6)
    view = session.state.view(0)
    lines = [line.plain for line in layout.scores_panel(session, 0, 2)]
    for seat, line in enumerate(lines):
        assert line.endswith(f"{view['players'][seat]['open_squares']} open")


def test_preview_draws_a_placement_on_your_grid_and_plays_nothing():
    """Against a bot that has already placed in secret: the preview shows your piece, not the
    bot's placement nor the next card."""
    session = Session.start("city-square-off", ["human", "random"], seed=3, options=["first_chooser=0"])
    session.play(session.state.legal_actions(0)[0], 0)
    session.play_bot(1)
    session.play_bot(1)  # the bot submits its first placement; it is secret from seat 0
    assert session.state.to_move == (0,)
    before = session.state.to_json()
    current = session.state.render("en", player=0).splitlines()
    action = session.state.legal_actions(0)[0]
    drawn = layout.preview(session, 0, action)
    assert not isinstance(drawn, str)
    assert session.state.to_json() == before
    plain = [line.plain for line in drawn]
    squares = session.game.action_data(action)["squares"]
    assert sum(line[:24].count("+") for line in plain) == len(squares)  # on seat 0's grid only
    for old, new in zip(current[2:11], plain[2:11], strict=True):
        assert old[24:] == new[24:], "the other city must look the same"
    highlighted = {span.style for line in drawn for span in line.spans}
    assert "reverse bold" in highlighted
    # The bot's choice is hidden: its status still says it has placed, and the last line says so.
    assert "Player 1: open squares 75; placed, waiting" in plain
    assert "To move: Player 1" not in plain
    assert plain[-1].startswith("Player 1: choice hidden this round")
    secret = session.state.history[-1][1]
    assert not any(secret in line for line in plain), "the bot's placement leaked"


def test_preview_before_the_other_seat_has_chosen_says_it_is_still_to_move():
    session = Session.start("city-square-off", ["human", "human"], seed=3, options=["first_chooser=0"])
    session.play(session.state.legal_actions(0)[0], 0)
    session.play(session.state.legal_actions(1)[0], 1)  # the starters are down, the round opens
    assert session.state.to_move == (0, 1)
    drawn = layout.preview(session, 0, session.state.legal_actions(0)[0])
    plain = [line.plain for line in drawn]
    assert "To move: Player 1" in plain
    assert not any("choice hidden" in line for line in plain)


def test_preview_refuses_a_move_that_would_draw():
    session = Session.start("happy-city", ["human", "human"], seed=2)
    chooser = random.Random(2)
    for _ in range(300):
        seat = session.state.to_move[0]
        draws = [a for a in session.state.legal_actions(seat) if str(a).startswith("draw")]
        if draws:
            before = session.state.to_json()
            answer = layout.preview(session, seat, draws[0])
            assert isinstance(answer, str) and "cannot be previewed" in answer
            assert session.state.to_json() == before
            return
        session.play(chooser.choice(session.state.legal_actions(seat)), seat)
    pytest.fail("no draw came up")


def test_long_lines_wrap_between_items_never_inside_a_word():
    line = Text("Display: " + " | ".join(f"Building number {n} (Y {n})" for n in range(8)))
    parts = layout.wrap(line, 40)
    assert len(parts) > 1 and all(part.cell_len <= 40 for part in parts)
    assert all(part.plain.startswith("  ") for part in parts[1:])
    words = " ".join(part.plain.strip() for part in parts).replace("| ", "")
    assert words.split() == line.plain.replace("| ", "").split()
    unbroken = Text("x" * 30 + " " * 20 + "y" * 100)
    assert all(part.cell_len <= 40 for part in layout.wrap(unbroken, 40))
