#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests when it is missing (needs root or sudo).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "chromium is missing and this user cannot install it; browser tests will be skipped" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q chromium fonts-dejavu-core
