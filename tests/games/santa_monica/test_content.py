"""Santa Monica's card language (one test per construct) and content loading and validation."""

from __future__ import annotations

import copy
import json

import pytest

from ludoteca import OptionError
from ludoteca.core.data import load_json
from ludoteca.games.santa_monica import ContentError
from ludoteca.games.santa_monica.components import FILES, PACKAGE, load_content
from ludoteca.games.santa_monica.scoring import ring_options

from .helpers import GAME, build_city, crowd, new_game, people_at, set_display


def _lines(state, seat=0):
    lines, unplaced = state.score_lines()
    return lines[seat], unplaced[seat]


# ---- scoring clauses ---------------------------------------------------------------------------

@pytest.mark.parametrize("cards,line,points", [
    ({"S1": "S01", "B1": "B08"}, "adjacency", 3),             # adjacent wave (across): 3
    ({"S1": "S01", "B-1": "B08"}, "adjacency", 0),            # no wave beside S1 (POST's S0 is business)
    ({"B1": "B01", "B2": "B18"}, "chains", 0),                 # POST's B0 is local: wave group of 2
    ({"B1": "B01", "B2": "B18", "B3": "B03"}, "chains", 3 + 3),  # group of 3: 3, and 1 per space
    ({"B1": "B01"}, "chains", 0),                              # group of 1 < 3
    ({"S1": "S11"}, "sand_dollars", 2),                        # 1 per 2 SD with 5 SD
    ({"B1": "B36"}, "misc", -1),                               # flat
    ({"S1": "S17"}, "misc", 2),                                # empty
    ({"S1": "S29"}, "misc", 3),                                # not adjacent to tourist
    ({"B1": "B23", "S1": "S09"}, "misc", 4),                   # empty 4; tourist neighbour kills the 1
    ({"S1": "S27", "B1": "B08", "S2": "S01"}, "misc", 4 + 3),  # 4 distinct neighbour tags; B08 empty: 3
])
def test_scoring_clauses(cards, line, points):
    state = new_game()
    build_city(state, 0, "POST", cards, {"S0": "1V"}, sand=5)
    assert _lines(state)[0][line] == points


def test_people_city_and_vip_here_and_filled_rings_adjacent():
    state = new_game()
    build_city(state, 0, "PIER", {"B1": "B11", "S1": "S32", "B2": "B02", "B3": "B03"},
               {"S0": "1T", "B1": "2T", "S1": "1V", "B3": "2T"})
    line = _lines(state)[0]
    # Sunset Point: 5 tourists in the city -> 1; Paparazzi: VIP here -> 3; Lifeguard: 1 filled ring -> 2
    assert line["misc"] == 1 + 3 + 2


def test_footprints_score_per_matching_tag():
    state = new_game()
    build_city(state, 0, "PIER", {"S1": "S09"})
    state.footprints[0] = {state.cities[0][2 * 1 + 1]}
    assert _lines(state)[0]["footprints"] == 2  # S09 business+tourist, PIER wants tourist, wave


# ---- rings ---------------------------------------------------------------------------------------

def test_exact_ring_takes_locals_and_tourists_before_vips():
    rings = [{"need": {"local": 0, "tourist": 0, "any": 3}, "points": 5}]
    assert ring_options(rings, crowd("1L 1T 2V"), [5]) == [(0, 0, 0, ()), (5, 2, 5, (0,))]
    assert ring_options(rings, crowd("1L 1V"), [5]) == [(0, 0, 0, ())]


@pytest.mark.parametrize("kind,people,placed", [("local", "2L 1T", 2), ("tourist", "2L 1T", 1),
                                                ("any", "1L 1T 1V", 2), ("local", "1T", None)])
def test_any_number_rings(kind, people, placed):
    options = ring_options([{"any_number": kind, "points": 3}], crowd(people), [3])
    assert options[-1][1] == placed if placed is not None else options == [(0, 0, 0, ())]


def test_people_on_the_starting_tile_are_unplaced_but_vips_never_are():
    state = new_game()
    build_city(state, 0, "PIER", {}, {"S0": "1L 1T 2V"})
    line, unplaced = _lines(state)
    assert unplaced == 2 and line["penalty"] == -2


# ---- placement actions -------------------------------------------------------------------------

def _take_first(state, col, space):
    state.truck, state.foodie = 4, 4 if col != 4 else 3
    state.apply(f"take F{col} {space}")


def test_add_action_and_short_supply():
    state = new_game()
    build_city(state, 0, "POST", {})
    set_display(state, ["B20", "S07", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    state.supply[0] = 1
    _take_first(state, 1, "B1")
    assert people_at(state, 0, "B1") == crowd("1L") and state.supply[0] == 0


def test_sand_dollar_action():
    state = new_game()
    build_city(state, 0, "POST", {}, sand=0)
    set_display(state, ["B36", "S07", "B20", "S01"], ["B04", "S04", "B05", "S06"])
    _take_first(state, 1, "B1")
    assert state.sand[0] == 3


def test_move_action_limits_kinds():
    state = new_game()
    build_city(state, 0, "POST", {"S1": "S08"}, {"S0": "1L 1V", "S1": "1T"})
    set_display(state, ["S19", "S07", "B36", "S01"], ["B04", "S04", "B05", "S06"])
    _take_first(state, 1, "S2")  # Trolley Stop: move up to 3 tourists or VIPs up to 2 spaces
    kinds = {a.split()[1] for a in [str(x) for x in state.legal_actions()] if a.startswith("mv")}
    assert kinds == {"T", "V"}


def test_crowd_face_adds_a_local_and_a_tourist():
    state = new_game(faces=("TWO", "CROWD"))
    build_city(state, 0, "POST", {}, sand=1)
    set_display(state, ["B36", "S07", "B20", "S01"], ["B04", "S04", "B05", "S06"])
    state.apply("sd CROWD")
    state.apply("pick F1 B1")
    assert people_at(state, 0, "B1") == crowd("1L 1T") and state.sand[0] == 3


# ---- content loading and validation ------------------------------------------------------------

def _write(tmp_path, name, data):
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    return str(tmp_path)


def test_content_option_loads_a_replacement_directory(tmp_path):
    cards = copy.deepcopy(load_json(PACKAGE, "cards.json"))
    cards["cards"] = cards["cards"][:30]
    directory = _write(tmp_path, "cards.json", cards)
    state = GAME.new_state(2, seed=1, content=directory)
    assert len(state.deck) == 22 and state.content is load_content(directory)
    assert len(load_content("").cards) == 78


def test_our_texts_come_from_the_catalogue_and_replacement_content_may_give_its_own(tmp_path):
    """Our cards' rule texts and tag names are catalogue texts (`text.card.<id>`,
    `component.tag.<tag>`); a replacement file's own `text`/`text_<lang>` and `tag_names` win."""
    ours = load_content("")
    assert ours.text("card", ours.cards[0], "es").startswith("Añade 1 local")
    assert ours.tag_names["wave"] == {"en": "Wave", "es": "Olas"}
    cards = copy.deepcopy(load_json(PACKAGE, "cards.json"))
    cards["cards"][0].update(text="Our own words.", text_es="Nuestras palabras.")
    cards["tag_names"] = {"wave": {"en": "Surf"}}
    theirs = load_content(_write(tmp_path, "cards.json", cards))
    texts = [theirs.text("card", theirs.cards[0], lang) for lang in ("en", "es")]
    assert texts == ["Our own words.", "Nuestras palabras."]
    assert theirs.tag_names["wave"] == {"en": "Surf", "es": "Surf"}
    assert theirs.tag_names["local"]["es"] == "Local"
    shown = GAME.new_state(2, seed=1, content=str(tmp_path)).view(0)["catalogue"]
    assert shown["tag_names"]["wave"]["es"] == "Surf" and set(shown["objective"]["texts"]) == {"en", "es"}


def _broken(mutate, name="cards.json"):
    data = copy.deepcopy(load_json(PACKAGE, name))
    mutate(data)
    return data


@pytest.mark.parametrize("name,mutate,message", [
    ("cards.json", lambda d: d["cards"][1].update(id="B01"), "id 'B01' is used twice"),
    ("cards.json", lambda d: d["cards"][40].update(tags=["wave"]), "only beach cards"),
    ("cards.json", lambda d: d["cards"][0].update(tags=["wave", "wave"]), "1 or 2 different tags"),
    ("cards.json", lambda d: d["cards"][0]["scoring"][0].update(tag="sport"), "chain clause's tag"),
    ("cards.json", lambda d: d["cards"][6]["rings"].append({"need": {"local": 1, "tourist": 0, "any": 0},
                                                          "points": 1}), "any-number ring has no other"),
    ("cards.json", lambda d: d["cards"][0]["actions"][0].update(local=1.5), "must be an integer"),
    ("cards.json", lambda d: d["cards"][0]["scoring"][0].update(type="magic"), "unknown scoring clause"),
    ("cards.json", lambda d: d["cards"][0]["actions"][0].update(type="fly"), "unknown action type"),
    ("cards.json", lambda d: d.update(tag_names={"wave": "Surf"}), "each tag's name by language"),
    ("starting-tiles.json", lambda d: d["tiles"][0].update(footprint_tags=["gold"]), "unknown footprint tag"),
    ("sand-dollar-tiles.json", lambda d: d["tiles"][0]["faces"].pop(), "exactly 2 faces"),
    ("objectives.json", lambda d: d["objectives"][0]["penalty"].update(type="x"), "unknown type"),
])
def test_malformed_content_is_rejected_clearly(tmp_path, name, mutate, message):
    directory = _write(tmp_path, name, _broken(mutate, name))
    with pytest.raises(ContentError, match=message):
        GAME.new_state(2, seed=1, content=directory)
    assert issubclass(ContentError, OptionError)


def test_missing_directory_and_bad_json(tmp_path):
    with pytest.raises(ContentError, match="does not exist"):
        GAME.new_state(2, content=str(tmp_path / "nowhere"))
    (tmp_path / "cards.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="cannot read cards.json"):
        GAME.new_state(2, content=str(tmp_path))
    assert len(FILES) == 4
