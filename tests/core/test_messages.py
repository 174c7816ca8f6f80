"""The message catalogue's mechanism, on a package made for the test (no game involved)."""

from __future__ import annotations

import json
import sys

import pytest

from ludoteca.core import IllegalAction, Option
from ludoteca.core.messages import GameCatalogue, Message, Verbatim, written

EN = {"name": "Toy", "took": "took {card}", "card.kite": "Kite", "move.take.you": "You took {card}",
      "move.take.they": "{who} took {card}", "words.seat": "seat", "words.colours.0": "red",
      "words.colours.1": "blue", "words.phases.build": "build", "option.start": "where to start"}
ES = {"name": "Juguete", "took": "tomó {card}", "card.kite": "Cometa", "move.take.you": "Tomaste {card}",
      "move.take.they": "{who} tomó {card}", "words.seat": "asiento", "words.colours.0": "rojo",
      "words.colours.1": "azul", "words.phases.build": "construir", "option.start": "dónde empezar"}


@pytest.fixture
def toy(tmp_path, monkeypatch):
    package = tmp_path / "toy_messages_pkg"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for lang, texts in (("en", EN), ("es", ES)):
        (package / "data" / f"messages.{lang}.json").write_text(json.dumps(texts), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield GameCatalogue("toy_messages_pkg")
    sys.modules.pop("toy_messages_pkg", None)


def test_a_message_reads_in_the_language_asked_with_nested_arguments(toy):
    message = toy.message("took", card=toy.message("card.kite"))
    assert isinstance(message, Message)
    assert (message.text("en"), message.text("es"), str(message)) == ("took Kite", "tomó Cometa", "took Kite")
    assert message.text("fr") == "took Kite"  # a language ludoteca does not speak reads English
    assert toy.text("took", "es", card={"en": "Kite", "es": "Cometa"}) == "tomó Cometa"
    assert written({"en": "Kite"}, "es") == "Kite"  # a name with no Spanish form keeps its English one


def test_an_unknown_code_is_refused_at_once(toy):
    with pytest.raises(KeyError):
        toy.message("no such code")


def test_tables_phrases_and_templates_keep_the_shapes_callers_read(toy):
    assert toy.templates("took") == {"en": "took {card}", "es": "tomó {card}"}
    assert toy.phrase("move.take") == {"en": ("You took {card}", "{who} took {card}"),
                                       "es": ("Tomaste {card}", "{who} tomó {card}")}
    assert toy.phrases() == {"take": toy.phrase("move.take")}  # every move.* phrase, by key
    assert toy.table("words")["es"]["seat"] == "asiento"
    tree = toy.tree("words")["es"]
    assert tree["colours"] == ("rojo", "azul") and tree["phases"] == {"build": "construir"}
    assert toy.group("card") == {"kite": {"en": "Kite", "es": "Cometa"}}


def test_an_error_carries_its_message_and_the_games_name(toy):
    error = IllegalAction(toy.refusal("took", card=toy.message("card.kite")))
    assert str(error) == "Toy: took Kite" and error.text("es") == "Juguete: tomó Cometa"
    assert error.message.args["message"].args["card"].code == "card.kite"  # inside "Toy: ..."
    older = IllegalAction("in English", "en español")
    assert isinstance(older.message, Verbatim) and older.text("es") == "en español"


def test_an_options_help_may_be_a_message(toy):
    option = Option("start", "int", 0, toy.message("option.start"))
    assert (option.help, option.help_es) == ("where to start", "dónde empezar")
    assert option.to_dict()["helps"] == {"en": "where to start", "es": "dónde empezar"}
