"""Santa Monica's components as data: loading and validating the four JSON files.

Every card, starting tile, sand dollar face and objective comes from these files, so a complete
printed card list can replace our stand-in content without a code change (option `content`).
Validation happens once per directory, when a game is created, and names the broken field.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from ludoteca.core import OptionError
from ludoteca.core.data import load_json
from ludoteca.core.messages import FALLBACK, Message, languages, written

from .messages import MESSAGES, refusal

PACKAGE = "ludoteca.games.santa_monica"
FILES = ("cards.json", "starting-tiles.json", "sand-dollar-tiles.json", "objectives.json")
KINDS = ("local", "tourist", "vip")
MAX_TILES = 32  # starting tiles and sand dollar faces each get 32 fixed RL action ids
ROWS = ("beach", "street")
FROMS = ("front", "back", "any", "column")
EXTRAS = (None, "discard_front_row_first", "optional_swap", "move_any_2x2", "add_local_tourist")
CLAUSE_FIELDS = {
    "adjacent": ("tag", "points"),
    "chain": ("tag", "min", "points", "per_card"),
    "sand_dollars": ("per", "points"),
    "flat": ("points",),
    "empty": ("points",),
    "not_adjacent": ("tag", "points"),
    "people_city": ("kind", "per", "points"),
    "filled_rings_adjacent": ("points",),
    "distinct_neighbour_tags": ("points",),
    "vip_here": ("points",),
}
WAVE_TYPES = {
    "largest_group_per_space": ("tag", "points"),
    "per_space_beyond_first_in_each_group": ("tag", "points"),
    "group_size_table": ("tag", "table"),
}
MISC_TYPES = {
    "largest_any_tag_group_per_space": ("points",),
    "per_group_of_min_size": ("min", "points"),
    "per_filled_ring": ("points",),
    "per_complete_column": ("points",),
}
# The field that identifies each kind of component (the `<id>` of its catalogue name).
_ID_KEYS = {"card": "id", "tile": "id", "face": "code", "objective": "id"}
PENALTY_TYPES = {
    "per_unplaced": ("per", "points"),
    "rank_unplaced": ("points_by_rank", "second_rank_min_players"),
}


class ContentError(OptionError):
    """Malformed Santa Monica content (a card, tile, face or objective file that breaks the schema)."""


class Content:
    """The validated components, with the lookup tables the engine's hot paths use."""

    def __init__(self, raw: dict[str, Any]):
        cards_file = raw["cards.json"]
        self.tags: tuple[str, ...] = tuple(cards_file["tags"])
        self.tag_names = {tag: _tag_names(tag, cards_file.get("tag_names", {})) for tag in self.tags}
        self.cards: list[dict] = cards_file["cards"]
        self.card_index = {c["id"]: i for i, c in enumerate(self.cards)}
        self.card_row = [ROWS.index(c["row"]) for c in self.cards]
        self.card_tags = [self.tag_mask(c["tags"]) for c in self.cards]
        self.card_actions = [tuple(_compile_action(a) for a in c["actions"]) for c in self.cards]
        # the turn's task for each action: an `add` also names its card (placed once per game)
        self.card_tasks = [tuple(a + (i,) if a[0] == "add" else a for a in actions)
                           for i, actions in enumerate(self.card_actions)]
        self.tiles: list[dict] = raw["starting-tiles.json"]["tiles"]
        self.tile_index = {t["id"]: i for i, t in enumerate(self.tiles)}
        self.tile_half_tags = [
            (self.tag_mask(t["tags"]["beach"]), self.tag_mask(t["tags"]["street"])) for t in self.tiles
        ]
        self.tile_wants = [self.tag_mask(t["footprint_tags"]) for t in self.tiles]
        self.faces: list[dict] = []
        self.face_tiles: list[list[int]] = []
        for tile in raw["sand-dollar-tiles.json"]["tiles"]:
            self.face_tiles.append([])
            for face in tile["faces"]:
                self.face_tiles[-1].append(len(self.faces))
                self.faces.append(face)
        self.face_index = {f["code"]: i for i, f in enumerate(self.faces)}
        # (cost, picks, from, extra) per face: the acquire phase checks every face on every turn
        self.face_rules = [
            (f["cost"], f["effect"]["picks"], f["effect"]["from"], f["effect"]["extra"]) for f in self.faces
        ]
        self.objectives: list[dict] = raw["objectives.json"]["objectives"]
        self.objective_index = {o["id"]: i for i, o in enumerate(self.objectives)}

    def names(self, kind: str, entry: dict) -> Message | dict[str, str]:
        """The name of a component (`kind` card, tile, face or objective) in every language: the
        names a replacement content file gives it (`name`, and `name_<lang>`), or else ours, the
        catalogue's `component.<kind>.<id>`, so that adding a language is a catalogue change."""
        if "name" in entry:
            given = {key[len("name_"):]: text for key, text in entry.items() if key.startswith("name_")}
            return {**given, FALLBACK: entry["name"]}
        return MESSAGES.message(f"component.{kind}.{entry[_ID_KEYS[kind]]}")

    def name(self, kind: str, entry: dict, lang: str) -> str:
        """`names` written in `lang`."""
        return written(self.names(kind, entry), lang)

    def texts(self, kind: str, entry: dict) -> Message | dict[str, str]:
        """The printed rule text of a component in every language, as `names` finds names: the
        replacement file's own `text` (and `text_<lang>`), or else ours, `text.<kind>.<id>`."""
        if "text" in entry:
            given = {key[len("text_"):]: text for key, text in entry.items() if key.startswith("text_")}
            return {**given, FALLBACK: entry["text"]}
        code = f"text.{kind}.{entry[_ID_KEYS[kind]]}"
        return MESSAGES.message(code) if code in MESSAGES else {FALLBACK: ""}

    def text(self, kind: str, entry: dict, lang: str) -> str:
        """`texts` written in `lang`."""
        return written(self.texts(kind, entry), lang)

    def printed_fields(self, kind: str, entry: dict) -> dict[str, Any]:
        """The name and rule text as a view gives them, each in every language (`names`, `texts`:
        `{lang: text}`), so that a renderer shows any language the catalogue has."""
        names, texts = self.names(kind, entry), self.texts(kind, entry)
        return {"names": {lang: written(names, lang) for lang in languages()},
                "texts": {lang: written(texts, lang) for lang in languages()}}

    def tag_mask(self, tags: list[str]) -> int:
        mask = 0
        for tag in tags:
            mask |= 1 << self.tags.index(tag)
        return mask

    def tag_list(self, mask: int) -> list[str]:
        return [t for i, t in enumerate(self.tags) if mask >> i & 1]


def _tag_names(tag: str, given: dict[str, dict[str, str]]) -> dict[str, str]:
    """A tag's name in every language: the replacement file's `tag_names` entry, or else ours
    (`component.tag.<tag>`), or else the tag key itself."""
    if tag in given:
        return {lang: given[tag].get(lang) or given[tag].get(FALLBACK) or tag for lang in languages()}
    code = f"component.tag.{tag}"
    return MESSAGES.by_language(code) if code in MESSAGES else {lang: tag for lang in languages()}


def _compile_action(action: dict) -> tuple:
    """A placement action as a small tuple: ("sd", n), ("add", l, t, v) or ("move", kinds, N, D, 0)."""
    if action["type"] == "sand_dollars":
        return ("sd", action["amount"])
    if action["type"] == "add":
        return ("add", action["local"], action["tourist"], action["vip"])
    mask = sum(1 << KINDS.index(k) for k in action["kinds"])
    return ("move", mask, action["people"], action["distance"], 0)


@cache
def load_content(directory: str = "") -> Content:
    """The content in `directory` ("" = the package's own data); files it lacks come from ours."""
    return _load(str(Path(directory).resolve()) if directory else "")


@cache
def _load(directory: str) -> Content:
    raw = {}
    for name in FILES:
        path = Path(directory, name) if directory else None
        if path is not None and path.is_file():
            try:
                raw[name] = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise ContentError(refusal("content.unreadable", name=name, error=error)) from error
        else:
            if directory and not Path(directory).is_dir():
                raise ContentError(refusal("content.no_directory", directory=repr(directory)))
            raw[name] = load_json(PACKAGE, name)
    validate(raw)
    return Content(raw)


# ---- validation ---------------------------------------------------------------------------------


# Where a problem is: a file name (the same in every language) or a part of a file.
Where = str | Message


def _part(file: str, part: str, ident: Any) -> Message:
    return MESSAGES.message(f"content.part.{part}", file=file, ident=ident)


def _fail(where: Where, code: str, /, **args: Any) -> NoReturn:
    raise ContentError(refusal("content.problem", where=where, problem=MESSAGES.message(code, **args)))


def _int(where: Where, obj: dict, key: str, minimum: int | None = None) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(where, "content.key_integer_value", key=repr(key), value=repr(value))
    if minimum is not None and value < minimum:
        _fail(where, "content.key_least_minimum_value", key=repr(key), minimum=minimum, value=value)
    return value


def _list(where: Where, obj: dict, key: str) -> list:
    value = obj.get(key)
    if not isinstance(value, list):
        _fail(where, "content.key_list", key=repr(key))
    return value


def _unique(where: Where, items: list[dict], key: str) -> None:
    seen = set()
    for item in items:
        value = item.get(key)
        if not isinstance(value, str) or not value:
            _fail(where, "content.every_entry_needs_text", key=repr(key))
        if value in seen:
            _fail(where, "content.key_value_used_twice", key=key, value=repr(value))
        seen.add(value)


def _named(where: Where, items: list[dict], kind: str) -> None:
    """Every entry has a name: a text `name` of its own (replacement content), or ours in the
    catalogue (`Content.names`)."""
    for item in items:
        ident = item.get(_ID_KEYS[kind])
        if "name" in item:
            if not isinstance(item["name"], str) or not item["name"]:
                _fail(where, "content.every_entry_needs_text", key=repr("name"))
        elif f"component.{kind}.{ident}" not in MESSAGES:
            _fail(where, "content.no_name", ident=repr(ident))


def validate(raw: dict[str, Any]) -> None:
    """Raise `ContentError` naming the first rule the content breaks (rules of spec 2.4–2.7)."""
    for name in FILES:
        if not isinstance(raw.get(name), dict):
            _fail(name, "content.file_hold_json_object")
    tags = _validate_cards(raw["cards.json"])
    _validate_tiles(raw["starting-tiles.json"], tags)
    _validate_faces(raw["sand-dollar-tiles.json"])
    _validate_objectives(raw["objectives.json"], tags)


def _validate_cards(data: dict) -> list[str]:
    tags = _list("cards.json", data, "tags")
    if not tags or not all(isinstance(t, str) for t in tags) or "wave" not in tags:
        _fail("cards.json", "content.tags_list_tag_keys")
    names = data.get("tag_names", {})
    if not isinstance(names, dict) or not all(
            isinstance(by_lang, dict) and all(isinstance(text, str) for text in by_lang.values())
            for by_lang in names.values()):
        _fail("cards.json", "content.tag_names_by_language")
    cards = _list("cards.json", data, "cards")
    if not cards:
        _fail("cards.json", "content.there_least_one_card")
    _unique("cards.json", cards, "id")
    _named("cards.json", cards, "card")
    for card in cards:
        where = _part("cards.json", "card", card['id'])
        if card.get("row") not in ROWS:
            _fail(where, "content.row_beach_street")
        card_tags = _list(where, card, "tags")
        if not 1 <= len(card_tags) <= 2 or len(set(card_tags)) != len(card_tags):
            _fail(where, "content.card_has_1_2")
        for tag in card_tags:
            if tag not in tags:
                _fail(where, "content.unknown_tag_tag_tags", tag=repr(tag), join=', '.join(tags))
        if "wave" in card_tags and card["row"] != "beach":
            _fail(where, "content.only_beach_cards_may")
        actions = _list(where, card, "actions")
        if len(actions) > 2:
            _fail(where, "content.card_has_most_2_2")
        for action in actions:
            _validate_action(where, action)
        clauses = _list(where, card, "scoring")
        if len(clauses) > 2:
            _fail(where, "content.card_has_most_2_3")
        for clause in clauses:
            _validate_clause(where, clause, card_tags, tags)
        _validate_rings(where, _list(where, card, "rings"))
    return tags


def _validate_action(where: Where, action: dict) -> None:
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == "sand_dollars":
        _int(where, action, "amount", 1)
    elif kind == "add":
        if sum(_int(where, action, k, 0) for k in ("local", "tourist", "vip")) < 1:
            _fail(where, "content.add_action_adds_least")
    elif kind == "move":
        kinds = _list(where, action, "kinds")
        if not kinds or kinds != [k for k in KINDS if k in kinds]:
            _fail(where, "content.kinds_non_empty_list")
        _int(where, action, "people", 1)
        _int(where, action, "distance", 1)
    else:
        _fail(where, "content.unknown_action_type_kind", kind=repr(kind))


def _validate_clause(where: Where, clause: dict, card_tags: list[str], tags: list[str]) -> None:
    kind = clause.get("type") if isinstance(clause, dict) else None
    if kind not in CLAUSE_FIELDS:
        _fail(where, "content.unknown_scoring_clause_kind", kind=repr(kind), join=', '.join(CLAUSE_FIELDS))
    for field in CLAUSE_FIELDS[kind]:
        if field == "tag":
            if clause.get("tag") not in tags:
                _fail(where, "content.clause_kind_names_unknown", kind=kind, clause=repr(clause.get('tag')))
        elif field == "kind":
            if clause.get("kind") not in ("local", "tourist"):
                _fail(where, "content.clause_people_city_counts")
        elif field == "per_card":
            if not isinstance(clause.get("per_card"), bool):
                _fail(where, "content.clause_chain_needs_per")
        else:
            _int(where, clause, field, 1 if field in ("per", "min") else None)
    if kind == "chain" and clause["tag"] not in card_tags:
        _fail(where, "content.chain_clause_s_tag", clause=clause['tag'])


def _validate_rings(where: Where, rings: list) -> None:
    if len(rings) > 2:
        _fail(where, "content.card_has_most_2")
    for ring in rings:
        if not isinstance(ring, dict):
            _fail(where, "content.ring_object")
        _int(where, ring, "points")
        if "any_number" in ring:
            if ring["any_number"] not in ("local", "tourist", "any"):
                _fail(where, "content.any_number_local_tourist")
            if len(rings) > 1:
                _fail(where, "content.card_any_number_ring")
        elif isinstance(ring.get("need"), dict):
            if sum(_int(where, ring["need"], k, 0) for k in ("local", "tourist", "any")) < 1:
                _fail(where, "content.ring_needs_least_one")
        else:
            _fail(where, "content.ring_has_need_exact")


def _validate_tiles(data: dict, tags: list[str]) -> None:
    tiles = _list("starting-tiles.json", data, "tiles")
    if not 2 <= len(tiles) <= MAX_TILES:
        _fail("starting-tiles.json", "content.there_2_max_tiles", max_tiles=MAX_TILES)
    _unique("starting-tiles.json", tiles, "id")
    _named("starting-tiles.json", tiles, "tile")
    for tile in tiles:
        where = _part("starting-tiles.json", "tile", tile['id'])
        if not tile["id"].isalpha() or not tile["id"].isupper() or not tile["id"].isascii():
            _fail(where, "content.tile_id_written_letters")
        _int(where, tile, "vips", 0)
        bonus = tile.get("bonus")
        if not isinstance(bonus, dict):
            _fail(where, "content.bonus_object")
        for key in ("sand_dollars", "local", "tourist"):
            _int(where, bonus, key, 0)
        halves = tile.get("tags")
        if not isinstance(halves, dict):
            _fail(where, "content.tags_give_beach_street")
        for half in ("beach", "street"):
            for tag in _list(where, halves, half):
                if tag not in tags:
                    _fail(where, "content.unknown_tag_tag", tag=repr(tag))
        for tag in _list(where, tile, "footprint_tags"):
            if tag not in tags:
                _fail(where, "content.unknown_footprint_tag_tag", tag=repr(tag))
        scoring = tile.get("footprint_scoring")
        if not isinstance(scoring, dict):
            _fail(where, "content.footprint_scoring_object")
        _int(where, scoring, "per_footprint")
        _int(where, scoring, "per_matching_tag")


def _validate_faces(data: dict) -> None:
    tiles = _list("sand-dollar-tiles.json", data, "tiles")
    if len(tiles) < 2:
        _fail("sand-dollar-tiles.json", "content.there_least_2_sand")
    faces = []
    for tile in tiles:
        tile_faces = _list("sand-dollar-tiles.json", tile, "faces")
        if len(tile_faces) != 2:
            _fail("sand-dollar-tiles.json", "content.every_sand_dollar_tile")
        faces.extend(tile_faces)
    if len(faces) > MAX_TILES:
        _fail("sand-dollar-tiles.json", "content.most_max_tiles_faces", max_tiles=MAX_TILES)
    _unique("sand-dollar-tiles.json", faces, "code")
    _named("sand-dollar-tiles.json", faces, "face")
    for face in faces:
        where = _part("sand-dollar-tiles.json", "face", face['code'])
        if not face["code"].isalpha() or not face["code"].isupper() or not face["code"].isascii():
            _fail(where, "content.face_code_written_letters")
        _int(where, face, "cost", 0)
        effect = face.get("effect")
        if not isinstance(effect, dict) or effect.get("from") not in FROMS:
            _fail(where, "content.effect_from_one_join", join=', '.join(FROMS))
        picks = _int(where, effect, "picks", 1)
        if picks > 2 or (effect["from"] == "column" and picks != 2):
            _fail(where, "content.picks_1_2_column")
        if effect.get("extra") not in EXTRAS:
            _fail(where, "content.unknown_extra_effect", effect=repr(effect.get('extra')))


def _validate_objectives(data: dict, tags: list[str]) -> None:
    objectives = _list("objectives.json", data, "objectives")
    if not objectives:
        _fail("objectives.json", "content.there_least_one_objective")
    _unique("objectives.json", objectives, "id")
    _named("objectives.json", objectives, "objective")
    for objective in objectives:
        where = _part("objectives.json", "objective", objective['id'])
        _check_entry(where, objective.get("wave_bonus"), WAVE_TYPES, tags)
        for entry in _list(where, objective, "misc_bonus"):
            _check_entry(where, entry, MISC_TYPES, tags)
        _check_entry(where, objective.get("penalty"), PENALTY_TYPES, tags)


def _check_entry(where: Where, entry: Any, types: dict[str, tuple], tags: list[str]) -> None:
    kind = entry.get("type") if isinstance(entry, dict) else None
    if kind not in types:
        _fail(where, "content.unknown_type_kind_use", kind=repr(kind), join=', '.join(types))
    for field in types[kind]:
        if field == "tag":
            if entry.get("tag") not in tags:
                tag = entry.get("tag")
                _fail(where, "content.unknown_tag_tag", tag=repr(tag))
        elif field in ("table", "points_by_rank"):
            values = _list(where, entry, field)
            if not values or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                _fail(where, "content.field_non_empty_list", field=repr(field))
        else:
            _int(where, entry, field, 1 if field in ("per", "min") else None)
