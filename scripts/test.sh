#!/usr/bin/env bash
# The whole check: lint, then every test. Installs Debian's chromium for the browser tests and,
# where it can (as root), starts a local PostgreSQL so the server tests also run on it.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${VENV:-.venv}/bin"
bash scripts/install-browser.sh
if [ -z "${LUDOTECA_TEST_POSTGRES_URL:-}" ] && [ "$(id -u)" = 0 ]; then
  LUDOTECA_TEST_POSTGRES_URL="$(bash scripts/start-postgres.sh)" && export LUDOTECA_TEST_POSTGRES_URL \
    || echo "PostgreSQL could not be started; the server tests run on SQLite only" >&2
fi
"$BIN/ruff" check src tests examples
"$BIN/python" -m mypy  # no type error allowed (the configuration is in pyproject.toml)
"$BIN/pytest" -n 2 --durations=25 "$@"  # the slowest tests named: what to trim when CI grows
