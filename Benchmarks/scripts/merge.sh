#!/bin/sh
# Builds notes-bench in release and runs the merge benchmarks: ThreeWayMerge of a 1 MB
# body with 1% word edits per side, and of a 12 MB body of 2 million paragraphs, vs
# `git merge-file` on the plain text. The big merge runs each merge in a child process
# and prints that process's peak memory (target: at most 20× the body); /usr/bin/time -v
# adds the largest peak of the whole process tree as a cross-check.
# Usage: Benchmarks/scripts/merge.sh [scratch-path]
set -eu
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product notes-bench
uptime
nice "$scratch/release/notes-bench" merge
uptime
if [ -x /usr/bin/time ]; then
  nice /usr/bin/time -v "$scratch/release/notes-bench" merge-big 2>"$scratch/merge-big.time"
  grep -E "Maximum resident|Elapsed|User time|System time" "$scratch/merge-big.time"
else
  nice "$scratch/release/notes-bench" merge-big
fi
uptime
