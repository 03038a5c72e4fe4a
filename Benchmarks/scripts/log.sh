#!/usr/bin/env bash
# `notes log NOTE` against `git log --format=%H -- NOTE.note` (after `git commit-graph
# write --reachable --changed-paths`, so git uses its Bloom filters), on a generated
# history, in the same run; plus the history index build from scratch against that
# commit-graph write, and the index's incremental update against a one-note write.
# Usage: [STORE=DIR] [RUNS=N] Benchmarks/scripts/log.sh [NOTES] [COMMITS]   (default 10000 50000; quick: 2000 10000)
set -euo pipefail
notes_count=${1:-10000}
commits=${2:-50000}
runs=${RUNS:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product notes >/dev/null
bin="$(swift build -c release --show-bin-path)"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-log.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com
git config --global gc.auto 0

# STORE=DIR reuses a store gen_store.py made with the same arguments (it is deterministic).
if [ -n "${STORE:-}" ]; then
  cp -a "$STORE" "$work/store"
else
  python3 "$root/../shared/tools/gen_store.py" history --out "$work/store" --notes "$notes_count" \
    --commits "$commits" >/dev/null
fi
git -C "$work/store" config notes.device alpha
git -C "$work/store" config notes.format 1
cp -a "$work/store" "$work/git"

now() { date +%s.%N; }
# The median wall time of RUNS runs of a command, in seconds.
median() {
  local times=()
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(now); "$@" >/dev/null 2>&1; t1=$(now)
    times+=("$(awk "BEGIN {print $t1 - $t0}")")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
ratio() { awk "BEGIN {printf \"%.3f\", $1 / $2}"; }
row() { printf '%-44s %9.3f s   git: %9.3f s   ratio %s\n' "$1" "$2" "$3" "$(ratio "$2" "$3")"; }

# Which notes: the most edited, and the one at the middle of the edit counts.
git -C "$work/git" log --format= --name-only | awk -F/ 'NF > 1 {print $1}' | sort | uniq -c | sort -rn >"$work/counts"
most=$(head -1 "$work/counts" | sed -E 's/^ *[0-9]+ //')
typical=$(awk -v n="$(wc -l <"$work/counts")" 'NR == int((n + 1) / 2)' "$work/counts" | sed -E 's/^ *[0-9]+ //')

g0=$(now); git -C "$work/git" commit-graph write --reachable --changed-paths 2>/dev/null; g1=$(now)
b0=$(now); "$bin/notes" -C "$work/store" log -n 1 >/dev/null; b1=$(now)

typical_notes=$(median "$bin/notes" -C "$work/store" log "${typical%.note}")
typical_git=$(median git -C "$work/git" log --format=%H -- "$typical")
most_notes=$(median "$bin/notes" -C "$work/store" log "${most%.note}")
most_git=$(median git -C "$work/git" log --format=%H -- "$most")

# Incremental update: one commit the index has not seen (made by git), caught up by the
# next read, against that read with the index current and a one-note `notes write`.
write=$(median "$bin/notes" -C "$work/store" write "${typical%.note}" --text "benchmark edit")
noop=$(median "$bin/notes" -C "$work/store" log -n 1)
catchup_total=0
for i in $(seq "$runs"); do
  echo "edit $i" >>"$work/store/${typical}/Text.rtf"
  git -C "$work/store" commit -qam "hand edit $i"
  t0=$(now); "$bin/notes" -C "$work/store" log -n 1 >/dev/null; t1=$(now)
  catchup_total=$(awk "BEGIN {print $catchup_total + $t1 - $t0}")
done
catchup=$(awk "BEGIN {print $catchup_total / $runs - $noop}")

printf '%-44s %s notes, %s commits (%s runs each)\n' "store" "$notes_count" "$commits" "$runs"
row "notes log typical note (${typical%.note})" "$typical_notes" "$typical_git"
row "notes log most-edited note (${most%.note})" "$most_notes" "$most_git"
row "index build from scratch vs commit-graph" "$(awk "BEGIN {print $b1 - $b0}")" "$(awk "BEGIN {print $g1 - $g0}")"
printf '%-44s %9.3f s   write: %9.3f s   share %s\n' "incremental index update (one commit)" "$catchup" "$write" \
  "$(ratio "$catchup" "$write")"
printf 'targets: log typical <= 0.1, most-edited <= 0.3, build <= 1, update share <= 0.05\n'
