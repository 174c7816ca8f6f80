"""Typer's own words (usage line, panel titles, the help option, its parser's errors) follow the
language of the environment, like the help texts, from the message catalogue.

The command runs in a child process, as a person starts it: the help texts are chosen when the
module is imported, from the environment of the process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
TIMEOUT = 600  # a busy machine may start Python slowly; nothing here is timed


def ludoteca(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key not in ("LUDOTECA_LANG", "LANG")}
    environment.update(COLUMNS="100", NO_COLOR="1", TERM="dumb", **env,
                       PYTHONPATH=os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "ludoteca.cli", *args], env=environment, capture_output=True,
                          text=True, timeout=TIMEOUT, check=False)


SPANISH = {"LUDOTECA_LANG": "es"}


@pytest.mark.parametrize(("env", "words", "english"), [
    ({"LUDOTECA_LANG": "en"}, ["Usage:", "[OPTIONS] COMMAND [ARGS]...", "Options", "Commands",
                               "Show this message and exit.", "five modern tabletop games"], []),
    (SPANISH, ["Uso:", "[OPCIONES] ORDEN [ARGUMENTOS]...", "Opciones", "Órdenes",
               "Muestra esta ayuda y sale.", "cinco juegos de mesa"],
     ["Usage", "Options", "Commands", "Show this message"]),
    ({"LANG": "es_ES.UTF-8"}, ["Uso:", "Opciones", "Órdenes", "Muestra esta ayuda y sale."],
     ["Usage", "Options"]),
])
def test_the_help_is_all_in_the_language_of_the_environment(env, words, english):
    shown = ludoteca("--help", **env)
    assert shown.returncode == 0, shown.stderr
    for word in words:
        assert word in shown.stdout, word
    for word in english:
        assert word not in shown.stdout, word


def test_a_commands_help_names_its_arguments_in_spanish():
    shown = ludoteca("rules", "--help", **SPANISH).stdout
    assert "Argumentos" in shown and "Opciones" in shown and "Uso:" in shown
    assert "Arguments" not in shown and "[required]" not in shown
    assert "JUEGO" in shown and "GAME" not in shown  # what a person types is named in Spanish too


@pytest.mark.parametrize(("args", "english", "spanish"), [
    (["play", "--bogus"], "No such option: --bogus", "No existe la opción: --bogus"),
    (["rules"], "Missing argument 'GAME'.", "Falta el argumento 'JUEGO'."),
    (["plya"], "No such command 'plya'. Did you mean 'play'",
     "No existe la orden 'plya'. ¿Querías decir 'play'"),
    (["games", "a", "b"], "Got unexpected extra argument(s) (a b).", "Sobran argumentos (a b)."),
    (["play", "--seed"], "Option '--seed' needs a value.", "La opción '--seed' necesita un valor."),
    (["play", "--seed", "abc"], "'--seed': a whole number is needed",
     "'--seed': hace falta un número entero"),
    (["bench", "--seconds", "0.01"], "it must be 0.05 or more", "debe ser 0.05 o más"),
])
def test_a_bad_command_line_is_answered_in_the_readers_language(args, english, spanish):
    said = ludoteca(*args, LUDOTECA_LANG="en")
    assert said.returncode == 2 and english in said.stderr, said.stderr
    said = ludoteca(*args, **SPANISH)
    assert said.returncode == 2 and spanish in said.stderr, said.stderr
    assert "Error" in said.stderr and "No such" not in said.stderr and "Missing" not in said.stderr
    assert "Input should" not in said.stderr
    if args != ["play", "--seed"]:  # the parser gives that error before it knows the command
        assert "Uso:" in said.stderr and "para ver la ayuda" in said.stderr and "Usage" not in said.stderr


# Typer's own English tags of what a parameter takes (`<str>`, `<int range> [x>=1]`); its `<path>`
# is English's word too, so only Spanish must lack it.
TYPER_TAGS = ("<str>", "<int>", "<float>", "<bool>", "<list[", " range>", "x>=", "x<=")
COMMANDS = ("games", "rules", "replay", "play", "serve", "bots", "arena", "bench")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("env", "tags"), [
    ({"LUDOTECA_LANG": "en"}, {"arena": ["GAME      <text>", "<integer ≥ 1>", "<path>", "<text …>",
                                         "ADDRESS"],
                               "bench": ["<number ≥ 0.05>", "<integer>"], "replay": ["<path>"]}),
    (SPANISH, {"arena": ["JUEGO      <texto>", "<entero ≥ 1>", "<ruta>", "<texto …>", "DIRECCIÓN"],
               "bench": ["<número ≥ 0.05>", "<entero>"], "replay": ["<ruta>"], "play": ["<número ≥ 0>"]}),
])
def test_every_command_tags_what_its_parameters_take_in_words(command, env, tags):
    shown = ludoteca(command, "--help", **env)
    assert shown.returncode == 0, shown.stderr
    for tag in TYPER_TAGS + (("<path>",) if env == SPANISH else ()):
        assert tag not in shown.stdout, (tag, shown.stdout)
    for tag in tags.get(command, []):
        assert tag in shown.stdout, (tag, shown.stdout)
    help_line = next(line for line in shown.stdout.splitlines() if "--help" in line)
    assert "<" not in help_line  # a flag takes no value, so it has no tag


def test_the_catalogue_names_the_kind_of_every_parameter():
    """A parameter of a kind the catalogue does not name would show Typer's English tag: adding
    one needs its word (`type.<kind>`) in every language."""
    import typer

    from ludoteca.cli import TAGGED, _type_tag, app

    group = typer.main.get_command(app)
    with group.make_context("ludoteca", ["games"], resilient_parsing=True) as context:
        for command in group.commands.values():
            for param in command.get_params(context):
                assert type(param) in TAGGED.values(), param
                assert getattr(param, "is_flag", False) or _type_tag(param), (command.name, param.name)
