#!/usr/bin/env bash
# `notes sync` against the same work done with the git CLI, in the same run: a store of
# NOTES notes, two devices that each edit EDITS notes (disjoint ones, so git's merge is
# clean too), then each side syncs through a bare remote. git's side is `git pull
# --no-rebase` of the other device's branch and `git push` of its own, on copies of the
# same repositories.
# Usage: Benchmarks/scripts/sync.sh [NOTES] [EDITS]   (default 10000 100)
set -euo pipefail
notes_count=${1:-10000}
edits=${2:-100}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup sync
now() { date +%s.%N; }
elapsed() { awk "BEGIN {printf \"%.3f\", $2 - $1}"; }

git init -q --bare "$work/remote.git"
"$bin/notes-bench" make-store "$work/laptop" "$notes_count" >/dev/null
"$bin/notes" -C "$work/laptop" remote add origin "$work/remote.git" 2>/dev/null
"$bin/notes" -C "$work/laptop" sync >/dev/null 2>&1
"$bin/notes" clone "$work/remote.git" "$work/phone" --device phone >/dev/null
"$bin/notes" -C "$work/phone" sync >/dev/null 2>&1
"$bin/notes" -C "$work/laptop" sync >/dev/null 2>&1
"$bin/notes-bench" edits "$work/laptop" "$edits" 1 0 2 >/dev/null
"$bin/notes-bench" edits "$work/phone" "$edits" 2 1 2 >/dev/null

# The same starting point for git: copies of the remote and both devices.
cp -a "$work/remote.git" "$work/git-remote.git"
cp -a "$work/laptop" "$work/git-laptop"
cp -a "$work/phone" "$work/git-phone"
for device in laptop phone; do
  git -C "$work/git-$device" remote set-url origin "$work/git-remote.git"
done

# Interleaved (notes phone, git phone, notes laptop, git laptop), so a change of load
# during the run weighs on both tools alike.
t0=$(now); "$bin/notes" -C "$work/phone" sync >/dev/null 2>&1; t1=$(now)
git -C "$work/git-phone" pull -q --no-rebase --no-edit origin devices/bench
git -C "$work/git-phone" push -q origin devices/phone
g1=$(now)
t1b=$(now); "$bin/notes" -C "$work/laptop" sync >/dev/null 2>&1; t2=$(now)
git -C "$work/git-laptop" pull -q --no-rebase --no-edit origin devices/phone
git -C "$work/git-laptop" push -q origin devices/bench
g2=$(now)
g0=$t1
t1=$t1b
g1b=$t2

same=$(test "$(git -C "$work/laptop" rev-parse 'HEAD^{tree}')" = "$(git -C "$work/git-laptop" rev-parse 'HEAD^{tree}')" && echo yes || echo no)
printf '%-40s %s notes, %s edits per device\n' "store" "$notes_count" "$edits"
# phone: notes t0..g0, git g0..g1; laptop: notes t1..g1b, git g1b..g2
printf '%-40s %8s s   git: %8s s   ratio %s\n' "phone sync (fetch, merge, push)" "$(elapsed "$t0" "$g0")" "$(elapsed "$g0" "$g1")" \
  "$(awk "BEGIN {printf \"%.2f\", ($g0 - $t0) / ($g1 - $g0)}")"
printf '%-40s %8s s   git: %8s s   ratio %s\n' "laptop sync (fetch, merge, push)" "$(elapsed "$t1" "$g1b")" "$(elapsed "$g1b" "$g2")" \
  "$(awk "BEGIN {printf \"%.2f\", ($g1b - $t1) / ($g2 - $g1b)}")"
printf '%-40s %s\n' "load" "$(uptime | sed 's/^ *//')"
printf '%-40s %s\n' "same merged tree as git" "$same"
