#!/bin/sh
# Builds notes-bench in release and runs the RTF benchmarks (read/write MB/s vs a
# byte copy and LibreOffice). Usage: Benchmarks/scripts/rtf.sh [scratch-path]
set -eu
cd "$(dirname "$0")/../.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product notes-bench
uptime
"$scratch/release/notes-bench" rtf
