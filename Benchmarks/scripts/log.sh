#!/usr/bin/env bash
# `notes log NOTE` against `git log --format=%H -- NOTE.note` (after `git commit-graph
# write --reachable --changed-paths`, so git uses its Bloom filters), on a generated
# history, in the same run; plus the history index build from scratch against that
# commit-graph write, and the index's incremental update against a one-note write.
# Usage: [STORE=DIR] [RUNS=N] [WRITE_RUNS=N] Benchmarks/scripts/log.sh [NOTES] [COMMITS]   (default 10000 50000; quick: 2000 10000)
set -euo pipefail
notes_count=${1:-10000}
commits=${2:-50000}
runs=${RUNS:-5}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup log

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

# Start-up on its own: a command that opens nothing.
startup=$(median "$bin/notes" --version)
startup_git=$(median git --version)

# Incremental update inside the BranchWriter: one-note `notes write`s with the update
# and without it, interleaved. NOTES_BENCH_SKIP_HISTORY_UPDATE=1 (benchmark only, see
# Store.historyDidMove) skips the update; an untimed `notes log -n 1` then catches the
# index up, so every timed write with the update finds it current and adds one commit.
# Wall time includes waiting for the disk and for a CPU on a loaded machine, so the
# writes' CPU time (perf's task-clock) is measured too, when perf is there. The write
# runs are at least 15 (WRITE_RUNS): the difference is a few percent of each.
write_runs=${WRITE_RUNS:-$((runs > 15 ? runs : 15))}
have_perf=0
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then have_perf=1; fi
# Runs "$@" once; prints "wall-seconds cpu-ms" (cpu 0 without perf).
timed_write() {
  local t0 t1 cpu=0
  t0=$(now)
  if [ "$have_perf" = 1 ]; then
    perf stat -x, -e task-clock -o "$work/perf.out" "$@" >/dev/null 2>&1
    cpu=$(awk -F, '/task-clock/ {print $1; exit}' "$work/perf.out")
  else
    "$@" >/dev/null 2>&1
  fi
  t1=$(now)
  echo "$(awk "BEGIN {print $t1 - $t0}") $cpu"
}
"$bin/notes" -C "$work/store" log -n 1 >/dev/null
with_times=() without_times=() with_cpu=() without_cpu=()
for i in $(seq "$write_runs"); do
  read -r wall cpu < <(timed_write "$bin/notes" -C "$work/store" write "${typical%.note}" --text "benchmark edit $i")
  with_times+=("$wall") with_cpu+=("$cpu")
  read -r wall cpu < <(timed_write env NOTES_BENCH_SKIP_HISTORY_UPDATE=1 "$bin/notes" -C "$work/store" write \
    "${typical%.note}" --text "benchmark edit $i again")
  without_times+=("$wall") without_cpu+=("$cpu")
  "$bin/notes" -C "$work/store" log -n 1 >/dev/null
done
middle() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
write=$(middle "${with_times[@]}")
write_bare=$(middle "${without_times[@]}")
write_cpu=$(middle "${with_cpu[@]}")
write_bare_cpu=$(middle "${without_cpu[@]}")

# Catching up on a commit made outside NoteStore (by git), on the next read.
noop=$(median "$bin/notes" -C "$work/store" log -n 1)
catchup_total=0
for i in $(seq "$runs"); do
  echo "edit $i" >>"$work/store/${typical}/Text.rtf"
  git -C "$work/store" commit -qam "hand edit $i"
  t0=$(now); "$bin/notes" -C "$work/store" log -n 1 >/dev/null; t1=$(now)
  catchup_total=$(awk "BEGIN {print $catchup_total + $t1 - $t0}")
done
catchup=$(awk "BEGIN {print $catchup_total / $runs - $noop}")

target() { awk "BEGIN {print ($1 <= $2) ? \"met\" : \"missed\"}"; }
r_typical=$(ratio "$typical_notes" "$typical_git")
r_most=$(ratio "$most_notes" "$most_git")
r_build=$(ratio "$(awk "BEGIN {print $b1 - $b0}")" "$(awk "BEGIN {print $g1 - $g0}")")
r_update=$(awk "BEGIN {printf \"%.3f\", ($write - $write_bare) / $write_bare}")
printf '%-44s %s notes, %s commits (%s runs each); %s\n' "store" "$notes_count" "$commits" "$runs" "$(uptime | sed 's/.*load/load/')"
row "notes --version (start-up alone)" "$startup" "$startup_git"
row "notes log typical note (${typical%.note})" "$typical_notes" "$typical_git"
printf '%-44s target <= 0.1: %s\n' "" "$(target "$r_typical" 0.1)"
row "notes log most-edited note (${most%.note})" "$most_notes" "$most_git"
printf '%-44s target <= 0.3: %s\n' "" "$(target "$r_most" 0.3)"
row "index build from scratch vs commit-graph" "$(awk "BEGIN {print $b1 - $b0}")" "$(awk "BEGIN {print $g1 - $g0}")"
printf '%-44s target <= 1: %s\n' "" "$(target "$r_build" 1)"
printf '%-44s %9.3f s   without: %9.3f s   adds %s\n' "one-note write with the index update" "$write" "$write_bare" "$r_update"
printf '%-44s target <= 0.05: %s (wall, %s runs)\n' "" "$(target "$r_update" 0.05)" "$write_runs"
if [ "$have_perf" = 1 ]; then
  r_update_cpu=$(awk "BEGIN {printf \"%.3f\", ($write_cpu - $write_bare_cpu) / $write_bare_cpu}")
  printf '%-44s %9.1f ms  without: %9.1f ms  adds %s\n' "  the same writes, CPU time (task-clock)" "$write_cpu" "$write_bare_cpu" "$r_update_cpu"
  printf '%-44s target <= 0.05: %s (CPU)\n' "" "$(target "$r_update_cpu" 0.05)"
fi
printf '%-44s %9.3f s\n' "catch-up on one commit made by git" "$catchup"
