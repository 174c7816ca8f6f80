"""Game options: declared once per game, validated before a state is created."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError
from .messages import CORE, Message, languages


@dataclass(frozen=True)
class Option:
    """One option a game accepts, e.g. City Square Off's `variant`.

    `kind` is one of "bool", "int", "str", "choice" (any of `choices`, which may mix types) or
    "list" (a list whose items are all in `choices`).

    `help` is a catalogue `Message` (its text in every language; `help` and `help_es` then hold
    the English and Spanish texts for callers that read them), or, in the older form, the
    English text with the Spanish one in `help_es`.

    `label` (a catalogue `Message`) names the option for people, as a form shows it; without one,
    surfaces show `name`. `choice_labels` names choices for people: `{str(choice): {lang: text}}`
    (a catalogue group, or names from component data); a choice without one shows as itself.
    """

    name: str
    kind: str
    default: Any
    help: str | Message
    help_es: str = ""
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    label: Message | None = None
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.help, Message):
            message = self.help
            object.__setattr__(self, "message", message)
            object.__setattr__(self, "help", message.text("en"))
            object.__setattr__(self, "help_es", message.text("es"))

    def help_in(self, lang: str) -> str:
        """What the option does, in `lang`."""
        message = self.__dict__.get("message")
        if message is not None:
            return str(message.text(lang))
        return self.help_es if lang == "es" and self.help_es else str(self.help)

    def label_in(self, lang: str) -> str:
        """The option's name for people, in `lang` (its `name` when it has no label)."""
        return self.label.text(lang) if self.label is not None else self.name

    def choice_label(self, choice: Any, lang: str) -> str:
        """A choice's name for people, in `lang` (the choice itself when it has none)."""
        names = self.choice_labels.get(str(choice))
        return str(names.get(lang) or names.get("en") or choice) if names else str(choice)

    def validate(self, value: Any) -> Any:
        """Return `value` if it is allowed, else raise `OptionError` saying what is."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise self._error("option.bool", value=repr(value))
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise self._error("option.int", value=repr(value))
            if self.minimum is not None and value < self.minimum:
                raise self._error("option.minimum", minimum=self.minimum, value=value)
            if self.maximum is not None and value > self.maximum:
                raise self._error("option.maximum", maximum=self.maximum, value=value)
            return value
        if self.kind == "list":
            if not isinstance(value, (list, tuple)):
                raise self._error("option.list", value=repr(value))
            for item in value:
                if item not in self.choices:
                    raise self._error("option.item", item=repr(item), allowed=self._allowed())
            return list(value)
        if self.kind == "str" and not self.choices:
            if isinstance(value, str):
                return value
            raise self._error("option.text", value=repr(value))
        if any(value == c and type(value) is type(c) for c in self.choices):
            return value
        raise self._error("option.choice", value=repr(value), allowed=self._allowed())

    def parse(self, text: str) -> Any:
        """Read a value typed by a person (`k=v` on the command line, a form field)."""
        text = text.strip()
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("true", "yes", "1", "on", "si", "sí"):
                return True
            if lowered in ("false", "no", "0", "off"):
                return False
            raise self._error("option.bool", value=repr(text))
        if self.kind == "int":
            try:
                return self.validate(int(text))
            except ValueError:
                raise self._error("option.int", value=repr(text)) from None
        if self.kind == "list":
            items = [t.strip() for t in text.split(",") if t.strip()]
            return self.validate([self._parse_choice(t) for t in items])
        if self.kind == "str" and not self.choices:
            return text
        return self.validate(self._parse_choice(text))

    def _parse_choice(self, text: str) -> Any:
        for choice in self.choices:
            if str(choice).lower() == text.lower():
                return choice
        raise self._error("option.choice", value=repr(text), allowed=self._allowed())

    def _error(self, code: str, **args: Any) -> OptionError:
        return OptionError(CORE.message(code, name=self.name, **args))

    def _allowed(self) -> str:
        return ", ".join(json.dumps(c) for c in self.choices)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "help_es": self.help_es or self.help,
            "helps": {lang: self.help_in(lang) for lang in languages()},
            "labels": {lang: self.label_in(lang) for lang in languages()},
            "choices": list(self.choices),
            "choice_labels": {lang: {str(c): self.choice_label(c, lang) for c in self.choices}
                              for lang in languages()},
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


def resolve_options(options: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in, every value checked; unknown names raise `OptionError`."""
    by_name = _by_name(options, given)
    return {
        name: option.validate(given[name]) if name in given else _fresh(option.default)
        for name, option in by_name.items()
    }


def parse_options(options: tuple[Option, ...], pairs: list[str]) -> dict[str, Any]:
    """Read `["variant=city_sprint", ...]` as typed by a person into typed values."""
    split = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise OptionError(CORE.message("option.pair", pair=repr(pair)))
        split[name.strip()] = text
    by_name = _by_name(options, split)
    return {name: by_name[name].parse(text) for name, text in split.items()}


def _by_name(options: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Option]:
    by_name = {o.name: o for o in options}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or CORE.message("option.none")
            raise OptionError(CORE.message("option.unknown", name=repr(name), known=known))
    return by_name


def _fresh(default: Any) -> Any:
    return list(default) if isinstance(default, list) else default
