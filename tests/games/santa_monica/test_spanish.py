"""Santa Monica's errors in Spanish: notation, illegal actions with their reasons, options, content."""

from __future__ import annotations

import copy
import random
import string

import pytest

from ludoteca import IllegalAction, NotationError, OptionError
from ludoteca.core.data import load_json
from ludoteca.games.santa_monica import ContentError
from ludoteca.games.santa_monica.components import FILES, PACKAGE, validate
from ludoteca.games.santa_monica.rules import REASONS, _explain

from .helpers import GAME, build_city, new_game, set_display


@pytest.mark.parametrize("text,english,spanish", [
    ("take F5 B1", "display column must be 1–4", "la columna de la pantalla debe ser 1–4"),
    ("take R2 B1", "`take` only uses the front row (F1–F4); back-row cards need a sand dollar action",
     "`take` solo usa la fila delantera (F1–F4); las cartas de la fila trasera necesitan una acción de "
     "dólar de arena"),
    ("take F2 B+1", "bad space `B+1`: use B or S followed by a column such as -2, 0 or 3",
     "espacio `B+1` incorrecto: escribe B o S seguida de una columna, como -2, 0 o 3"),
    ("take F2 X1", "bad space `X1`: row must be B (beach) or S (street)",
     "espacio `X1` incorrecto: la fila debe ser B (playa) o S (calle)"),
    ("pick X2 B1", "bad slot `X2`: use F1–F4 (front row) or R1–R4 (back row)",
     "posición `X2` incorrecta: usa F1–F4 (fila delantera) o R1–R4 (fila trasera)"),
    ("mv X S0 S1", "kind must be L, T or V", "el tipo debe ser L, T o V"),
    ("step", "`step` needs 1 argument (the destination space)",
     "`step` necesita 1 argumento (el espacio de destino)"),
    ("swap B1", "`swap` needs 2 arguments (two spaces)", "`swap` necesita 2 argumentos (dos espacios)"),
    ("happy double", "happy-day choice must be sd, mix or move",
     "la elección del día feliz debe ser sd, mix o move"),
    ("swap B1 S2", "a swap needs two spaces in the same row",
     "un intercambio necesita dos espacios de la misma fila"),
    ("sd NOPE", "unknown sand dollar face `NOPE`; known: TWO, COL, ANY, FRESH, SWAP, MOVE, CROWD, BACK",
     "acción de dólar de arena `NOPE` desconocida; las conocidas son: TWO, COL, ANY, FRESH, SWAP, MOVE, "
     "CROWD, BACK"),
])
def test_notation_errors_in_both_languages(text, english, spanish):
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert str(caught.value) == f"Santa Monica: {english}"
    assert caught.value.text("es") == f"Santa Mónica: {spanish}"


def test_unknown_action_and_action_ids_in_spanish():
    with pytest.raises(NotationError) as caught:
        GAME.parse_action("jump B1")
    assert caught.value.text("es").startswith(
        "Santa Mónica: acción `jump` desconocida; las acciones son tile, truck, take,")
    state = new_game()
    with pytest.raises(NotationError) as caught:
        GAME.action_from_id(-1, state)
    assert caught.value.text("es").startswith(
        "Santa Mónica: el identificador -1 está fuera de rango; van de 0 a ")


def _illegal(state, text):
    with pytest.raises(IllegalAction) as caught:
        state.apply(text)
    english, spanish = str(caught.value), caught.value.text("es")
    assert "; legal now: " in english and "; legales ahora: " in spanish
    return english.split("; legal now: ")[0], spanish.split("; legales ahora: ")[0]


def test_illegal_actions_give_their_reason_in_spanish():
    state = new_game(faces=("TWO", "SWAP"))
    build_city(state, 0, "SURF", {"B1": "B01"}, sand=1)
    set_display(state, ["B19", "S07", None, "S01"], ["B04", "S04", "B05", "S06"])
    expected = {
        "take F3 B2": ("F3 is empty", "la posición F3 está vacía"),
        "take F1 B4": ("B4 does not touch your city", "B4 no toca tu ciudad"),
        "take F1 B1": ("B1 is already occupied", "B1 ya está ocupado"),
        "take F1 B0": ("column 0 holds the starting tile", "la columna 0 es de la ficha inicial"),
        "take F1 S1": ("a beach card goes in row B", "una carta de playa va en la fila B"),
        "take F2 B2": ("a street card goes in row S", "una carta de calle va en la fila S"),
        "sd TWO": ("you have 1 sand dollar, TWO costs 4", "tienes 1 dólar de arena y TWO cuesta 4"),
        "sd ANY": ("ANY is not in play; the faces are TWO, SWAP",
                   "ANY no está en juego; las acciones de dólar de arena son TWO, SWAP"),
        "mv L S0 S1": ("not possible in phase acquire",
                       "no es posible en la fase de adquisición (acquire)"),
        "tile SURF": ("not possible in phase acquire", "no es posible en la fase de adquisición (acquire)"),
    }
    for text, (english, spanish) in expected.items():
        assert _illegal(state, text) == (f"Santa Monica: {text} — {english}",
                                         f"Santa Mónica: {text} — {spanish}")
    state.sand[0] = 3
    assert _illegal(state, "sd TWO")[1] == "Santa Mónica: sd TWO — tienes 3 dólares de arena y TWO cuesta 4"


def test_option_errors_in_both_languages():
    cases = [
        ({"sand_dollar_faces": ["TWO", "COL"]},
         "Santa Monica: TWO and COL are the two faces of one tile; choose faces of different tiles",
         "Santa Mónica: TWO y COL son las dos caras de una misma loseta; elige caras de losetas distintas"),
        ({"sand_dollar_faces": ["TWO", "XYZ"]},
         "Santa Monica: unknown sand dollar face 'XYZ'; faces are TWO, COL, ANY, FRESH, SWAP, MOVE, "
         "CROWD, BACK",
         "Santa Mónica: acción de dólar de arena 'XYZ' desconocida; las acciones son TWO, COL, ANY, FRESH, "
         "SWAP, MOVE, CROWD, BACK"),
        ({"sand_dollar_faces": "TWO"},
         "option sand_dollar_faces must be \"random\" or a list of 2 face codes, not 'TWO'",
         "la opción sand_dollar_faces debe ser \"random\" o una lista de 2 códigos de acción, no 'TWO'"),
    ]
    for options, english, spanish in cases:
        with pytest.raises(OptionError) as caught:
            GAME.new_state(2, **options)
        assert (str(caught.value), caught.value.text("es")) == (english, spanish)


def _raw():
    return {name: copy.deepcopy(load_json(PACKAGE, name)) for name in FILES}


@pytest.mark.parametrize("name,mutate,english,spanish", [
    ("cards.json", lambda d: d["cards"][1].update(id="B01"),
     "cards.json: id 'B01' is used twice", "cards.json: id 'B01' aparece dos veces"),
    ("cards.json", lambda d: d["cards"][40].update(tags=["wave"]),
     "cards.json card S02: only beach cards may carry the 'wave' tag",
     "cards.json, carta S02: solo las cartas de playa pueden llevar la etiqueta 'wave'"),
    ("cards.json", lambda d: d["cards"][0]["actions"][0].update(local=1.5),
     "cards.json card B01: 'local' must be an integer, not 1.5",
     "cards.json, carta B01: 'local' debe ser un número entero, no 1.5"),
    ("starting-tiles.json", lambda d: d["tiles"][0].update(footprint_tags=["gold"]),
     "starting-tiles.json tile PIER: unknown footprint tag 'gold'",
     "starting-tiles.json, ficha PIER: etiqueta de huella 'gold' desconocida"),
    ("sand-dollar-tiles.json", lambda d: d["tiles"][0]["faces"].pop(),
     "sand-dollar-tiles.json: every sand dollar tile has exactly 2 faces",
     "sand-dollar-tiles.json: cada loseta de dólar de arena tiene exactamente 2 caras"),
    ("objectives.json", lambda d: d["objectives"][0]["penalty"].update(type="x"),
     "objectives.json objective blue: unknown type 'x'; use per_unplaced, rank_unplaced",
     "objectives.json, objetivo blue: tipo 'x' desconocido; usa per_unplaced, rank_unplaced"),
])
def test_content_errors_in_both_languages(name, mutate, english, spanish):
    raw = _raw()
    mutate(raw[name])
    with pytest.raises(ContentError) as caught:
        validate(raw)
    assert str(caught.value) == f"Santa Monica: {english}"
    assert caught.value.text("es") == f"Santa Mónica: {spanish}"


def test_missing_content_directory_in_spanish(tmp_path):
    with pytest.raises(ContentError) as caught:
        GAME.new_state(2, content=str(tmp_path / "nowhere"))
    assert caught.value.text("es").startswith("Santa Mónica: la carpeta de contenido ")
    assert caught.value.text("es").endswith(" no existe")


def test_every_reason_has_both_languages_and_the_spanish_shows_every_english_field():
    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for code, texts in REASONS.items():
        assert set(texts) == {"en", "es"} and texts["en"] != texts["es"], code
        assert fields(texts["en"]) <= fields(texts["es"]), code


def test_stale_actions_are_explained_in_spanish_in_random_positions():
    """Actions legal earlier in random games, no longer legal, get a Spanish reason unlike the English."""
    codes = set()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 4)):
        chooser = random.Random(seed)
        state = GAME.new_state(players, seed=seed, end_cards=6)
        seen = {}
        while state.to_move:
            player = state.to_move[0]
            legal = state.legal_actions(player)
            texts = {str(a) for a in legal}
            stale = [a for t, a in seen.items() if t not in texts]
            for action in chooser.sample(stale, min(len(stale), 15)):
                english = state.explain_illegal(action, player, "en")
                spanish = state.explain_illegal(action, player, "es")
                assert english != spanish, (str(action), english)
                codes.add(_explain(state, action, player)[0])
            seen.update((str(a), a) for a in legal)
            state.apply(chooser.choice(legal), player)
    assert {"phase", "occupied", "apart", "face_cost", "nobody"} <= codes, codes
