"""Errors in Spanish: notation errors, illegal actions with their reasons, option errors."""

import random

import pytest

from ludoteca import IllegalAction, NotationError, OptionError

from .positions import GAME, position


def _raised(error_type, call, *args):
    with pytest.raises(error_type) as caught:
        call(*args)
    return caught.value


@pytest.mark.parametrize("text,english,spanish", [
    ("", "empty command", "orden vacía"),
    ("take museum",
     "unknown command 'take' (expected pass, coin, discard, draw, buy, special, market, sphinx)",
     "orden desconocida 'take' (se esperaba pass, coin, discard, draw, buy, special, market o sphinx)"),
    ("coin 2", "'coin' takes no argument", "'coin' no lleva argumento"),
    ("buy", "'buy' needs a card key, e.g. 'buy museum'",
     "'buy' necesita el identificador de una carta, p. ej. 'buy museum'"),
    ("buy museum zoo", "'buy' takes one argument, not 2", "'buy' lleva un solo argumento, no 2"),
    ("draw 4", "deck must be 1, 2 or 3", "el mazo debe ser 1, 2 o 3"),
    ("market red", "colour must be yellow, blue, green, orange or purple",
     "el color debe ser yellow (amarillo), blue (azul), green (verde), orange (naranja) o purple (morado)"),
    ("buy musée", "unknown card key 'musée'", "identificador de carta desconocido 'musée'"),
    ("discard house", "'house' is a residence and cannot be discarded",
     "'house' es una vivienda y no se puede descartar"),
    ("buy sphinx", "'sphinx' is not a building or a residence, so it cannot be bought",
     "'sphinx' no es un edificio ni una vivienda, así que no se puede comprar"),
    ("sphinx museum", "'museum' is not an expert special building (sphinx copies one, or takes 'box')",
     "'museum' no es un edificio especial del modo experto (la Esfinge copia uno, o se elige 'box')"),
])
def test_notation_errors_in_spanish(text, english, spanish):
    error = _raised(NotationError, GAME.parse_action, text)
    assert str(error) == f"Happy City: {english}"
    assert error.text("es") == f"Happy City: {spanish}"
    assert error.text("en") == str(error)


def test_an_action_that_is_not_text():
    error = _raised(NotationError, GAME.parse_action, 7)
    assert error.text("es") == "Happy City: una jugada se escribe como texto, no int 7"


def _w4():
    return position(3, {2: ["school", "florist", "house", "igloo"]}, coins={2: 4},
                    display=["school", "museum", "spa"], piles={"house": 2, "apartment": 0, "luxury": 1},
                    current=2)


@pytest.mark.parametrize("text,english,spanish", [
    ("buy school", "your city already has School (Escuela)", "ya hay una carta Escuela en tu ciudad"),
    ("buy spa", "Spa costs 7, you have 4 coins", "Spa cuesta 7 y tienes 4 monedas"),
    ("buy apartment", "no Apartment Building left",
     "no quedan cartas de Edificio de apartamentos"),
    ("buy zoo", "Zoo (Zoo) is not in the central display", "Zoo no está en la zona central"),
    ("draw 1", "you cannot draw now: buy a building or a residence, or take a coin",
     "ahora no puedes usar 'draw': compra un edificio o una vivienda, o toma una moneda"),
])
def test_illegal_actions_in_spanish(text, english, spanish):
    error = _raised(IllegalAction, _w4().apply, text)
    assert str(error) == f"Happy City: {text} — {english}; legal now: buy museum, coin"
    assert error.text("es") == f"Happy City: {text} — {spanish}; legales ahora: buy museum, coin"


def test_special_conditions_in_spanish():
    city = ["school", "police_station", "house", "museum", "igloo", "grocery", "florist", "bank"]
    state = position(4, {1: city}, coins={1: 6}, phase="special", current=1,
                     row=["cat_cafe", "disco", "film_studios"])
    disco, maze = GAME.parse_action("special disco"), GAME.parse_action("special maze")
    assert state.explain_illegal(disco, 1) == "Disco needs B1 P1, your city has Y3 B3 G2"
    assert state.explain_illegal(disco, 1, "es") == (
        "Discoteca necesita 1 carta azul y 1 morada; tu ciudad tiene 3 cartas amarillas, 3 azules y 2 verdes")
    assert state.explain_illegal(maze, 1, "es") == (
        "Laberinto no está entre los edificios especiales disponibles")
    bare = position(3, phase="special", row=["toy_shop"])
    assert bare.explain_illegal(GAME.parse_action("special toy_shop"), 0, "es") == (
        "Juguetería necesita 1 carta azul y 1 verde; tu ciudad tiene 0 cartas de color")
    taken = position(3, {0: ["house", "school", "museum", "film_studios"]}, row=["toy_shop"], phase="special")
    assert taken.explain_illegal(GAME.parse_action("special toy_shop"), 0, "es") == (
        "ya has tomado un edificio especial")


def test_expert_steps_in_spanish():
    state = GAME.new_state(3, seed=1, expert=True)
    state.apply("market blue")
    error = _raised(IllegalAction, state.apply, "market blue")
    assert str(error).startswith("Happy City: market blue — the blue Happy Market was already taken; ")
    assert error.text("es") == (
        "Happy City: market blue — el Mercado Feliz azul ya lo ha elegido otro jugador; "
        "legales ahora: market yellow, market green, market orange, market purple")
    state = position(3, {0: ["sphinx"], 1: ["sushi_bar"]}, expert=True, phase="final_choice")
    assert state.explain_illegal(GAME.parse_action("sphinx great_wall"), 0, "es") == (
        "ningún rival tiene Gran muralla en su ciudad")
    assert state.explain_illegal(GAME.parse_action("buy museum"), 0, "es") == (
        "ahora no puedes usar 'buy': elige qué copia la Esfinge")


@pytest.mark.parametrize("options,english,spanish", [
    ({"num_players": 6}, "Happy City is played by 2 to 5 players, not 6",
     "Happy City se juega con 2 a 5 jugadores, no 6"),
    ({"expert": "yes"}, "option expert must be true or false, not 'yes'",
     "la opción expert debe ser true o false, no 'yes'"),
    ({"round_limit": 2.5}, "option round_limit must be a whole number, not 2.5",
     "la opción round_limit debe ser un número entero, no 2.5"),
])
def test_option_errors_in_spanish(options, english, spanish):
    options = {"num_players": 3, **options}
    error = _raised(OptionError, lambda: GAME.new_state(options.pop("num_players"), **options))
    assert str(error) == english and error.text("es") == spanish


@pytest.mark.parametrize("seed,expert", [(1, False), (2, False), (3, True), (4, True)])
def test_every_stale_reason_is_translated(seed, expert):
    """Play a random game; at every step, each action legal earlier but not now is explained in Spanish."""
    rng = random.Random(seed)
    state = GAME.new_state(3, seed=seed, expert=expert)
    seen: dict[str, object] = {}
    checked = 0
    while state.to_move:
        player = state.to_move[0]
        legal = state.legal_actions(player)
        for action in seen.values():
            if action in legal:
                continue
            english = state.explain_illegal(action, player)
            spanish = state.explain_illegal(action, player, "es")
            assert spanish and spanish != english, (str(action), english)
            checked += 1
        seen.update((str(a), a) for a in legal)
        state.apply(rng.choice(legal), player)
    assert checked > 100


def test_every_reason_has_both_languages():
    from ludoteca.games.happy_city.rules import _REASONS, _STEPS

    for table in (_REASONS, _STEPS):
        for code, text in table.items():
            assert set(text) == {"en", "es"} and text["es"] != text["en"], code


def test_full_city_and_empty_deck_in_spanish():
    city = ["school", "police_station", "house", "museum", "igloo", "grocery", "florist", "bank", "park"]
    state = position(3, {0: city}, coins={0: 9}, display=["zoo"])
    assert state.explain_illegal(GAME.parse_action("buy zoo"), 0, "es") == "tu ciudad ya tiene 10 cartas"
    state = position(3, display=["museum"], phase="refill")
    state.decks[0], state.discards[0] = [], []
    assert state.explain_illegal(GAME.parse_action("draw 1"), 0, "es") == (
        "el mazo 1 y su pila de descarte están vacíos")
