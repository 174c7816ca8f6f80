"""Game options: declared once per game, validated before a state is created."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One option a game accepts, e.g. City Square Off's `variant`.

    `kind` is one of "bool", "int", "str", "choice" (any of `choices`, which may mix types) or
    "list" (a list whose items are all in `choices`).
    """

    name: str
    kind: str
    default: Any
    help: str
    help_es: str = ""
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def validate(self, value: Any) -> Any:
        """Return `value` if it is allowed, else raise `OptionError` saying what is."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise OptionError(f"option {self.name} must be true or false, not {value!r}",
                              f"la opción {self.name} debe ser true o false, no {value!r}")
        if self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option {self.name} must be a whole number, not {value!r}",
                                  f"la opción {self.name} debe ser un número entero, no {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name} must be at least {self.minimum}, not {value}",
                                  f"la opción {self.name} debe ser al menos {self.minimum}, no {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}, not {value}",
                                  f"la opción {self.name} debe ser como mucho {self.maximum}, no {value}")
            return value
        if self.kind == "list":
            if not isinstance(value, (list, tuple)):
                raise OptionError(f"option {self.name} must be a list, not {value!r}",
                                  f"la opción {self.name} debe ser una lista, no {value!r}")
            for item in value:
                if item not in self.choices:
                    raise OptionError(
                        f"option {self.name}: {item!r} is not allowed; choose from {self._allowed()}",
                        f"opción {self.name}: {item!r} no está permitido; elige entre {self._allowed()}",
                    )
            return list(value)
        if self.kind == "str" and not self.choices:
            if isinstance(value, str):
                return value
            raise OptionError(f"option {self.name} must be text, not {value!r}",
                              f"la opción {self.name} debe ser un texto, no {value!r}")
        if any(value == c and type(value) is type(c) for c in self.choices):
            return value
        raise OptionError(f"option {self.name} cannot be {value!r}; choose from {self._allowed()}",
                          f"la opción {self.name} no puede ser {value!r}; elige entre {self._allowed()}")

    def parse(self, text: str) -> Any:
        """Read a value typed by a person (`k=v` on the command line, a form field)."""
        text = text.strip()
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("true", "yes", "1", "on", "si", "sí"):
                return True
            if lowered in ("false", "no", "0", "off"):
                return False
            raise OptionError(f"option {self.name} must be true or false, not {text!r}",
                              f"la opción {self.name} debe ser true o false, no {text!r}")
        if self.kind == "int":
            try:
                return self.validate(int(text))
            except ValueError:
                raise OptionError(f"option {self.name} must be a whole number, not {text!r}",
                                  f"la opción {self.name} debe ser un número entero, no {text!r}") from None
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
        raise OptionError(f"option {self.name} cannot be {text!r}; choose from {self._allowed()}",
                          f"la opción {self.name} no puede ser {text!r}; elige entre {self._allowed()}")

    def _allowed(self) -> str:
        return ", ".join(json.dumps(c) for c in self.choices)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "help_es": self.help_es or self.help,
            "choices": list(self.choices),
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
            raise OptionError(f"write options as name=value, not {pair!r}",
                              f"escribe las opciones como nombre=valor, no {pair!r}")
        split[name.strip()] = text
    by_name = _by_name(options, split)
    return {name: by_name[name].parse(text) for name, text in split.items()}


def _by_name(options: tuple[Option, ...], given: dict[str, Any]) -> dict[str, Option]:
    by_name = {o.name: o for o in options}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"unknown option {name!r}; options are: {known}",
                              f"opción desconocida {name!r}; las opciones son: {known}")
    return by_name


def _fresh(default: Any) -> Any:
    return list(default) if isinstance(default, list) else default
