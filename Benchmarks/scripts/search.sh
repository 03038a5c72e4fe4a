#!/usr/bin/env bash
# `notes search WORD` against `git grep -i WORD` over the same 10,000-note store, in the
# same run: the first search (which fills the plain-text cache under .git/notes-search),
# then warm searches alternating with git grep, each the median of RUNS; prints uptime.
# Usage: Benchmarks/scripts/search.sh [NOTES] [WORD]   (default 10000 flight)
#   STORE=DIR reuses a store made before (by gen_store.py or notes-bench make-store).
set -euo pipefail
notes=${1:-10000}
word=${2:-flight}
runs=${RUNS:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product notes >/dev/null
bin="$(swift build -c release --show-bin-path)/notes"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-search.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com

store=${STORE:-}
if [ -z "$store" ]; then
  store="$work/store"
  generator=${GEN_STORE:-$root/../shared/tools/gen_store.py}
  if [ -f "$generator" ]; then
    python3 "$generator" store --out "$store" --notes "$notes" --seed 1 >/dev/null
  else
    swift build -c release --product notes-bench >/dev/null
    "$(swift build -c release --show-bin-path)/notes-bench" make-store "$store" "$notes"
  fi
fi
# A generated store has no device set: search as the device of its first device branch
# (a device whose branch does not exist would search nothing).
if ! git -C "$store" config notes.device >/dev/null; then
  device=$(git -C "$store" for-each-ref --count=1 --format='%(refname:lstrip=3)' refs/heads/devices/)
  [ -n "$device" ] || { echo "search.sh: $store has no devices/* branch" >&2; exit 1; }
  git -C "$store" config notes.device "$device"
fi
rm -rf "$store/.git/notes-search"

# Wall time of running "$@" once, in seconds.
timed() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk "BEGIN {print $end - $start}"
}
# The median of its arguments.
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

cold_start=$(date +%s.%N)
"$bin" -C "$store" search "$word" >/dev/null || true
cold_end=$(date +%s.%N)
cold=$(awk "BEGIN {print $cold_end - $cold_start}")
# Warm searches and git grep alternate, so both see the same load on a shared machine.
warm_times=() grep_times=()
for _ in $(seq "$runs"); do
  warm_times+=("$(timed "$bin" -C "$store" search "$word")")
  grep_times+=("$(timed git -C "$store" grep -i "$word")")
done
warm=$(median "${warm_times[@]}")
grep_time=$(median "${grep_times[@]}")
hits=$("$bin" -C "$store" search "$word" 2>/dev/null | wc -l || true)
grep_hits=$(git -C "$store" grep -i "$word" | wc -l || true)
cache=$(du -sk "$store/.git/notes-search" | cut -f1)

printf '%-46s %s\n' "load" "$(uptime)"
printf '%-46s %10s\n' "store" "$(ls "$store" | wc -l) notes, word '$word'"
printf '%-46s %10.3f s (%s KiB cache)\n' "notes search, first run (fills the cache)" "$cold" "$cache"
printf '%-46s %10.3f s (%s lines)\n' "notes search, warm (median of $runs)" "$warm" "$hits"
printf '%-46s %10.3f s (%s lines, RTF source)\n' "git grep -i (median of $runs)" "$grep_time" "$grep_hits"
printf '%-46s %10.2f (target: at most 1.00)\n' "ratio warm notes search / git grep -i" "$(awk "BEGIN {print $warm / $grep_time}")"
