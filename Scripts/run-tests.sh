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
  # Swift Testing marks failures with ✘ (issues, tests, suites); XCTest writes "error:".
  grep -E -A3 '✘ Test .* recorded an issue|: error: |Test Case .* failed' "$log" | head -n 300
  grep -E '^✘ (Test|Suite) .* failed' "$log" | grep -v '^✘ Test run with'
  grep -E '^✘ Test run with' "$log"
fi
exit "$status"
