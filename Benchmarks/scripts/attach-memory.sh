#!/usr/bin/env bash
# Time and peak memory of attaching a big file: `notes attach` streams it into the store;
# then `notes gc` packs it (the automatic pack a user gets after the command answered).
# Compared with `git add` + `git commit` and `git gc` of the same file in the same run.
# Usage: Benchmarks/scripts/attach-memory.sh [MEGABYTES]   (default 300)
set -euo pipefail
megabytes=${1:-300}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ -n "${BENCH_BIN:-}" ] || swift build -c release --product notes >/dev/null  # BENCH_BIN: notes already built
notes="${BENCH_BIN:-$(swift build -c release --show-bin-path)}/notes"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-attach.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com

head -c $((megabytes * 1024 * 1024)) /dev/urandom > "$work/big.bin"
"$notes" init "$work/store" --device bench >/dev/null
# Over the 100 MiB a device takes from a sync by default: the limit raised, as a user must.
git -C "$work/store" config notes.maxBlobSize 4g
"$notes" -C "$work/store" new Big --text "a big attachment" >/dev/null

peak() { grep "Maximum resident set size" "$1" | awk '{print $NF}'; }
seconds() { grep "Elapsed (wall clock)" "$1" | awk '{n=split($NF,p,":"); s=0; for (i=1;i<=n;i++) s=s*60+p[i]; print s}'; }
cat "$work/big.bin" >/dev/null  # the same page cache for both sides
NOTES_NO_AUTO_GC=1 /usr/bin/time -v "$notes" -C "$work/store" attach Big "$work/big.bin" >/dev/null 2>"$work/notes.time"
/usr/bin/time -v "$notes" -C "$work/store" gc >/dev/null 2>"$work/notes-gc.time"
mkdir -p "$work/export"
/usr/bin/time -v "$notes" -C "$work/store" export Big big.bin -o "$work/export/big.bin" >/dev/null 2>"$work/notes-export.time" || true
exported=$(cmp -s "$work/big.bin" "$work/export/big.bin" && echo yes || echo no)
notes_kb=$(peak "$work/notes.time"); gc_kb=$(peak "$work/notes-gc.time"); export_kb=$(peak "$work/notes-export.time")

git init -q "$work/plain"
cp "$work/big.bin" "$work/plain/big.bin"
/usr/bin/time -v git -C "$work/plain" add big.bin 2>"$work/git.time"
git -C "$work/plain" commit -q -m big
/usr/bin/time -v git -C "$work/plain" gc -q 2>"$work/git-gc.time"
git_kb=$(peak "$work/git.time"); git_gc_kb=$(peak "$work/git-gc.time")

# verdict RATIO TARGET: "met", or by how much a "<= R" target is missed; "-" without one.
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { if (t == "-") { print "-"; exit } split(t, p, " "); l = p[2] + 0
  if (r <= l) print "met"; else printf "missed by %.2fx\n", r / l }'; }
# row JOB NOTES_S GIT_S TARGET [WHY]: WHY follows the verdict when the target is missed.
row() {
  local ratio verdict; ratio=$(awk "BEGIN {printf \"%.2f\", $2 / $3}")
  verdict=$(verdict "$ratio" "$4")
  case "$verdict" in missed*) [ -n "${5:-}" ] && verdict="$verdict: $5" ;; esac
  printf '%-34s %9.2f s %9.2f s %7s %8s  %s\n' "$1" "$2" "$3" "$ratio" "$4" "$verdict"
}
# mib JOB NOTES_KB GIT_KB: peak memory against the issue's bound of 150 MiB
mib() {
  local met; met=$([ $(($2 / 1024)) -lt 150 ] && echo met || echo "missed by $(($2 / 1024 - 150)) MiB")
  printf '%-34s %7d MiB %7d MiB %7.2f %8s  %s\n' "$1" $(($2 / 1024)) $(($3 / 1024)) "$(awk "BEGIN {print $2 / $3}")" "<150MiB" "$met"
}
row "attach $megabytes MiB (git add)" "$(seconds "$work/notes.time")" "$(seconds "$work/git.time")" "<= 1" \
  "every byte hashed (SHA-1) and zlib-compressed into a loose object, as git add does, plus start-up and the commit"
mib "attach: peak RSS" "$notes_kb" "$git_kb"
row "pack it (notes gc / git gc)" "$(seconds "$work/notes-gc.time")" "$(seconds "$work/git-gc.time")" "-"
mib "pack: peak RSS" "$gc_kb" "$git_gc_kb"
printf '%-34s %7d MiB, %.2f s, same bytes: %s; streams (<150MiB): %s\n' "export of the attachment (loose)" \
  $((export_kb / 1024)) "$(seconds "$work/notes-export.time")" "$exported" "$([ $((export_kb / 1024)) -lt 150 ] && echo met || echo missed)"
# Packed by plain git (a clone or fetch brings it in a pack): git stores a blob over
# core.bigFileThreshold whole, and export streams it out of the pack.
git -C "$work/store" -c core.bigFileThreshold=16m repack -adq && git -C "$work/store" prune-packed
/usr/bin/time -v "$notes" -C "$work/store" export Big big.bin -o "$work/export/packed.bin" >/dev/null 2>"$work/notes-export-packed.time" || true
exported=$(cmp -s "$work/big.bin" "$work/export/packed.bin" && echo yes || echo no)
packed_kb=$(peak "$work/notes-export-packed.time")
printf '%-34s %7d MiB, %.2f s, same bytes: %s; streams (<150MiB): %s\n' "export of the packed attachment" \
  $((packed_kb / 1024)) "$(seconds "$work/notes-export-packed.time")" "$exported" "$([ $((packed_kb / 1024)) -lt 150 ] && echo met || echo missed)"
test $((notes_kb / 1024)) -lt 150 && test $((gc_kb / 1024)) -lt 150
