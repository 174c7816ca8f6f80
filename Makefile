# The two commands of the README's quick start live here: `make start` and `make test`.
VENV ?= .venv
PYTHON ?= python3
BIN = $(VENV)/bin

.PHONY: start test setup lint bench load

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# The browser table on http://127.0.0.1:8000 with bots, on an embedded SQLite database.
start: setup
	$(BIN)/ludoteca serve

# Lint and the whole test suite: browser tests in Debian's chromium, server tests on SQLite and
# (as root) on a local PostgreSQL too; installs what is missing.
test: setup
	VENV=$(VENV) bash scripts/test.sh

# Ruff, then mypy: any type error fails the lint.
lint: setup
	$(BIN)/ruff check src tests examples
	$(BIN)/python -m mypy

bench: setup
	$(BIN)/ludoteca bench

# The server's load figures (docs/SERVER.md) on a local PostgreSQL, started as the tests start it (root).
load: setup
	$(BIN)/python scripts/load.py --db "$$(bash scripts/start-postgres.sh)"
