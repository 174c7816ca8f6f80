"""City Square Off says what ended a game: the shape card that did not fit, named in each language."""

from __future__ import annotations

import random

import ludoteca

GAME = ludoteca.load("city-square-off")


def _played(seed):
    state = GAME.new_state(2, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        player = chooser.choice(state.to_move)
        state.apply(chooser.choice(state.legal_actions(player)), player)
    return state


def test_a_blocked_city_names_the_shape_and_the_seat():
    state = next(s for s in map(_played, range(1, 60)) if s.outcome["reason"] == "opponent blocked")
    card = state.revealed[-1]
    loser = 1 - state.outcome["winners"][0]
    shape = state.catalogue.pieces[card].names
    reason = state.result().reason
    assert reason.text("en") == f"The {shape.text('en')} ({card}) shape did not fit Player {loser}'s city."
    assert reason.text("es") == (f"La forma {shape.text('es')} ({card}) no cabía en la ciudad de "
                                 f"Jugador {loser}.")
