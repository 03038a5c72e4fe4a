#!/usr/bin/env bash
# QuickLook: thumbnail time per note (in process, notes-bench thumbnails), the added
# cost of `notes write` with QuickLook on (notes.quicklook local) vs off, and
# `notes attachments --json` on a note with 1,000 attachments vs `file --mime-type`
# over the same files. Every pair runs in the same run, on the same data.
# Targets: under 30 ms per thumbnail; write on/off ≤ 1.5; attachments/file ≤ 1.
# Usage: Benchmarks/scripts/quicklook.sh [WRITES]   (default 20)
set -euo pipefail
writes=${1:-20}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product notes >/dev/null
swift build -c release --product notes-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
notes="$bin/notes"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-quicklook.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com

echo "== thumbnails"
"$bin/notes-bench" thumbnails

# Wall-clock seconds of running "$@".
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  awk "BEGIN {print $end - $start}"
}
# The median of its arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk "BEGIN {printf \"%.2f\", $1 / $2}"; }

echo
echo "== notes write, QuickLook on vs off ($writes writes each, alternating)"
"$bin/notes-bench" write-image "$work/photo.jpg" 1600 1200 jpeg
for mode in local off; do
  "$notes" init "$work/$mode" --device bench >/dev/null
  git -C "$work/$mode" config notes.quicklook "$mode"
  "$notes" -C "$work/$mode" new Trip --text $'Trip to the lake\nBring the map' >/dev/null
  "$notes" -C "$work/$mode" attach Trip "$work/photo.jpg" >/dev/null
done
on=() off=()
for i in $(seq 1 "$writes"); do
  on+=("$(seconds "$notes" -C "$work/local" write Trip --text "Trip to the lake, edit $i")")
  off+=("$(seconds "$notes" -C "$work/off" write Trip --text "Trip to the lake, edit $i")")
done
on_median=$(median "${on[@]}")
off_median=$(median "${off[@]}")
printf '%-44s %8.1f ms\n' "notes write, QuickLook on (median)" "$(awk "BEGIN {print $on_median * 1000}")"
printf '%-44s %8.1f ms\n' "notes write, QuickLook off (median)" "$(awk "BEGIN {print $off_median * 1000}")"
printf '%-44s %8s (target: at most 1.50)\n' "ratio on / off" "$(ratio "$on_median" "$off_median")"

echo
echo "== attachment types: notes attachments --json vs file --mime-type, 1,000 files"
mkdir "$work/files"
"$bin/notes-bench" write-image "$work/small.png" 64 48 png
pdf=$'%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
for i in $(seq 0 999); do
  case $((i % 5)) in
    0) cp "$work/small.png" "$work/files/image$i.png" ;;
    1) for _ in 1 2 3 4 5 6 7 8; do echo "Some notes, line $i"; done > "$work/files/notes$i.txt" ;;
    2) head -c 8192 /dev/urandom > "$work/files/data$i" ;;
    3) printf '%s' "$pdf" > "$work/files/paper$i.pdf" ;;
    4) printf '# Page %d\n\nSome *markdown* text.\n' "$i" > "$work/files/page$i.md" ;;
  esac
done
"$notes" init "$work/many" --device bench >/dev/null
git -C "$work/many" config notes.quicklook off
"$notes" -C "$work/many" new Many --text "a note with 1,000 attachments" >/dev/null
"$notes" -C "$work/many" attach Many "$work"/files/* >/dev/null
notes_runs=() file_runs=()
for _ in 1 2 3 4 5; do
  notes_runs+=("$(seconds "$notes" -C "$work/many" attachments Many --json)")
  file_runs+=("$(seconds file --mime-type "$work"/files/*)")
done
notes_median=$(median "${notes_runs[@]}")
file_median=$(median "${file_runs[@]}")
printf '%-44s %8.1f ms\n' "notes attachments --json (median of 5)" "$(awk "BEGIN {print $notes_median * 1000}")"
printf '%-44s %8.1f ms\n' "file --mime-type (median of 5)" "$(awk "BEGIN {print $file_median * 1000}")"
printf '%-44s %8s (target: at most 1.00)\n' "ratio notes / file" "$(ratio "$notes_median" "$file_median")"
