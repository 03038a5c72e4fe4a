#!/usr/bin/env bash
# Runs every benchmark script and prints their tables.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for script in "$here"/*.sh; do
  [ "$(basename "$script")" = all.sh ] && continue
  echo "== $(basename "$script")"
  "$script"
  echo
done
