#!/usr/bin/env bash
# Peak memory of attaching a big file: `notes attach` streams it into the store.
# Compared with `git add` + `git commit` of the same file in the same run.
# Usage: Benchmarks/scripts/attach-memory.sh [MEGABYTES]   (default 300)
set -euo pipefail
megabytes=${1:-300}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product notes >/dev/null
notes="$(swift build -c release --show-bin-path)/notes"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-attach.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com

head -c $((megabytes * 1024 * 1024)) /dev/urandom > "$work/big.bin"
"$notes" init "$work/store" --device bench >/dev/null
"$notes" -C "$work/store" new Big --text "a big attachment" >/dev/null

peak() { grep "Maximum resident set size" "$1" | awk '{print $NF}'; }
/usr/bin/time -v "$notes" -C "$work/store" attach Big "$work/big.bin" >/dev/null 2>"$work/notes.time"
notes_kb=$(peak "$work/notes.time")

git init -q "$work/plain"
cp "$work/big.bin" "$work/plain/big.bin"
/usr/bin/time -v git -C "$work/plain" add big.bin 2>"$work/git.time"
git_kb=$(peak "$work/git.time")

printf '%-36s %8d MiB\n' "file" "$megabytes"
printf '%-36s %8d MiB (target: under 150)\n' "notes attach: peak RSS" $((notes_kb / 1024))
printf '%-36s %8d MiB\n' "git add: peak RSS" $((git_kb / 1024))
printf '%-36s %8.2f\n' "ratio notes / git" "$(awk "BEGIN {print $notes_kb / $git_kb}")"
test $((notes_kb / 1024)) -lt 150
