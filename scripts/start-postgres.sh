#!/usr/bin/env bash
# Starts a local PostgreSQL (Debian's packages) for the tests and prints its SQLAlchemy URL.
# Needs root (CI runs as root). Installs the server when it is missing.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  apt-get update -q >&2
  apt-get install -y -q postgresql >&2
fi
read -r version cluster port _ < <(pg_lsclusters -h | head -n 1)
pg_ctlcluster "$version" "$cluster" start >&2 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -p "$port" && break
  sleep 1
done
su postgres -c "psql -q -p $port -c \"ALTER USER postgres PASSWORD 'ludoteca'\"" >&2
su postgres -c "psql -q -p $port -tc \"SELECT 1 FROM pg_database WHERE datname = 'ludoteca_test'\"" | grep -q 1 \
  || su postgres -c "createdb -p $port ludoteca_test" >&2
echo "postgresql+psycopg://postgres:ludoteca@127.0.0.1:$port/ludoteca_test"
