#!/usr/bin/env bash
# Many devices (issue 12): one device (bench) makes a store of NOTES notes and DEVICES
# others clone it; each of those edits EDITS notes of its own slice offline (disjoint, so
# git's octopus merge is clean too).
#
# 1. The devices sync in turn, then every device syncs twice more, then once more (a
#    quiet round). Prints the merge commits in the remote's history against the syncs
#    that merged something and the changes made, and whether every device ends with the
#    same tree.
# 2. The devices push their branches without merging; then one `notes sync` on bench
#    brings in all DEVICES diverged tips. Timed against git's `fetch` + octopus `merge`
#    of the same branches + `push`, on copies of the same repositories, interleaved,
#    RUNS times (medians).
# Usage: RUNS=3 Benchmarks/scripts/many-devices.sh [NOTES] [DEVICES] [EDITS]   (default 100 20 3)
# PARTS="1 2" picks the parts; QUICKLOOK=off|local|commit sets notes.quicklook on the timed
# store (default: the store's default, local), to see what the previews cost.
set -euo pipefail
notes_count=${1:-100}
device_count=${2:-20}
edits=${3:-3}
runs=${RUNS:-3}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup many
now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
names=$(for i in $(seq 1 "$device_count"); do printf 'd%02d ' "$i"; done)

# A remote, bench's store in it, and DEVICES clones with offline edits, under $1.
setup() {
  local dir=$1
  mkdir -p "$dir"
  git init -q --bare "$dir/remote.git"
  "$bin/notes-bench" make-store "$dir/bench" "$notes_count" >/dev/null
  "$bin/notes" -C "$dir/bench" remote add origin "$dir/remote.git" 2>/dev/null
  "$bin/notes" -C "$dir/bench" sync >/dev/null 2>&1
  local index=0
  for device in $names; do
    "$bin/notes" clone "$dir/remote.git" "$dir/$device" --device "$device" >/dev/null 2>&1
    "$bin/notes-bench" edits "$dir/$device" "$edits" "$((index + 1))" "$index" "$device_count" >/dev/null
    index=$((index + 1))
  done
}

# Whether a sync of $1 (device $2) made a merge commit: the head moved to a commit with
# two or more parents that this device wrote (not one it fast-forwarded to).
merging_syncs=0
syncs=0
sync_counting() {
  local store=$1 device=$2 before after
  before=$(git -C "$store" rev-parse HEAD)
  "$bin/notes" -C "$store" sync >/dev/null 2>&1
  after=$(git -C "$store" rev-parse HEAD)
  syncs=$((syncs + 1))
  if [ "$before" != "$after" ] && [ "$(git -C "$store" rev-list --parents -n 1 HEAD | wc -w)" -gt 2 ] \
    && [ "$(git -C "$store" log -1 --format='%(trailers:key=Device,valueonly)' | head -n 1)" = "$device" ]; then
    merging_syncs=$((merging_syncs + 1))
  fi
}

parts=${PARTS:-1 2}
if [[ " $parts " == *" 1 "* ]]; then
# --- 1. In turn ---------------------------------------------------------------------
turn="$work/turn"
setup "$turn"
commits_before=$(git -C "$turn/remote.git" rev-list --count --all)
for device in $names; do sync_counting "$turn/$device" "$device"; done
for _ in 1 2; do
  for device in bench $names; do sync_counting "$turn/$device" "$device"; done
done
merges=$(git -C "$turn/remote.git" rev-list --merges --count --all)
quiet_before=$(git -C "$turn/remote.git" rev-list --count --all)
for device in bench $names; do "$bin/notes" -C "$turn/$device" sync >/dev/null 2>&1; done
quiet_after=$(git -C "$turn/remote.git" rev-list --count --all)
trees=$(for device in bench $names; do git -C "$turn/$device" rev-parse 'HEAD^{tree}'; done | sort -u | wc -l)
edits_made=$(git -C "$turn/remote.git" rev-list --no-merges --count --all)
edits_made=$((edits_made - commits_before))

printf '%-52s %s notes, %s devices, %s edits each\n' "store" "$notes_count" "$device_count" "$edits"
printf '%-52s %s\n' "syncs (in turn, then two rounds of all)" "$syncs"
printf '%-52s %s\n' "syncs that made a merge commit" "$merging_syncs"
printf '%-52s %s   (target <= %s)\n' "merge commits in the remote's history" "$merges" "$merging_syncs"
printf '%-52s %s\n' "changes (non-merge commits made by the devices)" "$edits_made"
printf '%-52s %s\n' "commits added by a quiet round" "$((quiet_after - quiet_before))"
printf '%-52s %s\n' "devices ending with the same tree" "$([ "$trees" -eq 1 ] && echo yes || echo "no ($trees trees)")"

fi

if [[ " $parts " == *" 2 "* ]]; then
# --- 2. One sync brings in every diverged device -----------------------------------
pristine="$work/pristine"
setup "$pristine"
for device in $names; do git -C "$pristine/$device" push -q origin "devices/$device"; done
notes_times=()
git_times=()
notes_cpus=()
git_cpus=()
# CPU time (perf's task-clock, children and server programs included) when perf is there.
have_perf=0
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then have_perf=1; fi
# cpu_of VAR CMD...: runs CMD quietly and adds its CPU milliseconds to VAR (0 without perf).
cpu_of() {
  local var=$1; shift
  if [ "$have_perf" = 1 ]; then
    perf stat -x, -e task-clock -o "$work/perf.out" "$@" >/dev/null 2>&1
    printf -v "$var" '%s' "$(awk -F, -v before="${!var:-0}" '/task-clock/ {printf "%.1f", before + $1; exit}' "$work/perf.out")"
  else
    "$@" >/dev/null 2>&1
  fi
}
same=yes
parents=0
for run in $(seq 1 "$runs"); do
  rm -rf "$work/n" "$work/g"
  mkdir -p "$work/n" "$work/g"
  cp -a "$pristine/remote.git" "$pristine/bench" "$work/n/"
  cp -a "$pristine/remote.git" "$pristine/bench" "$work/g/"
  git -C "$work/n/bench" remote set-url origin "$work/n/remote.git"
  git -C "$work/g/bench" remote set-url origin "$work/g/remote.git"
  if [ -n "${QUICKLOOK:-}" ]; then git -C "$work/n/bench" config notes.quicklook "$QUICKLOOK"; fi
  # `cp -a` gives new inodes and ctimes: both sides refresh their stat data untimed, so
  # neither timed run rehashes the whole tree.
  git -C "$work/g/bench" update-index -q --refresh >/dev/null 2>&1 || true
  "$bin/notes" -C "$work/n/bench" status >/dev/null 2>&1 || true
  branches=$(for device in $names; do printf 'origin/devices/%s ' "$device"; done)
  time_notes() {
    local t0 t1
    t0=$(now)
    cpu_of notes_cpu "$bin/notes" -C "$work/n/bench" sync
    t1=$(now)
    notes_times+=("$(awk "BEGIN {print $t1 - $t0}")")
    notes_cpus+=("${notes_cpu:-0}")
    notes_cpu=0
    # The sync leaves the previews of the notes it brought in to a detached `gc --auto`:
    # drawn here, untimed, so the git run that follows does not compete with it.
    "$bin/notes" -C "$work/n/bench" gc --auto >/dev/null 2>&1 || true
  }
  time_git() {
    local t0 t1
    t0=$(now)
    git_cpu_run=0
    cpu_of git_cpu_run git -C "$work/g/bench" fetch -q origin
    # shellcheck disable=SC2086
    cpu_of git_cpu_run git -C "$work/g/bench" merge -q --no-edit $branches
    cpu_of git_cpu_run git -C "$work/g/bench" push -q origin devices/bench
    t1=$(now)
    git_times+=("$(awk "BEGIN {print $t1 - $t0}")")
    git_cpus+=("$git_cpu_run")
  }
  if [ $((run % 2)) -eq 1 ]; then time_notes; time_git; else time_git; time_notes; fi
  if [ "$(git -C "$work/n/bench" rev-parse 'HEAD^{tree}')" != "$(git -C "$work/g/bench" rev-parse 'HEAD^{tree}')" ]; then
    same=no
  fi
  parents=$(($(git -C "$work/n/bench" rev-list --parents -n 1 HEAD | wc -w) - 1))
  # Every note has the preview of its merged body (the QuickLook stamps name the body blob).
  previews=$(find "$work/n/bench" -path '*.note/QuickLook/Thumbnail.png' | wc -l)
  packages=$(git -C "$work/n/bench" ls-tree --name-only HEAD | grep -c '\.note$' || true)
done
notes_median=$(printf '%s\n' "${notes_times[@]}" | median)
git_median=$(printf '%s\n' "${git_times[@]}" | median)
printf '%-52s %8.3f s   git: %8.3f s   ratio %.2f   (target <= 0.5, median of %s)\n' \
  "one sync bringing in $device_count diverged devices" "$notes_median" "$git_median" \
  "$(awk "BEGIN {print $notes_median / $git_median}")" "$runs"
if [ "$have_perf" = 1 ]; then
  notes_cpu_median=$(printf '%s\n' "${notes_cpus[@]}" | median)
  git_cpu_median=$(printf '%s\n' "${git_cpus[@]}" | median)
  printf '%-52s %8.1f ms  git: %8.1f ms  ratio %.2f\n' "  the same, CPU (task-clock)" "$notes_cpu_median" \
    "$git_cpu_median" "$(awk "BEGIN {print $notes_cpu_median / $git_cpu_median}")"
fi
printf '%-52s %s\n' "load" "$(uptime | sed 's/^ *//')"
printf '%-52s %s\n' "parents of that sync's merge commit" "$parents"
printf '%-52s %s\n' "same merged tree as git's octopus" "$same"
printf '%-52s %s of %s notes\n' "previews after the sync's gc --auto" "$previews" "$packages"
fi
