"""One message catalogue: a message code and named arguments → the text in any language.

Every text a person reads (errors, refusals, move sentences, tables) is written once per language
as DATA: each package that speaks to people keeps `data/messages.<lang>.json`, a flat object
`{"code": "template with {named} arguments"}`. The code decides *which* message applies; the
reader's language is chosen only when the text is shown (`message.text(lang)`), so an error can
be raised once and read by an English log and a Spanish page alike.

The languages are the `messages.<lang>.json` files of the core's own `data/` folder, so a third
language is a data change: a `messages.fr.json` beside each `messages.en.json`, translated (the
conformance suite checks that every code exists in every language with the same arguments).

An argument may itself be a `Message` (a tile's name, a nested reason) or a `{lang: text}` dict
(names from component data); both are written in the reader's language, English where a
language has no text.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any

FALLBACK = "en"
_CATALOGUES: dict[str, Catalogue] = {}


def _files(package: str) -> dict[str, Any]:
    """The `messages.<lang>.json` files of `package`'s data folder, by language."""
    folder = resources.files(package).joinpath("data")
    found = {}
    for entry in folder.iterdir():
        name = entry.name
        if name.startswith("messages.") and name.endswith(".json"):
            found[name[len("messages."):-len(".json")]] = entry
    return found


def languages() -> tuple[str, ...]:
    """The languages ludoteca speaks: English first, then the others in alphabetical order."""
    return _LANGUAGES


_LANGUAGES = tuple(sorted(_files(__package__), key=lambda lang: (lang != FALLBACK, lang)))


def language(lang: str | None) -> str:
    """`lang` if ludoteca speaks it, else English."""
    return lang if lang in _LANGUAGES else FALLBACK


def placeholders(template: str) -> set[str]:
    """The named arguments a template uses (`"{who} took {tile}"` → {"who", "tile"})."""
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


class Catalogue:
    """The messages of one package (`core`, a game, `bots`, `arena`, a surface), in every language.

    Made once per package, at import (`Catalogue(__package__)`); the files are read on first use.
    """

    def __init__(self, package: str) -> None:
        self.package = package
        _CATALOGUES[package] = self

    @cached_property
    def texts(self) -> dict[str, dict[str, str]]:
        """`{lang: {code: template}}`, as read from the package's data files."""
        texts = {}
        for lang, entry in _files(self.package).items():
            with entry.open(encoding="utf-8") as handle:
                texts[lang] = json.load(handle)
        if FALLBACK not in texts:
            raise LookupError(f"{self.package} has no data/messages.{FALLBACK}.json")
        return texts

    def __contains__(self, code: str) -> bool:
        return code in self.texts[FALLBACK]

    def template(self, code: str, lang: str) -> str:
        """The template of `code` in `lang` (English if that language lacks it)."""
        texts = self.texts
        found = texts.get(language(lang), {}).get(code)
        if found is None:
            found = texts[FALLBACK].get(code)
        if found is None:
            raise KeyError(f"{self.package} has no message {code!r}")
        return found

    def templates(self, code: str) -> dict[str, str]:
        """`{lang: template}` of `code` in every language, unformatted: for tables that a caller
        formats itself, names from data, and `GameInfo` names and labels."""
        return {lang: self.template(code, lang) for lang in _LANGUAGES}

    def table(self, prefix: str) -> dict[str, dict[str, str]]:
        """`{lang: {key: template}}` of every code `<prefix>.<key>`: the word lists of a picture
        (`words = table[lang]`), read in one go."""
        start = prefix + "."
        keys = [code[len(start):] for code in self.texts[FALLBACK] if code.startswith(start)]
        return {lang: {key: self.template(start + key, lang) for key in keys} for lang in _LANGUAGES}

    def tree(self, prefix: str) -> dict[str, dict[str, Any]]:
        """Like `table`, with dotted keys as nested tables: `<prefix>.phases.draft` is
        `tree[lang]["phases"]["draft"]`, and keys 0, 1, ... make a tuple (`colours.0` ...)."""
        return {lang: _nest(words) for lang, words in self.table(prefix).items()}

    def group(self, prefix: str) -> dict[str, dict[str, str]]:
        """`{key: {lang: template}}` of every code `<prefix>.<key>`: a table of reasons or labels
        by key, each in every language."""
        start = prefix + "."
        return {code[len(start):]: self.templates(code) for code in self.texts[FALLBACK]
                if code.startswith(start)}

    def message(self, code: str, /, **args: Any) -> Message:
        """The message `code` with its arguments, to be written later in the reader's language."""
        if code not in self:
            raise KeyError(f"{self.package} has no message {code!r}")
        return Message(self, code, args)

    def text(self, code: str, lang: str = FALLBACK, /, **args: Any) -> str:
        """The message `code` written in `lang` at once."""
        return self.message(code, **args).text(lang)

    def by_language(self, code: str, /, **args: Any) -> dict[str, str]:
        """The message `code` in every language, `{lang: text}` (for JSON, labels, option help)."""
        message = self.message(code, **args)
        return {lang: message.text(lang) for lang in _LANGUAGES}

    def phrase(self, code: str) -> dict[str, tuple[str, str]]:
        """A move sentence in two persons (`core.words.Phrase`): codes `<code>.you` (the mover's
        form) and `<code>.they` (the others', naming `{who}`), in every language."""
        return {lang: (self.template(f"{code}.you", lang), self.template(f"{code}.they", lang))
                for lang in _LANGUAGES}

    def phrases(self, prefix: str = "move") -> dict[str, Mapping[str, tuple[str, str]]]:
        """Every phrase `<prefix>.<key>` of the catalogue (each with its `.you` and `.they`
        codes), by key: a game's move sentences, read in one go instead of listed by hand."""
        start, end = prefix + ".", ".you"
        return {code[len(start):-len(end)]: self.phrase(code[:-len(end)])
                for code in self.texts[FALLBACK] if code.startswith(start) and code.endswith(end)}

    def __repr__(self) -> str:
        return f"<messages of {self.package}>"


class GameCatalogue(Catalogue):
    """A game's catalogue: its name (the code `name`) begins every refusal it raises."""

    def refusal(self, code: str, /, **args: Any) -> Message:
        """Message `code` prefixed with the game's name ("Blue Lagoon: ..."), as errors read."""
        return in_game(self.templates("name"), self.message(code, **args))


def _nest(flat: Mapping[str, str]) -> Any:
    """{"a.b": x, "c.0": y, "c.1": z} → {"a": {"b": x}, "c": (y, z)}."""
    tree: dict[str, Any] = {}
    for key, value in flat.items():
        head, dot, rest = key.partition(".")
        if dot:
            tree.setdefault(head, {})[rest] = value
        else:
            tree[key] = value
    nested = {key: _nest(value) if isinstance(value, dict) else value for key, value in tree.items()}
    if nested and all(key.isdigit() for key in nested):
        return tuple(nested[str(i)] for i in range(len(nested)))
    return nested


@dataclass(frozen=True)
class Message:
    """A message code with its arguments: written in a language only when read."""

    catalogue: Catalogue
    code: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = FALLBACK) -> str:
        lang = language(lang)
        values = {name: written(value, lang) for name, value in self.args.items()}
        return self.catalogue.template(self.code, lang).format(**values)

    def __str__(self) -> str:
        return self.text(FALLBACK)


@dataclass(frozen=True)
class Verbatim:
    """Text given in each language by the caller rather than by a catalogue: the older form of a
    ludoteca error, `LudotecaError(english, spanish)`. New code raises catalogue `Message`s."""

    texts: Mapping[str, str]

    @property
    def code(self) -> None:
        return None

    def text(self, lang: str = FALLBACK) -> str:
        return written(self.texts, language(lang))

    def __str__(self) -> str:
        return self.text(FALLBACK)


def written(value: Any, lang: str) -> Any:
    """An argument as it reads in `lang`: a `Message` or a `{lang: text}` dict in that language;
    anything else as it is."""
    if isinstance(value, (Message, Verbatim)):
        return value.text(lang)
    if isinstance(value, Mapping) and FALLBACK in value:
        return written(value.get(lang, value[FALLBACK]), lang)
    return value


def in_game(names: Mapping[str, str], message: Message | Verbatim) -> Message:
    """`message` prefixed with the game's name ("Blue Lagoon: square 3,4 is taken"), as every
    error a game raises reads, so a person at a table of several games knows which one spoke."""
    return CORE.message("in_game", game=names, message=message)


def catalogues() -> dict[str, Catalogue]:
    """Every catalogue made so far, by package (the conformance suite checks them all)."""
    return dict(_CATALOGUES)


CORE = Catalogue(__package__)
