"""Every error Blue Lagoon raises speaks Spanish too: `error.text("es")`, while `str(error)` stays English."""

import random

import pytest

import ludoteca
from ludoteca import IllegalAction, NotationError, OptionError
from ludoteca.games.blue_lagoon import Place, from_notation
from ludoteca.games.blue_lagoon.rules import REASONS

from . import positions as P
from .helpers import load

GAME = ludoteca.load("blue-lagoon")


def refusal(error_type, call, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        call(*args, **kwargs)
    return caught.value


@pytest.mark.parametrize("text,en,es", [
    ("", 'empty action; expected e.g. "S 3,4" or "T 3,4"',
     'jugada vacía; se esperaba, p. ej., "S 3,4" o "T 3,4"'),
    ("V 3,4", "action must start with S (settler) or T (village)",
     "la jugada debe empezar por S (colono) o T (aldea)"),
    ("S3,4", "expected exactly one space after the piece letter",
     "se esperaba exactamente un espacio tras la letra de la pieza"),
    ("S 3;4", 'expected coordinates as row,col with non-negative whole numbers, e.g. "S 3,4"',
     'se esperaban coordenadas fila,columna con números enteros no negativos, p. ej., "S 3,4"'),
    (34, "an action is written as text, not int 34", "una jugada se escribe como texto, no int 34"),
])
def test_action_notation_errors(text, en, es):
    error = refusal(NotationError, GAME.parse_action, text)
    assert str(error) == f"Blue Lagoon: {en}"
    assert error.text("es") == f"Blue Lagoon: {es}"


def test_action_id_out_of_range():
    error = refusal(NotationError, GAME.action_from_id, GAME.action_space_size, None)
    assert str(error) == "Blue Lagoon: action id 5000 is out of range; ids run from 0 to 4999"
    assert error.text("es") == "Blue Lagoon: el identificador 5000 está fuera de rango; van de 0 a 4999"


def _broken(old, new, base=P.W3):
    assert old in base, old
    return base.replace(old, new, 1)


@pytest.mark.parametrize("text,en,es", [
    ("", "malformed position: '(end of text)'", "posición mal formada: '(fin del texto)'"),
    (P.W3.replace("; c 2 E;", "; c 2 X;"), "malformed position: 'c 2 X;'",
     "posición mal formada: 'c 2 X;'"),
    (P.W3.replace("a 13 3", "a 13 5"), "the number of players must be 2, 3 or 4, not 5",
     "el número de jugadores debe ser 2, 3 o 4, no 5"),
    (P.W3.replace("a 13 3", "a 13 2"), "2 players need 2 player statements, not 3",
     "2 jugadores necesitan 2 declaraciones de jugador, no 3"),
    (_broken("c 2 E", "c 3 E"), "the current player 3 is not a seat of 3 players",
     "el jugador actual 3 no es un asiento de una partida de 3 jugadores"),
    (_broken("S 8,5 9,6", "S 8,5 13,0"), "13,0 is not on a board of height 13",
     "13,0 no está en un tablero de altura 13"),
    (_broken("s 0,0 0,5", "s 0,5"), "the stone circles must be exactly 32 different land tiles",
     "los círculos de piedras deben ser exactamente 32 casillas de tierra distintas"),
    (_broken("B 0,9", "B 0,0"), "stone circle 0,0 holds two tokens",
     "el círculo de piedras 0,0 tiene dos fichas"),
    (_broken("p 1 0 0 0 0 1 0", "p 1 0 0 0 0 2 0"), "7 tokens of type P, but only 6 exist",
     "7 fichas del tipo P, pero solo existen 6"),
    (_broken("T 6,9", "T 4,8"), "seat 1 has a village on the sea at 4,8",
     "el asiento 1 tiene una aldea en el mar, en 4,8"),
    (_broken("c 1 E", "c 1 S", P.RULEBOOK_END_OF_EXPLORATION),
     "seat 0 has a village on stone circle 4,2 in the settlement phase",
     "el asiento 0 tiene una aldea en el círculo de piedras 4,2 en la fase de asentamiento"),
])
def test_position_notation_errors(text, en, es):
    error = refusal(NotationError, from_notation, text)
    assert str(error) == f"Blue Lagoon: {en}"
    assert error.text("es") == f"Blue Lagoon: {es}"


def test_an_illegal_action_explains_itself_in_both_languages():
    state = GAME.new_state(2, seed=1)
    error = refusal(IllegalAction, state.apply, "T 0,4")
    assert str(error).startswith("Blue Lagoon: T 0,4 — village_on_sea: villages cannot be placed on the "
                                 "sea; legal now: S ")
    assert error.text("es").startswith("Blue Lagoon: T 0,4 — no se pueden colocar aldeas en el mar; "
                                       "legales ahora: S ")


def _village_in_settlement():
    state = load(P.RULEBOOK_SETTLEMENT_START)
    return state, Place("T", 0, 0), state.to_move[0]


def _none_in_hand():
    state = load(P.W1.replace("p 0 0 0 0 0 0 0 S T;", "p 0 0 0 0 0 0 0 S T 4,3 4,4 4,5 5,3 5,4;"))
    return state, Place("T", 3, 4), 0


@pytest.mark.parametrize("make,reason,es", [
    (lambda: (load(P.W1), Place("S", 13, 0), 0), "off_board", "esa casilla no está en el tablero"),
    (lambda: (load(P.W1), Place("S", 0, 0), 0), "not_adjacent",
     "no hay ninguna pieza propia junto a esa casilla"),
    (lambda: (load(P.W1), Place("T", 0, 4), 0), "village_on_sea", "no se pueden colocar aldeas en el mar"),
    (lambda: (load(P.W4), Place("S", 0, 0), 1), "occupied", "ya hay una pieza en esa casilla"),
    (_none_in_hand, "none_in_hand", "no quedan piezas de ese tipo en mano"),
    (_village_in_settlement, "village_in_settlement",
     "en la fase de asentamiento no se pueden colocar aldeas"),
    (lambda: (load(P.W7_FINAL), Place("S", 0, 4), 0), "game_over", "la partida ha terminado"),
])
def test_every_reason_in_both_languages(make, reason, es):
    state, action, seat = make()
    assert state.illegal_reason(action, seat) == reason
    assert state.explain_illegal(action, seat) == f"{reason}: {REASONS[reason]['en']}"
    assert state.explain_illegal(action, seat, "es") == es


def test_every_reason_has_both_languages():
    for reason, text in REASONS.items():
        assert set(text) == {"en", "es"} and text["en"] != text["es"], reason


@pytest.mark.parametrize("call,en,es", [
    (lambda: GAME.new_state(5), "Blue Lagoon is played by 2 to 4 players, not 5", "con 2 a 4"),
    (lambda: GAME.new_state(2, map="atlantis"), "option map cannot be 'atlantis'",
     "la opción map no puede ser 'atlantis'"),
    (lambda: GAME.new_state(2, exploration_only="yes"), "option exploration_only must be true or false",
     "la opción exploration_only debe ser true o false"),
])
def test_option_errors(call, en, es):
    error = refusal(OptionError, call)
    assert en in str(error)
    assert es in error.text("es")
    assert error.text("es") != str(error)


@pytest.mark.parametrize("seed", [3, 8, 15])
def test_no_reason_is_left_untranslated(seed):
    """Over random games, every stale action (legal at some earlier moment, illegal now; plus a settler
    off the board and a village on the sea) is explained in Spanish differently from English, and
    together they meet every reason."""
    rng = random.Random(seed)
    state = GAME.new_state(rng.choice([2, 3, 4]), seed=seed)
    seen: set = set()
    met: set = set()
    step = 0
    while not state.is_over:
        actions = state.legal_actions()
        seen.update(actions)
        if step % 15 == 0:
            for action in sorted(seen, key=str) + [Place("S", 20, 0), Place("T", 0, 4)]:
                for seat in range(state.num_players):
                    if state.is_legal(action, seat):
                        continue
                    en = state.explain_illegal(action, seat)
                    es = state.explain_illegal(action, seat, "es")
                    assert es != en and es, (action, seat, en)
                    met.add(state.illegal_reason(action, seat))
        state.apply(rng.choice(actions))
        step += 1
    stale = next(iter(seen))
    assert state.explain_illegal(stale, 0, "es") == "la partida ha terminado"
    assert met >= set(REASONS) - {"game_over"}
