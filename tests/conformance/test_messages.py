"""The message catalogue: every text in every language, and every error a game raises from it.

A text a person reads is a message code of a package's `data/messages.<lang>.json`; these tests
hold the catalogue to its promise (a third language is a data change, every language has every
message with the same arguments) and hold the games to the catalogue (no error they raise carries
text written in the code).
"""

from __future__ import annotations

import ast
import pathlib
import random

import pytest

import ludoteca
import ludoteca.arena.match
import ludoteca.arena.report
import ludoteca.bots
import ludoteca.cli
import ludoteca.rl.messages
import ludoteca.server.messages
import ludoteca.tui
from ludoteca.core import IllegalAction, LudotecaError, NotationError, OptionError
from ludoteca.core.messages import Message, Verbatim, catalogues, languages, placeholders

GAME_IDS = [info.id for info in ludoteca.list_games()]
SOURCE = pathlib.Path(ludoteca.__file__).parent
# the packages (and modules) whose texts all live in the catalogue: every surface but the web
# pages, whose texts are checked by tests/web/test_web_messages.py
CATALOGUED = ("__init__.py", "core", "games", "bots", "arena", "rl", "server", "tui", "cli.py")
ERRORS = {"LudotecaError", "IllegalAction", "NotationError", "OptionError", "ContentError"}


def test_the_languages_are_the_core_files_english_first():
    assert languages()[0] == "en" and "es" in languages()
    core = SOURCE / "core" / "data"
    assert set(languages()) == {p.name.split(".")[1] for p in core.glob("messages.*.json")}


@pytest.mark.parametrize("package", sorted(catalogues()))
def test_every_message_exists_in_every_language_with_the_same_arguments(package):
    texts = catalogues()[package].texts
    english = texts["en"]
    assert english, f"{package} has an empty catalogue"
    for lang in languages():
        assert lang in texts, f"{package} has no messages.{lang}.json"
        assert set(texts[lang]) == set(english), (
            f"{package}: codes only in English {sorted(set(english) - set(texts[lang]))}, "
            f"only in {lang} {sorted(set(texts[lang]) - set(english))}")
        for code, template in texts[lang].items():
            assert isinstance(template, str) and template.strip(), f"{package} {lang} {code} is empty"
            assert placeholders(template) == placeholders(english[code]), f"{package} {lang} {code}"


def test_every_package_that_speaks_has_a_catalogue():
    packages = set(catalogues())
    assert {"ludoteca.core", "ludoteca.bots", "ludoteca.arena", "ludoteca.server", "ludoteca.rl",
            "ludoteca.tui", "ludoteca"} <= packages
    for game_id in GAME_IDS:
        package = ludoteca.load(game_id).package
        assert package in packages, f"{game_id} has no message catalogue"
        assert {"name", "summary"} <= set(catalogues()[package].texts["en"]), game_id


def test_a_message_is_written_in_the_readers_language_and_english_otherwise():
    core = catalogues()["ludoteca.core"]
    message = core.message("turn.not_yours", player=2, seats={"en": "player 0", "es": "jugador 0"})
    assert message.text("en") == "it is not player 2's turn; to move: player 0"
    assert message.text("es") == "no es el turno del jugador 2; juega: jugador 0"
    assert message.text("xx") == message.text("en")
    nested = core.message("in_game", game={"en": "Count", "es": "Cuenta"}, message=message)
    assert nested.text("es").startswith("Cuenta: no es el turno")
    with pytest.raises(KeyError):
        core.message("no such code")


def _catalogued(message) -> bool:
    """Whether a message and every message among its arguments come from a catalogue."""
    if isinstance(message, Verbatim):
        return False
    return isinstance(message, Message) and all(
        _catalogued(value) for value in message.args.values() if isinstance(value, (Message, Verbatim)))


def _refused(call, *args, **kwargs) -> LudotecaError:
    with pytest.raises(LudotecaError) as caught:
        call(*args, **kwargs)
    return caught.value


def _check(error: LudotecaError) -> None:
    assert _catalogued(error.message), f"{type(error).__name__} written in the code: {error}"
    for lang in languages():
        assert error.text(lang).strip()
    assert error.text("es") != error.text("en") or not error.text("en"), f"no Spanish for: {error}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_error_a_game_raises_comes_from_the_catalogue(game_id):
    game = ludoteca.load(game_id)
    chooser = random.Random(3)
    errors = [
        _refused(game.new_state, game.info.max_players + 1),
        _refused(game.new_state, seed="seven"),
        _refused(game.new_state, no_such_option=1),
        _refused(game.action_from_id, -1),
        _refused(game.parse_action, 7),
    ]
    for option in game.info.options:
        errors.append(_refused(game.new_state, **{option.name: object()}))
    state = game.new_state(seed=11)
    seen = {}
    for _ in range(40):
        if state.is_over:
            break
        player = state.to_move[0]
        legal = state.legal_actions(player)
        for text in ("", "%%", "zz 99", f"{legal[0]} extra words"):
            try:
                game.parse_action(text, state)
            except NotationError as error:
                errors.append(error)
        stale = [a for t, a in seen.items() if t not in {str(a) for a in legal}]
        for action in stale[:3]:
            errors.append(_refused(state.apply, action, player))
        others = [p for p in range(state.num_players) if p not in state.to_move]
        if others:
            errors.append(_refused(state.apply, legal[0], others[0]))
        seen.update((str(a), a) for a in legal)
        state.apply(chooser.choice(legal), player)
    for seat in range(state.num_players):
        if not state.undo_check(seat).allowed:
            errors.append(_refused(state.undone, seat))
    kinds = {type(error) for error in errors}
    assert IllegalAction in kinds and OptionError in kinds and NotationError in kinds
    for error in errors:
        _check(error)


def _python_files():
    for folder in CATALOGUED:
        path = SOURCE / folder
        yield from [path] if path.is_file() else sorted(path.rglob("*.py"))


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


@pytest.mark.parametrize("path", list(_python_files()), ids=lambda p: str(p.relative_to(SOURCE)))
def test_no_error_text_or_language_table_is_written_in_the_code(path):
    """The texts live in the catalogue: no error is raised with a string written in the code, and
    no {"en": ..., "es": ...} table of literal texts is left in the code."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS:
            assert not any(_literal(arg) for arg in node.args), f"line {node.lineno}: error text in code"
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "es"} <= keys:
                values = [v for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value in ("en", "es")]
                assert not all(_written(v) for v in values), f"line {node.lineno}: texts in code"


def _written(node: ast.AST) -> bool:
    """A text, a tuple of texts or a table written in the code (not computed from data)."""
    if isinstance(node, ast.Tuple):
        return all(_literal(item) for item in node.elts)
    return _literal(node) or isinstance(node, ast.Dict)
