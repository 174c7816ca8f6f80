"""Bloom Town's messages in Spanish: notation, option and illegal-action errors, and every reason."""

import random
import string

import pytest

from ludoteca import IllegalAction, NotationError, OptionError
from ludoteca.games.bloom_town.messages import PHASES, TEXT
from ludoteca.games.bloom_town.notation import ALL_ACTIONS

from .helpers import GAME, bare_state, tile
from .test_turn import place, w6_state


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_has_both_languages_with_the_same_arguments():
    for code, text in {**TEXT, **{f"phase {p}": t for p, t in PHASES.items()}}.items():
        assert set(text) == {"en", "es"}, code
        assert text["es"] != text["en"], code
        assert _fields(text["es"]) == _fields(text["en"]), code


# ---- notation errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "en", "es"), [
    ("built office c2",
     "expected one of: build, bloom, token, pass, take, keep",
     "se esperaba una de estas palabras: build, bloom, token, pass, take, keep"),
    ("build office",
     "write build TILE SQUARE, e.g. build office c2",
     "escribe build FICHA CASILLA, p. ej. build office c2"),
    ("build shop b4",
     "'shop' needs a kind, e.g. shop:cafe",
     "'shop' necesita una clase de tienda, p. ej. shop:cafe"),
    ("build shop:florist b4",
     "unknown shop kind 'florist'; kinds are: cafe, books, bakery, icecream, toys, pets",
     "clase de tienda desconocida 'florist'; las clases son: cafe (cafetería), books (librería), "
     "bakery (panadería), icecream (heladería), toys (juguetería), pets (tienda de mascotas)"),
    ("build house c2",
     "unknown tile 'house'; tiles are: office, subway, park, home, shop:cafe, shop:books, "
     "shop:bakery, shop:icecream, shop:toys, shop:pets",
     "ficha desconocida 'house'; las fichas son: office (oficina), subway (metro), park (parque), "
     "home (casa), shop:cafe (cafetería), shop:books (librería), shop:bakery (panadería), "
     "shop:icecream (heladería), shop:toys (juguetería), shop:pets (tienda de mascotas)"),
    ("Build Office F6", "square 'f6' is outside a1-e5", "la casilla 'f6' está fuera de a1-e5"),
    ("bloom triple", "write bloom double or bloom extra", "escribe bloom double o bloom extra"),
    ("token rescore",
     "token rescore needs one type: office, subway, park, home, shop",
     "token rescore necesita un tipo: office (oficina), subway (metro), park (parque), home (casa), "
     "shop (tienda)"),
    ("token triple",
     "write token double, token extra or token rescore TYPE",
     "escribe token double, token extra o token rescore TIPO"),
    ("pass 2", "pass takes no other words", "pass no lleva más palabras"),
    ("take 6", "write take SPACE with a space from 1 to 5", "escribe take ESPACIO con un espacio del 1 al 5"),
    ("keep shop:bakery",
     "write keep TYPE with a type from: office, subway, park, home, shop",
     "escribe keep TIPO con uno de estos tipos: office (oficina), subway (metro), park (parque), "
     "home (casa), shop (tienda)"),
])
def test_notation_errors_in_english_and_spanish(text, en, es):
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    frame = f"Bloom Town: {text!r} — "
    assert str(caught.value) == frame + en
    assert caught.value.text("es") == frame + es
    assert caught.value.text("en") == frame + en


def test_non_text_action_in_spanish():
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(7)
    assert str(caught.value) == "Bloom Town: an action is written as text, not int 7"
    assert caught.value.text("es") == "Bloom Town: una jugada se escribe como texto, no int 7"


# ---- option errors ------------------------------------------------------------------------------


def test_start_player_outside_the_table_in_spanish():
    with pytest.raises(OptionError) as caught:
        GAME.new_state(3, seed=1, start_player=3)
    assert str(caught.value) == (
        "Bloom Town: start_player 3 is not a seat of a 3-player game; choose random or 0 to 2"
    )
    assert caught.value.text("es") == (
        "Bloom Town: start_player 3 no es un asiento de una partida de 3 jugadores; "
        "elige random o un asiento del 0 al 2"
    )


# ---- illegal actions and their reasons -----------------------------------------------------------


def test_w6_illegal_bonus_actions_in_spanish():
    state = w6_state()
    state.apply("build home c3")
    state.apply("bloom double")
    with pytest.raises(IllegalAction) as caught:
        state.apply("token double")
    assert str(caught.value) == (
        "Bloom Town: token double — double already used this turn; "
        "legal now: token extra, token rescore home, pass"
    )
    assert caught.value.text("es") == (
        "Bloom Town: token double — ya has doblado puntos en este turno; "
        "legales ahora: token extra, token rescore home, pass"
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply("token rescore park")
    assert "parks have already been community-scored" in str(caught.value)
    assert caught.value.text("es") == (
        "Bloom Town: token rescore park — los parques ya han tenido su puntuación de la comunidad; "
        "legales ahora: token extra, token rescore home, pass"
    )
    explain = state.explain_illegal
    bloom_extra = GAME.parse_action("bloom extra")
    assert explain(bloom_extra, 0) == (
        "no unused blooming bonus: the square just built on is not blooming or its bonus is used"
    )
    assert explain(bloom_extra, 0, "es") == (
        "no te queda bonificación floreciente: la casilla donde acabas de construir no es "
        "floreciente o ya usaste su bonificación"
    )
    rescore_office = GAME.parse_action("token rescore office")
    assert explain(rescore_office, 0, "es") == (
        "token rescore necesita exactamente una ficha de comunidad de oficina en el área de comunidad"
    )
    assert explain(GAME.parse_action("take 2"), 0, "es") == "ahora toca el paso de bonificación"


def test_build_step_reasons_in_spanish():
    state = bare_state(2, "A")
    state.hands[0] = [tile("O"), tile("O")]
    place(state, 0, c2="P")
    cases = {
        "build home a1": ("no home in your hand", "no tienes ninguna ficha de casa en la mano"),
        "build shop:pets a1": (
            "no shop:pets in your hand", "no tienes ninguna ficha de tienda de mascotas en la mano",
        ),
        "build office c2": ("square c2 is occupied", "la casilla c2 ya está ocupada"),
        "pass": ("it is the build step", "ahora toca construir"),
        "keep park": ("it is the build step", "ahora toca construir"),
    }
    for text, (en, es) in cases.items():
        action = GAME.parse_action(text)
        assert state.explain_illegal(action, 0) == en
        assert state.explain_illegal(action, 0, "es") == es
        with pytest.raises(IllegalAction) as caught:
            state.apply(text)
        frame = f"Bloom Town: {text} — "
        assert str(caught.value).startswith(f"{frame}{en}; legal now: build office a1, ")
        assert caught.value.text("es").startswith(f"{frame}{es}; legales ahora: build office a1, ")
    assert state.explain_illegal(object(), 0, "es") == "no es una acción de Bloom Town"


def test_take_extra_token_and_keep_reasons_in_spanish():
    state = bare_state(2, "A")
    state.tokens = [False, False]
    state.market = [tile("P"), -1, -1, tile("H"), -1]
    for space in (1, 2, 4):
        state.stacks[space] = []
    state.apply("build office c1")  # daisy = space 3: choose a market tile
    with pytest.raises(IllegalAction) as caught:
        state.apply("take 2")
    assert caught.value.text("es") == (
        "Bloom Town: take 2 — el espacio 2 del mercado está vacío; legales ahora: take 1, take 4"
    )
    assert state.explain_illegal(GAME.parse_action("pass"), 0, "es") == (
        "ahora toca tomar una ficha (elige un espacio del mercado)"
    )

    state = bare_state(2, "A")
    state.market = [tile("O")] * 5
    state.apply("build office b2")  # lily, blooming
    state.apply("bloom extra")
    state.apply("pass")
    state.apply("build office d2")  # rose, blooming
    assert state.explain_illegal(GAME.parse_action("token extra"), 0, "es") == (
        "ya has usado la construcción adicional en este turno"
    )
    state.tokens[0] = False
    assert state.explain_illegal(GAME.parse_action("token double"), 0, "es") == (
        "ya has usado tu ficha de bonificación"
    )

    state = bare_state(2, "A")
    state.stacks = [[] for _ in range(5)]
    state.triggered = True
    state.hands[0] = [tile("O"), tile("H"), tile("S")]  # nothing to take: {home, subway} is left
    state.tokens = [False, False]
    state.apply("build office a1", 0)
    state.apply("build office a1", 1)
    assert state.phase == "keep" and state.to_move == (0,)
    seat = 0
    keep_shop = GAME.parse_action("keep shop")
    assert state.explain_illegal(keep_shop, seat) == "no shop in your hand"
    assert state.explain_illegal(keep_shop, seat, "es") == "no tienes ninguna ficha de tienda en la mano"
    assert state.explain_illegal(GAME.parse_action("build office a2"), seat, "es") == (
        "ahora toca la puntuación final de la mano"
    )


# ---- no reason left untranslated -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "side", "seed"), [(2, "A", 11), (3, "B", 12), (4, "A", 13)])
def test_every_stale_action_is_explained_in_spanish(players, side, seed):
    """Over random games, every action once legal and illegal now has a different Spanish reason."""
    state = GAME.new_state(players, seed=seed, board_side=side)
    chooser = random.Random(seed)
    seen: dict[str, object] = {}
    reasons: set[str] = set()
    checked = 0
    while not state.is_over:
        player = chooser.choice(state.to_move)
        legal = state.legal_actions(player)
        legal_texts = {str(a) for a in legal}
        for text, action in seen.items():
            if text in legal_texts:
                continue
            en = state.explain_illegal(action, player)
            es = state.explain_illegal(action, player, "es")
            assert es != en, f"{text}: {en}"
            reasons.add(en.split(" ")[0])
            checked += 1
        seen.update((str(a), a) for a in legal)
        state.apply(chooser.choice(legal), player)
    assert checked > 100
    assert len(reasons) >= 3


def test_every_illegal_action_anywhere_is_explained_in_spanish():
    """Stronger than stale actions: every action of the whole action space, at every step."""
    state = GAME.new_state(2, seed=5)
    chooser = random.Random(5)
    while not state.is_over:
        player = chooser.choice(state.to_move)
        legal = set(state.legal_actions(player))
        for action in ALL_ACTIONS:
            if action not in legal:
                assert state.explain_illegal(action, player, "es") != state.explain_illegal(action, player)
        state.apply(chooser.choice(sorted(legal, key=str)), player)
