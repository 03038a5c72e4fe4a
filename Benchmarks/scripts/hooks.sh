#!/usr/bin/env bash
# `notes write` with an empty pre-commit hook against one with no hook, in a store of
# NOTES notes, and the same for `git commit` in the same run (git's own cost of a hook).
# Runs alternate (none, hook, none, hook, …) so drift hits both sides alike; each figure
# is the median of RUNS writes. Target: notes with the hook ≤ 1.2 × without.
# Usage: Benchmarks/scripts/hooks.sh [NOTES] [RUNS]   (default 2000 31)
set -euo pipefail
notes_count=${1:-2000}
runs=${2:-31}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup hooks
now() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

"$bin/notes-bench" make-store "$work/plain" "$notes_count" >/dev/null
cp -a "$work/plain" "$work/hooked"
printf '#!/bin/sh\n' >"$work/hooked/.git/hooks/pre-commit"
chmod +x "$work/hooked/.git/hooks/pre-commit"
note=$("$bin/notes" -C "$work/plain" list --json | awk -F'"' '/"name":/ && !found { print $4; found = 1 }')
git init -q "$work/git-plain"
(cd "$work/git-plain" && echo 0 >file && git add file && git commit -qm 0)
cp -a "$work/git-plain" "$work/git-hooked"
cp "$work/hooked/.git/hooks/pre-commit" "$work/git-hooked/.git/hooks/pre-commit"

: >"$work/plain.times"; : >"$work/hooked.times"; : >"$work/git-plain.times"; : >"$work/git-hooked.times"
for i in $(seq 1 "$runs"); do
  for side in plain hooked; do
    t0=$(now); "$bin/notes" -C "$work/$side" write "$note" --text "edit $i" 2>/dev/null; t1=$(now)
    echo $((t1 - t0)) >>"$work/$side.times"
    echo "$i" >"$work/git-$side/file"
    t0=$(now); git -C "$work/git-$side" commit -qam "$i"; t1=$(now)
    echo $((t1 - t0)) >>"$work/git-$side.times"
  done
done
ms() { awk "BEGIN {printf \"%.1f\", $1 / 1000000}"; }
plain=$(median <"$work/plain.times"); hooked=$(median <"$work/hooked.times")
git_plain=$(median <"$work/git-plain.times"); git_hooked=$(median <"$work/git-hooked.times")
printf '%-44s %s notes, median of %s\n' "store" "$notes_count" "$runs"
printf '%-44s %7s ms   with empty pre-commit %7s ms   ratio %s\n' "notes write" "$(ms "$plain")" "$(ms "$hooked")" \
  "$(awk "BEGIN {printf \"%.2f\", $hooked / $plain}")"
printf '%-44s %7s ms   with empty pre-commit %7s ms   ratio %s\n' "git commit -a (one file)" "$(ms "$git_plain")" "$(ms "$git_hooked")" \
  "$(awk "BEGIN {printf \"%.2f\", $git_hooked / $git_plain}")"
