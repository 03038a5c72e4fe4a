#!/usr/bin/env bash
# Repository size after many edits in a big store: NoteStore's own packing (automatic,
# as a user gets it) against `git gc` run on a copy of the same history.
# Usage: Benchmarks/scripts/gc-size.sh [NOTES] [EDITS]   (default 10000 1000)
set -euo pipefail
notes=${1:-10000}
edits=${2:-1000}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
swift build -c release --product notes-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/notes-bench"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-gc.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com

"$bench" make-store "$work/store" "$notes"
start=$(date +%s.%N)
"$bench" edits "$work/store" "$edits"
end=$(date +%s.%N)
notes_bytes=$(du -sb "$work/store/.git/objects" | cut -f1)
loose=$(git -C "$work/store" count-objects -v | awk '/^count:/ {print $2}')
packs=$(git -C "$work/store" count-objects -v | awk '/^packs:/ {print $2}')
git -C "$work/store" fsck --strict >/dev/null

cp -a "$work/store" "$work/git-gc"
gc_start=$(date +%s.%N)
git -C "$work/git-gc" gc --quiet
gc_end=$(date +%s.%N)
git_bytes=$(du -sb "$work/git-gc/.git/objects" | cut -f1)

printf '%-44s %12s\n' "store" "$notes notes, $edits edits"
printf '%-44s %12.1f s\n' "notes: $edits edits (auto-packing included)" "$(awk "BEGIN {print $end - $start}")"
printf '%-44s %12d KiB (%s loose objects, %s packs)\n' "notes: .git/objects" $((notes_bytes / 1024)) "$loose" "$packs"
printf '%-44s %12d KiB (git gc took %.1f s)\n' "git gc of the same history: .git/objects" $((git_bytes / 1024)) "$(awk "BEGIN {print $gc_end - $gc_start}")"
printf '%-44s %12.2f (target: at most 2.00)\n' "ratio notes / git gc" "$(awk "BEGIN {print $notes_bytes / $git_bytes}")"
