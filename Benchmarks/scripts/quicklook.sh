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

echo "== load: $(uptime)"
echo "== thumbnails"
"$bin/notes-bench" thumbnails

# "WALL CPU": wall-clock and CPU (user + system) seconds of running "$@". On a shared
# machine wall time includes waiting for a core; CPU time is the work itself.
timed() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null
  awk '{print $1, $2 + $3}' "$work/time"
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
on_wall=() on_cpu=() off_wall=() off_cpu=()
for i in $(seq 1 "$writes"); do
  read -r wall cpu < <(timed "$notes" -C "$work/local" write Trip --text "Trip to the lake, edit $i")
  on_wall+=("$wall") on_cpu+=("$cpu")
  read -r wall cpu < <(timed "$notes" -C "$work/off" write Trip --text "Trip to the lake, edit $i")
  off_wall+=("$wall") off_cpu+=("$cpu")
done
report() {
  local label=$1 a=$2 b=$3 target=$4
  printf '%-44s %8.1f ms\n' "$label, wall (median)" "$(awk "BEGIN {print $a * 1000}")"
  printf '%-44s %8.1f ms\n' "$label baseline, wall (median)" "$(awk "BEGIN {print $b * 1000}")"
  printf '%-44s %8s (target: at most %s)\n' "$label ratio, wall" "$(ratio "$a" "$b")" "$target"
}
report "write on/off" "$(median "${on_wall[@]}")" "$(median "${off_wall[@]}")" 1.50
printf '%-44s %8s ms / %s ms = %s (CPU)\n' "write on/off, CPU (median)" \
  "$(awk "BEGIN {print $(median "${on_cpu[@]}") * 1000}")" "$(awk "BEGIN {print $(median "${off_cpu[@]}") * 1000}")" \
  "$(ratio "$(median "${on_cpu[@]}")" "$(median "${off_cpu[@]}")")"

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
notes_wall=() notes_cpu=() file_wall=() file_cpu=()
for _ in 1 2 3 4 5; do
  read -r wall cpu < <(timed "$notes" -C "$work/many" attachments Many --json)
  notes_wall+=("$wall") notes_cpu+=("$cpu")
  read -r wall cpu < <(timed file --mime-type "$work"/files/*)
  file_wall+=("$wall") file_cpu+=("$cpu")
done
report "attachments --json vs file --mime-type" "$(median "${notes_wall[@]}")" "$(median "${file_wall[@]}")" 1.00
printf '%-44s %8s ms / %s ms = %s (CPU)\n' "attachments/file, CPU (median)" \
  "$(awk "BEGIN {print $(median "${notes_cpu[@]}") * 1000}")" "$(awk "BEGIN {print $(median "${file_cpu[@]}") * 1000}")" \
  "$(ratio "$(median "${notes_cpu[@]}")" "$(median "${file_cpu[@]}")")"
