#!/bin/sh
# Builds notes-bench in release and runs the merge benchmark: ThreeWayMerge of a 1 MB
# body with 1% word edits per side vs `git merge-file` on the plain text.
# Usage: Benchmarks/scripts/merge.sh [scratch-path]
set -eu
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product notes-bench
uptime
"$scratch/release/notes-bench" merge
"$scratch/release/notes-bench" merge-big
