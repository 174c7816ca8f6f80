# The two commands of the README's quick start live here: `make start` and `make test`.
VENV ?= .venv
PYTHON ?= python3
BIN = $(VENV)/bin

.PHONY: start test setup lint bench

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# The browser table on http://127.0.0.1:8000 with bots, on an embedded SQLite database.
start: setup
	$(BIN)/ludoteca serve

# Lint and the whole test suite, browser tests included (installs Debian's chromium if missing).
test: setup
	bash scripts/install-browser.sh
	$(BIN)/ruff check src tests
	$(BIN)/pytest -n 2

lint: setup
	$(BIN)/ruff check src tests

bench: setup
	$(BIN)/ludoteca bench
