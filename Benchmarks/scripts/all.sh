#!/usr/bin/env bash
# Runs every benchmark script and prints their tables: the scale table at 10,000 notes
# (which runs sync.sh and attach-memory.sh itself), then the others; with BENCH_HUGE=1
# also the scale table at 100,000 notes (HUGE_STORE=DIR reuses a store made before).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
echo "== scale.sh 10000"
"$here/scale.sh" 10000 300 100
echo
if [ "${BENCH_HUGE:-0}" = 1 ]; then
  echo "== scale.sh 100000"
  # HUGE_STORE=DIR: a 100,000-note store made before (gen_store.py takes hours), copied.
  SCALE_STORE="${HUGE_STORE:-}" REPEAT=1 "$here/scale.sh" 100000 300 20
  echo
fi
for script in "$here"/*.sh; do
  case "$(basename "$script")" in all.sh | scale.sh | sync.sh | attach-memory.sh) continue ;; esac
  echo "== $(basename "$script")"
  "$script"
  echo
done
