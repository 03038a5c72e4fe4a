#!/bin/sh
# Builds notes-bench in release and runs the word-diff benchmark: applyingPlainText
# (and writing the body) with every word of a 1 MB text replaced, vs
# `git diff --no-index --word-diff` on the same two texts.
# Usage: Benchmarks/scripts/replace-words.sh [scratch-path]
set -eu
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product notes-bench
"$scratch/release/notes-bench" replace-words
