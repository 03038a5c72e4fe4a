#!/usr/bin/env bash
# Runs the built tests (`swift test --skip-build` with the given flags), keeps their whole
# output in .build/test-output.log, and on a failure repeats every failed test and its
# recorded issues at the end, where a CI log's tail shows them.
set -uo pipefail
swift="${1:?usage: run-tests.sh SWIFT [swift test flags...]}"
shift
log=.build/test-output.log
mkdir -p .build
"$swift" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo
  echo "=== failed tests (whole output in $log) ==="
  # Swift Testing marks failures with ✘ and its details with ↳; XCTest writes "error:".
  awk '/✘|: error: |Test Case .* failed/ { shown = 1; print; next }
       shown && /^[[:space:]]*↳/ { print; next }
       { shown = 0 }' "$log" | head -n 400
fi
exit "$status"
