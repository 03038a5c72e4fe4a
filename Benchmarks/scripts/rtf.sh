#!/bin/sh
# Builds notes-bench in release and runs the RTF benchmarks: read/write MB/s (wall and
# the thread's CPU time) vs a byte copy, beside LibreOffice's conversion of the same
# file (with and without its start-up). On a shared machine read the CPU columns: the
# wall ones include waiting for a core. Usage: Benchmarks/scripts/rtf.sh [scratch-path]
set -eu
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product notes-bench
uptime
nice "$scratch/release/notes-bench" rtf
uptime
