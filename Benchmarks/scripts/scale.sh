#!/usr/bin/env bash
# The scale table of issue 12: each everyday command on a store of NOTES notes against
# the git CLI doing the same job on a copy of the same repository, in the same run.
#
#   list               notes list                       git ls-tree -r HEAD
#   save one note      notes save <note> (a hand edit)  git add <file> && git commit
#                      notes save (finds it)            git add -A && git commit (finds it too)
#   write p50 / p99    notes write, SAVES times         git add && git commit, SAVES times
#   status             notes status (clean tree)        git status
#   sync 1 / 100       Benchmarks/scripts/sync.sh       git pull --no-rebase && git push
#   save import        notes save of NOTES new notes    git add -A && git commit
#   attach             Benchmarks/scripts/attach-memory.sh (time and peak RSS)
#
# The store comes from ../shared/tools/gen_store.py (Cocoa RTF bodies, QuickLook files,
# 2% of notes with an attachment of at most 200 KB), or from `notes-bench make-store`
# when gen_store.py is not there. Each timed command runs REPEAT times; the median counts.
#
# Usage: Benchmarks/scripts/scale.sh [NOTES] [ATTACH_MB] [SAVES]   (default 10000 300 30)
# `make bench-quick` runs it at 2,000 notes; `make bench` at 10,000 (and at 100,000 with
# BENCH_HUGE=1).
set -euo pipefail
notes_count=${1:-10000}
attach_mb=${2:-300}
saves=${3:-30}
repeat=${REPEAT:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cd "$root"
work=$(mktemp -d "${TMPDIR:-/tmp}/notes-scale.XXXXXX")
mounts=()
# Overlay mounts (overlay_copy) go first, so that rm never walks into a store made before;
# --one-file-system keeps it out of one that would not unmount.
cleanup() {
  local mount
  for mount in "${mounts[@]}"; do umount "$mount" 2>/dev/null || umount -l "$mount" 2>/dev/null || true; done
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ -z "${BENCH_BIN:-}" ]; then
  swift build -c release --product notes-bench >/dev/null
  swift build -c release --product notes >/dev/null
  # A copy, so the whole run (sync.sh and attach-memory.sh too) times one build.
  mkdir -p "$work/bin"
  cp "$(swift build -c release --show-bin-path)"/{notes,notes-bench} "$work/bin/"
  export BENCH_BIN="$work/bin"
fi
bin="$BENCH_BIN"
notes="$bin/notes"
export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name Bench
git config --global user.email bench@example.com
git config --global gc.auto 0
gen="${GEN_STORE:-$root/../shared/tools/gen_store.py}"

now() { date +%s%N; }
# median of the numbers on stdin (nanoseconds), printed in seconds
median() { sort -n | awk '{a[NR]=$1} END {printf "%.4f", a[int((NR+1)/2)] / 1e9}'; }
percentile() { sort -n | awk -v p="$1" '{a[NR]=$1} END {i=int(NR*p+0.999); if (i<1) i=1; if (i>NR) i=NR; printf "%.4f", a[i] / 1e9}'; }
# failed CMD...: says on stderr that a timed command failed, whose figure is then not the
# command's (an error exits early: a list on the wrong device lists nothing, fast).
failed() { echo "scale.sh: FAILED (exit $?): $*" >&2; }
# time_runs N CMD...: prints N durations in nanoseconds, one a line
time_runs() {
  local n=$1; shift
  for _ in $(seq "$n"); do
    local t0; t0=$(now); "$@" >/dev/null 2>&1 || failed "$@"; echo $(($(now) - t0))
  done
}
# cpu_runs N CMD...: prints N CPU times (user + system, perf's task-clock when perf is
# there) in nanoseconds, one a line: on a loaded machine wall time mostly measures waiting.
cpu_runs() {
  local n=$1; shift
  for _ in $(seq "$n"); do
    if command -v perf >/dev/null 2>&1 && perf stat -x, -e task-clock true >/dev/null 2>&1; then
      perf stat -x, -e task-clock -o "$work/cpu" "$@" >/dev/null 2>&1 || failed "$@"
      awk -F, '/task-clock/ {printf "%d\n", $1 * 1e6}' "$work/cpu"
    else
      /usr/bin/time -f "%U %S" -o "$work/cpu" "$@" >/dev/null 2>&1 || failed "$@"
      awk '{printf "%d\n", ($1 + $2) * 1e9}' "$work/cpu"
    fi
  done
}
rows=()
# row JOB NOTES_S GIT_S TARGET [WHY]: TARGET is "<= R" (a ratio) or "-"; the verdict says
# met, or by how much the ratio misses it, and WHY (where the time goes) when missed.
row() {
  local ratio verdict
  ratio=$(awk "BEGIN {printf \"%.2f\", ($3 > 0) ? $2 / $3 : 0}")
  verdict=$(awk -v r="$ratio" -v t="$4" 'BEGIN {
    if (t == "-") { print "-"; exit }
    split(t, p, " "); limit = p[2] + 0
    if (r <= limit) print "met"; else printf "missed by %.2fx\n", r / limit }')
  case "$verdict" in missed*) [ -n "${5:-}" ] && verdict="$verdict: $5" ;; esac
  rows+=("$(printf '%-34s %9s s %9s s %7s %8s  %s' "$1" "$2" "$3" "$ratio" "$4" "$verdict")")
  echo "${rows[-1]}" >&2  # as it comes, so a long run shows its figures early
}
rtf() { printf '{\\rtf1\\ansi\\ansicpg1252\\cocoartf2639\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 \\cf0 %s}\n' "$1"; }

# link_copy SOURCE DEST: a working copy of a store that costs next to no disk (100,000
# notes are 30 GB with their checkout, more than a machine may have free): .git copied
# without its objects, which it borrows through objects/info/alternates, nor its search
# cache; the working tree as hard links. The files a run edits must be unlinked first
# (unlink_notes), so that no write reaches the original. ctime changes with every new
# link, so git is told to trust the other stat data (as notes does).
link_copy() {
  mkdir -p "$2/.git/objects/info" "$2/.git/objects/pack"
  (cd "$1/.git" && find . -mindepth 1 -maxdepth 1 ! -name objects ! -name notes-search -exec cp -a {} "$2/.git/" \;)
  (cd "$1/.git/objects" && pwd) > "$2/.git/objects/info/alternates"
  (cd "$1" && find . -mindepth 1 -maxdepth 1 ! -name .git -print0 | xargs -0 cp -al -t "$2/")
  git -C "$2" config core.trustctime false
}
# overlay_copy SOURCE DEST: a working copy of a store made in a second, whatever its size:
# an overlay mount whose lower layer is SOURCE (read-only to it: every write lands in an
# upper layer under $work, and the original never changes) and whose upper layer is on
# the same file system, so files keep their inode numbers and times and the index's stat
# data still holds (no rehash of 100,000 notes). Needs root and overlayfs; false (and
# nothing mounted) where it cannot, and the caller falls back to link_copy.
overlay_copy() {
  local layers; layers="$work/layers/$(basename "$2")"
  mkdir -p "$layers/upper" "$layers/work" "$2"
  mount -t overlay overlay -o "lowerdir=$1,upperdir=$layers/upper,workdir=$layers/work" "$2" 2>/dev/null || return 1
  mounts+=("$2")
}
# unlink_notes DIR TITLE...: the packages' files as real copies, not links to an original.
unlink_notes() {
  local dir=$1; shift
  for title in "$@"; do
    [ -d "$dir/$title.note" ] || continue
    cp -a "$dir/$title.note" "$dir/$title.note.copy" && rm -rf "$dir/$title.note" && mv "$dir/$title.note.copy" "$dir/$title.note"
  done
}

# --- the store and its plain-git copy ----------------------------------------------
made_start=$(now)
linked=no
if [ -n "${SCALE_STORE:-}" ]; then
  # A store made before (gen_store.py takes hours at 100,000 notes): linked, never changed.
  source_head=$(git -C "$SCALE_STORE" rev-parse HEAD)
  source_store=$(cd "$SCALE_STORE" && pwd)
  if [ "${SCALE_COPY:-overlay}" = overlay ] && overlay_copy "$source_store" "$work/store" &&
    overlay_copy "$source_store" "$work/git"; then
    linked=overlay
  else
    link_copy "$SCALE_STORE" "$work/store"
    linked=yes
  fi
  # Its own device stays (a store made as device alpha has HEAD on devices/alpha: as
  # device bench, notes would see a branch that does not exist, and list nothing).
  git -C "$work/store" config notes.format 1
  source_kind="$(basename "$SCALE_STORE"), made before, $([ "$linked" = overlay ] && echo "overlay-mounted" || echo linked)"
elif [ -f "$gen" ]; then
  python3 "$gen" store --out "$work/store" --notes "$notes_count" --seed 1 --device bench \
    --attach-frac 0.02 --attach-max 200000 >/dev/null
  git -C "$work/store" config notes.device bench
  git -C "$work/store" config notes.format 1
  source_kind="gen_store.py"
else
  "$bin/notes-bench" make-store "$work/store" "$notes_count" >/dev/null
  source_kind="notes-bench make-store"
fi
mapfile -t titles < <(git -C "$work/store" ls-tree --name-only HEAD | grep '\.note$' | sed 's/\.note$//' | head -n $((saves + repeat + 2)))
if [ "$linked" = yes ]; then
  link_copy "$SCALE_STORE" "$work/git"
  unlink_notes "$work/store" "${titles[@]}"
  unlink_notes "$work/git" "${titles[@]}"
  git -C "$work/git" status >/dev/null
  git -C "$work/store" status >/dev/null
  "$notes" -C "$work/store" status >/dev/null 2>&1 || true  # the index learns the unlinked files
elif [ "$linked" = overlay ]; then
  # A store once hard-linked has new ctimes (which notes never compares): git is told to
  # trust the other stat data, as with link_copy. Untimed, the index learns what stat
  # data it lacks (entries racily clean when it was written).
  git -C "$work/git" config core.trustctime false
  git -C "$work/store" config core.trustctime false
  git -C "$work/git" update-index -q --refresh || true
  git -C "$work/store" update-index -q --refresh || true
  "$notes" -C "$work/store" status >/dev/null 2>&1 || true
else
  git -C "$work/store" status >/dev/null  # the index's stat data, as after a checkout by hand
  cp -a "$work/store" "$work/git"
fi
# settle: writes out what the set-up left in the page cache (hundreds of megabytes of
# copied store), untimed. notes makes each write durable (fsync) and git does not: a
# notes write timed while the kernel still flushes the set-up's copies waits behind
# them (p99 of 0.39 s against a median of 0.05 s at 10,000 notes), a git write never.
settle() { sync; sleep 1; }
settle
echo "store: $notes_count notes from $source_kind in $(awk "BEGIN {printf \"%.1f\", ($(now) - $made_start) / 1e9}") s; $(du -sh "$work/store/.git" | cut -f1) .git" >&2

# --- process start-up: the floor under every command ---------------------------------
n_start=$(time_runs "$repeat" "$notes" --version | median)
g_start=$(time_runs "$repeat" git --version | median)
row "start-up (--version)" "$n_start" "$g_start" "-"
# The floor under the CPU rows: what list's CPU is beyond start-up.
n_start_cpu=$(cpu_runs "$repeat" "$notes" --version | median)
g_start_cpu=$(cpu_runs "$repeat" git --version | median)
row "start-up, CPU" "$n_start_cpu" "$g_start_cpu" "-"

# --- list --------------------------------------------------------------------------
# Warms the page cache, and checks that list lists every note (so that its rows time the
# listing, not an early error) and ls-tree every file of the same commit.
listed=$("$notes" -C "$work/store" list 2>/dev/null | wc -l) || true
tree_notes=$(git -C "$work/git" ls-tree --name-only HEAD | grep -c '\.note$') || true
tree_files=$(git -C "$work/git" ls-tree -r HEAD | wc -l) || true
n_list=$(time_runs "$repeat" "$notes" -C "$work/store" list | median)
g_list=$(time_runs "$repeat" git -C "$work/git" ls-tree -r HEAD | median)
row "list" "$n_list" "$g_list" "<= 1" "start-up ${n_start} s against git's ${g_start} s, then a stat of each note's folder, body and attachments (to show unsaved edits), which git ls-tree never makes; list --names makes none"
n_names=$(time_runs "$repeat" "$notes" -C "$work/store" list --names | median)
row "list --names (no status)" "$n_names" "$g_list" "-"
n_list_cpu=$(cpu_runs "$repeat" "$notes" -C "$work/store" list | median)
g_list_cpu=$(cpu_runs "$repeat" git -C "$work/git" ls-tree -r HEAD | median)
row "list, CPU" "$n_list_cpu" "$g_list_cpu" "<= 1" "start-up ${n_start_cpu} s CPU against git's ${g_start_cpu} s, then a stat of each note's folder, body and attachments (to show unsaved edits), which git ls-tree never makes"

# --- status (clean working tree) -------------------------------------------------------
"$notes" -C "$work/store" status >/dev/null 2>&1
n_status=$(time_runs "$repeat" "$notes" -C "$work/store" status | median)
g_status=$(time_runs "$repeat" git -C "$work/git" status | median)
row "status" "$n_status" "$g_status" "<= 0.5" "start-up ${n_start} s, then a stat of each body, attachment and package folder (previews left out)"
n_status_cpu=$(cpu_runs "$repeat" "$notes" -C "$work/store" status | median)
g_status_cpu=$(cpu_runs "$repeat" git -C "$work/git" status | median)
row "status, CPU" "$n_status_cpu" "$g_status_cpu" "<= 0.5" "start-up and one stat per body and package folder (previews left out); git also stats every preview"

# --- the floor under one-note saves and writes -------------------------------------
# The floor: the same one-note write on a store of 100 notes, where the root tree and the
# index are small. What notes takes there it takes whatever the size (start-up, lock,
# journal, previews, history index, exit); set beside git's write on the big store, it
# says how low the ratio above can go without touching those.
"$notes" init "$work/small" --device bench >/dev/null 2>&1
git init -q "$work/small-git"
for i in $(seq 0 99); do
  "$notes" -C "$work/small" new "Small $i" --text "Body $i" >/dev/null 2>&1
  mkdir -p "$work/small-git/Small $i.note"; rtf "Body $i" > "$work/small-git/Small $i.note/Text.rtf"
done
git -C "$work/small-git" add -A && git -C "$work/small-git" commit -q -m "100 notes"
"$notes" -C "$work/small" --quiet gc >/dev/null 2>&1 || true
settle
: > "$work/small-writes"; : > "$work/small-git-writes"
for i in $(seq "$saves"); do
  t0=$(now); "$notes" -C "$work/small" write "Small $((i % 40))" --text "Write $i" >/dev/null 2>&1 || failed notes write; echo $(($(now) - t0)) >> "$work/small-writes"
  rtf "Write $i" > "$work/small-git/Small $((i % 40)).note/Text.rtf"
  t0=$(now); git -C "$work/small-git" add "Small $((i % 40)).note/Text.rtf" && git -C "$work/small-git" commit -q -m "write $i"; echo $(($(now) - t0)) >> "$work/small-git-writes"
done
sleep 1  # a detached `notes gc --auto` may still be packing
n_floor=$(median < "$work/small-writes"); g_floor=$(median < "$work/small-git-writes")
# floor_why NOTES_SECONDS GIT_SECONDS: why a one-note row misses 0.3, measured: the part
# of notes' time that does not grow with the store (the small store's write) beside git's
# job on the big store, and what is left, which does.
floor_why() {
  awk -v f="$n_floor" -v n="$1" -v g="$2" -v s="$n_start" -v c="$notes_count" 'BEGIN {
    printf "%.4f s of it does not grow with the store (a write on a 100-note store: start-up %s s, lock, journal, previews, history index, exit), %.2fx git'"'"'s job alone", f, s, f / g
    if (f / g <= 0.3) printf "; the other %.4f s does (the %d-entry root tree read and written again, the index of every tracked file read and written again, as git does too)", n - f, c }'
}

# --- save one hand-edited note -------------------------------------------------------
save_one() {  # dir title index tool
  rm -f "$1/$2.note/Text.rtf"  # a new file, as an editor's save makes
  rtf "Hand edit $3 of $2" > "$1/$2.note/Text.rtf"
  local t0; t0=$(now)
  if [ "$4" = notes ]; then  # names the note, as `git add <file>` does
    "$notes" -C "$1" save -m "edit $3" "$2" >/dev/null 2>&1
  elif [ "$4" = notes-all ]; then  # finds the edit itself, as `git add -A` does
    "$notes" -C "$1" save -m "edit $3" >/dev/null 2>&1
  elif [ "$4" = git-all ]; then
    git -C "$1" add -A && git -C "$1" commit -q -m "edit $3"  # finds the edit, as notes save must
  else
    git -C "$1" add "$2.note/Text.rtf" && git -C "$1" commit -q -m "edit $3"
  fi
  echo $(($(now) - t0))
}
: > "$work/n-saves"; : > "$work/g-saves"
for i in $(seq "$repeat"); do  # interleaved, so both see the same load
  save_one "$work/store" "${titles[$i]}" "$i" notes >> "$work/n-saves"
  save_one "$work/git" "${titles[$i]}" "$i" git >> "$work/g-saves"
done
n_save=$(median < "$work/n-saves"); g_save=$(median < "$work/g-saves")
row "save one note (notes save NOTE)" "$n_save" "$g_save" "<= 0.3" "$(floor_why "$n_save" "$g_save")"
# The same against `git add -A`, which must find the edit as `notes save` must (the row
# above tells git the file). Other notes than above, interleaved again.
: > "$work/n-saves-all"; : > "$work/g-saves-all"
for i in $(seq "$repeat"); do
  save_one "$work/store" "${titles[$i]}" "a$i" notes-all >> "$work/n-saves-all"
  save_one "$work/git" "${titles[$i]}" "a$i" git-all >> "$work/g-saves-all"
done
n_save_all=$(median < "$work/n-saves-all"); g_save_all=$(median < "$work/g-saves-all")
row "save one note (vs git add -A)" "$n_save_all" "$g_save_all" "<= 0.3" "$(floor_why "$n_save_all" "$g_save_all")"

# --- SAVES one-note writes: median and p99 (automatic packing included) ------------
write_one() {  # index
  local title=${titles[$((repeat + 1 + $1 % (saves + 1)))]}
  local t0; t0=$(now)
  "$notes" -C "$work/store" write "$title" --text "Write $1 of $title" >/dev/null 2>&1
  echo $(($(now) - t0))
}
git_write_one() {
  local title=${titles[$((repeat + 1 + $1 % (saves + 1)))]}
  rm -f "$work/git/$title.note/Text.rtf"
  rtf "Write $1 of $title" > "$work/git/$title.note/Text.rtf"
  local t0; t0=$(now)
  git -C "$work/git" add "$title.note/Text.rtf" && git -C "$work/git" commit -q -m "write $1"
  echo $(($(now) - t0))
}
settle
: > "$work/writes"; : > "$work/git-writes"
for i in $(seq "$saves"); do write_one "$i" >> "$work/writes"; git_write_one "$i" >> "$work/git-writes"; done
sleep 1  # a detached `notes gc --auto` may still be packing
n_p50=$(median < "$work/writes"); n_p99=$(percentile 0.99 < "$work/writes"); n_p90=$(percentile 0.90 < "$work/writes")
g_p50=$(median < "$work/git-writes"); g_p99=$(percentile 0.99 < "$work/git-writes"); g_p90=$(percentile 0.90 < "$work/git-writes")
row "write one note, median ($saves)" "$n_p50" "$g_p50" "<= 0.3" "$(floor_why "$n_p50" "$g_p50")"
row "write one note, p90 ($saves)" "$n_p90" "$g_p90" "-"
row "write one note, p99 ($saves)" "$n_p99" "$g_p99" "-"
row "write, 100-note store (floor)" "$n_floor" "$g_floor" "-"
p99_over_median=$(awk "BEGIN {printf \"%.2f\", $n_p99 / $n_p50}")
git -C "$work/store" fsck --connectivity-only >/dev/null 2>&1 && fsck_ok=yes || fsck_ok=no

# --- save of a whole imported folder ---------------------------------------------------
skip=" ${SCALE_SKIP:-} "
import_lines="not run"; same_import="not run"
if [[ "$skip" != *" import "* ]]; then
"$notes" init "$work/import" --device bench >/dev/null 2>&1
git init -q "$work/git-import"
(cd "$work/store" && find . -maxdepth 1 -name '*.note' -print0 | xargs -0 -I{} cp -r {} "$work/import/")
(cd "$work/store" && find . -maxdepth 1 -name '*.note' -print0 | xargs -0 -I{} cp -r {} "$work/git-import/")
sync
t0=$(now); "$notes" -C "$work/import" save -m "Import" >/dev/null 2>"$work/import.err"; t1=$(now)
# The save leaves most previews to a detached `notes gc --auto`, which draws them after
# the answer (minutes at 10,000 notes). Stopped here (the backlog survives that), so it
# neither competes with git's timed run nor writes into $work while the exit trap removes it.
pkill -f -- "-C $work/import --quiet gc --auto" 2>/dev/null || true
while pgrep -f -- "-C $work/import --quiet gc --auto" >/dev/null; do sleep 0.1; done
t2=$(now)
git -C "$work/git-import" add -A && git -C "$work/git-import" commit -q -m "Import"; t3=$(now)
row "save of $notes_count imported notes" "$(awk "BEGIN {printf \"%.3f\", ($t1 - $t0) / 1e9}")" \
  "$(awk "BEGIN {printf \"%.3f\", ($t3 - $t2) / 1e9}")" "<= 1" "every body read as RTF to refuse an unreadable one; the first 32 previews drawn"
import_lines=$(wc -l < "$work/import.err")
notes_files() { git -C "$1" -c core.quotePath=false ls-tree -r HEAD | grep '\.note/' | grep -v '\.note/QuickLook/' | md5sum; }
same_import=$(test "$(notes_files "$work/import")" = "$(notes_files "$work/git-import")" && echo yes || echo no)
fi

# --- sync, 1 and 100 edits per device (sync.sh makes its own pair of devices) --------
# SCALE_SKIP=sync (or import, attach, or several: "sync attach") leaves a part out, e.g.
# at 100,000 notes where sync.sh would make its own stores again.
same_sync="not run"
for edits in 1 100; do
  [[ "$skip" == *" sync "* ]] && break
  # One pair of devices for both runs (minutes to make at 10,000 notes, most of an hour
  # at 100,000): the first run keeps its set-up, the second starts from it.
  if [ -n "${SYNC_FIXTURE:-}" ]; then
    out=$("$here/sync.sh" "$notes_count" "$edits")
  elif [ -d "$work/sync-fixture/laptop" ]; then
    out=$(SYNC_FIXTURE="$work/sync-fixture" "$here/sync.sh" "$notes_count" "$edits")
  else
    out=$(SYNC_SAVE_FIXTURE="$work/sync-fixture" "$here/sync.sh" "$notes_count" "$edits")
  fi
  # milliseconds LINE: notes' and git's figures of one of sync.sh's "ms" lines, in seconds.
  seconds_of() { awk '{for (i=1;i<=NF;i++) if ($i=="ms") {n[++k]=$(i-1)}} END {printf "%.4f %.4f", n[1]/1000, n[2]/1000}' <<<"$1"; }
  for side in phone laptop; do
    line=$(grep "^$side sync (fetch" <<<"$out")
    n=$(awk '{for (i=1;i<=NF;i++) if ($i=="s") {print $(i-1); exit}}' <<<"$line")
    g=$(awk '{for (i=1;i<=NF;i++) if ($i=="git:") {print $(i+1); exit}}' <<<"$line")
    row "sync $edits edit(s), $side" "$n" "$g" "<= 0.5" "wall time, which counts waiting for the disk: notes syncs its journal and references to it, git does not; see the CPU row below"
    cpu_line=$(grep "^$side sync, CPU (task-clock)" <<<"$out" || true)
    [ -n "$cpu_line" ] || continue
    read -r nc gc <<<"$(seconds_of "$cpu_line")"
    server_line=$(grep "^$side sync, CPU of the server side" <<<"$out" || true)
    client_line=$(grep "^$side sync, CPU of the client side" <<<"$out" || true)
    why="CPU of both tools' server programs included"
    if [ -n "$server_line" ]; then
      read -r ns gs <<<"$(seconds_of "$server_line")"
      why="git-upload-pack and git-receive-pack on the remote (the same programs for both tools) took ${ns} s of notes' and ${gs} s of git's; the client sides alone: ratio $(awk '{print $NF}' <<<"$client_line")"
    fi
    row "sync $edits edit(s), $side, CPU" "$nc" "$gc" "<= 0.5" "$why"
  done
  same_sync=$(grep "same merged tree" <<<"$out" | awk '{print $NF}')
done

# --- a big attachment ----------------------------------------------------------------
attach_out="attach and export: not run"
if [[ "$skip" != *" attach "* ]]; then
  attach_out=$("$here/attach-memory.sh" "$attach_mb" || true)
  while IFS= read -r line; do rows+=("$line"); done < <(grep -v '^export of' <<<"$attach_out")
  attach_out=$(grep '^export of' <<<"$attach_out" || echo "export: not measured")
fi

p99_verdict=$(awk -v r="$p99_over_median" 'BEGIN {if (r <= 3) print "met"; else printf "missed by %.2fx: the slowest writes ran beside the detached pack, or their fsyncs waited for other writes to the disk\n", r / 3}')
printf '\n%s notes (%s), median of %s runs; ratio = notes / git; %s\n' "$notes_count" "$source_kind" "$repeat" "$(uptime | sed 's/^ *//')"
printf '%-34s %11s %11s %7s %8s  %s\n' "job" "notes" "git" "ratio" "target" "verdict"
printf '%s\n' "${rows[@]}"
printf '%-34s %s (target <= 3) %s\n' "write p99 / median" "$p99_over_median" "$p99_verdict"
printf '%-34s %s\n' "fsck after the writes" "$fsck_ok"
printf '%-34s %s lines for %s notes in HEAD (ls-tree -r: %s entries)\n' "list printed" "$listed" "$tree_notes" "$tree_files"
printf '%-34s %s lines on stderr, same tree as git: %s\n' "save of the import" "$import_lines" "$same_import"
printf '%-34s %s\n' "sync: same merged tree as git" "$same_sync"
printf '%s\n' "$attach_out"
if [ "$linked" != no ]; then
  # The original must be untouched: the same branch tip, and no file edited through a link.
  unchanged=$(test "$(git -C "$SCALE_STORE" rev-parse HEAD)" = "$source_head" &&
    git -C "$SCALE_STORE" -c core.trustctime=false diff --quiet HEAD -- && echo yes || echo NO)
  printf '%-34s %s\n' "original store left unchanged" "$unchanged"
fi
