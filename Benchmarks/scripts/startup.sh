#!/usr/bin/env bash
# Start-up of `notes` against git's, in the same run and interleaved: `notes --version`
# against `git --version`, `notes help` against `git help`, and short commands on a small
# store (5 notes) against git commands of the same size (`git rev-parse HEAD`,
# `git log -- NOTE.note`). Every row is
# the median over RUNS rounds of CPU time (perf's task-clock, averaged over BATCH runs of
# each command per round; wall time when perf is missing), and the ratio notes / git.
# Also prints how many shared libraries `notes --version` maps, and the load.
# Usage: [RUNS=N] [BATCH=N] [BENCH_BIN=DIR] Benchmarks/scripts/startup.sh
set -euo pipefail
runs=${RUNS:-7}
batch=${BATCH:-10}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup startup

store="$work/store"
"$bin/notes" init "$store" --device bench >/dev/null 2>&1
for i in 1 2 3 4 5; do
  "$bin/notes" -C "$store" new "Note $i" --text "body of note $i" >/dev/null 2>&1
done
"$bin/notes" -C "$store" write "Note 1" --text "body of note 1, edited" >/dev/null 2>&1
"$bin/notes" -C "$store" list >/dev/null 2>&1  # the scan cache, as a second `list` finds it

if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then
  measure_name="CPU ms (task-clock)"
  # The mean task-clock of BATCH runs, in ms.
  measure() {
    perf stat -x, -e task-clock -r "$batch" "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1; exit}'
  }
else
  measure_name="wall ms (perf not available)"
  measure() {
    local t0 t1
    t0=$(date +%s%N)
    for _ in $(seq "$batch"); do "$@" >/dev/null 2>&1 || true; done
    t1=$(date +%s%N)
    awk "BEGIN {print ($t1 - $t0) / 1e6 / $batch}"
  }
fi

labels=("notes --version" "notes list" "notes log 'Note 1'" "notes help")
git_labels=("git --version" "git rev-parse HEAD" "git log -- 'Note 1.note'" "git help")
rows=(0 1 2 3)
run_notes() {
  case $1 in
    0) measure "$bin/notes" --version ;;
    1) measure "$bin/notes" -C "$store" list ;;
    2) measure "$bin/notes" -C "$store" log "Note 1" ;;
    3) measure "$bin/notes" help ;;
  esac
}
run_git() {
  case $1 in
    0) measure git --version ;;
    1) measure git -C "$store" rev-parse HEAD ;;
    2) measure git -C "$store" log --format=%H -- "Note 1.note" ;;
    3) measure git help ;;
  esac
}

# Rounds interleave every command, so a change in the machine's load falls on both sides.
declare -A notes_times git_times
for round in $(seq "$runs"); do
  for row in "${rows[@]}"; do
    notes_times[$row]+="$(run_notes "$row") "
    git_times[$row]+="$(run_git "$row") "
  done
  : "$round"
done
median() { printf '%s\n' $1 | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

libraries=$(LD_DEBUG=files "$bin/notes" --version 2>&1 >/dev/null | grep -c 'file=.*\[0\];  needed by' || true)
echo "notes start-up against git ($measure_name, median of $runs rounds of $batch runs each)"
echo "shared libraries loaded by notes --version: $libraries"
for row in "${rows[@]}"; do
  n=$(median "${notes_times[$row]}")
  g=$(median "${git_times[$row]}")
  printf '%-22s %8.2f ms   %-26s %8.2f ms   ratio %6.2f\n' "${labels[$row]}" "$n" "${git_labels[$row]}" "$g" \
    "$(awk "BEGIN {print $n / $g}")"
done
echo "load: $(uptime | sed 's/.*load average: //')"
