#!/usr/bin/env bash
# `notes sync` against the same work done with the git CLI, in the same run: a store of
# NOTES notes, two devices that each edit EDITS notes (disjoint ones, so git's merge is
# clean too), then each side syncs through a bare remote. git's side is `git pull
# --no-rebase` of the other device's branch and `git push` of its own, on copies of the
# same repositories.
# Usage: Benchmarks/scripts/sync.sh [NOTES] [EDITS]   (default 10000 100)
# SYNC_STORE=DIR starts the laptop from a copy of a store made before (NOTES is then
# only the label), instead of `notes-bench make-store`. SYNC_FIXTURE=DIR skips the
# whole setup (minutes at 10,000 notes): it copies DIR/remote.git and the two devices
# DIR/laptop (device bench) and DIR/phone, already in sync with it. SYNC_SAVE_FIXTURE=DIR
# keeps such a DIR from this run's setup, for later runs. SYNC_URL_PREFIX=ssh://user@host:port
# makes both tools' timed syncs reach their remotes at that prefix followed by the
# remote's path (an sshd serving this machine; ssh settings from GIT_SSH_COMMAND).
# SYNC_GIT_FIRST=1 runs git before notes in each pair (notes goes first by default).
# SYNC_RENAME=1 also renames one note on the laptop and edits its first paragraph there,
# while the phone edits its second paragraph under the old name: both tools must follow
# the rename to merge the two edits into one note (notes through the laptop's commits,
# git's merge by the body's similarity).
set -euo pipefail
notes_count=${1:-10000}
edits=${2:-100}
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_setup sync
now() { date +%s.%N; }
elapsed() { awk "BEGIN {printf \"%.3f\", $2 - $1}"; }
# CPU time as well as wall time (perf's task-clock, children included: the server programs
# of both tools count too), when perf is there: on a loaded machine wall time is mostly waiting.
have_perf=0
if command -v perf >/dev/null && perf stat -e task-clock true >/dev/null 2>&1; then have_perf=1; fi
# timed NAME CMD...: runs CMD, adds its CPU milliseconds to cpu[NAME] (0 without perf).
declare -A cpu=()
timed() {
  local name=$1; shift
  if [ "$have_perf" = 1 ]; then
    perf stat -x, -e task-clock -o "$work/perf.out" "$@" >/dev/null 2>&1
    cpu[$name]=$(awk -F, -v before="${cpu[$name]:-0}" '/task-clock/ {printf "%.1f", before + $1; exit}' "$work/perf.out")
  else
    "$@" >/dev/null 2>&1
    cpu[$name]=0
  fi
}

if [ -n "${SYNC_FIXTURE:-}" ]; then
  # Copies of DIR/remote.git, DIR/laptop (device bench) and DIR/phone, already in sync.
  cp -a "$SYNC_FIXTURE/remote.git" "$SYNC_FIXTURE/laptop" "$SYNC_FIXTURE/phone" "$work/"
  for device in laptop phone; do git -C "$work/$device" remote set-url origin "$work/remote.git"; done
else
git init -q --bare "$work/remote.git"
if [ -n "${SYNC_STORE:-}" ]; then
  # A store made before (gen_store.py or make-store): copied, never changed.
  cp -a "$SYNC_STORE" "$work/laptop"
  git -C "$work/laptop" config notes.device bench
  git -C "$work/laptop" config notes.format 1
else
  "$bin/notes-bench" make-store "$work/laptop" "$notes_count" >/dev/null
fi
"$bin/notes" -C "$work/laptop" remote add origin "$work/remote.git" 2>/dev/null
# The setup is not timed: its first push of the whole store may pack for minutes.
"$bin/notes" -C "$work/laptop" sync --timeout 900 >/dev/null 2>&1
"$bin/notes" clone "$work/remote.git" "$work/phone" --device phone >/dev/null
# The clone leaves most previews to a detached `gc --auto`: drained here, so it neither
# competes with the timed syncs nor writes into $work while the exit trap removes it
# (which failed the script, and `make bench-quick` with it).
"$bin/notes" -C "$work/phone" gc --auto >/dev/null 2>&1 || true
"$bin/notes" -C "$work/phone" sync --timeout 900 >/dev/null 2>&1
"$bin/notes" -C "$work/laptop" sync --timeout 900 >/dev/null 2>&1
if [ -n "${SYNC_SAVE_FIXTURE:-}" ]; then
  mkdir -p "$SYNC_SAVE_FIXTURE"
  cp -a "$work/remote.git" "$work/laptop" "$work/phone" "$SYNC_SAVE_FIXTURE/"
fi
fi
"$bin/notes-bench" edits "$work/laptop" "$edits" 1 0 2 >/dev/null
"$bin/notes-bench" edits "$work/phone" "$edits" 2 1 2 >/dev/null
if [ "${SYNC_RENAME:-0}" = 1 ]; then
  # The note changed longest ago, which neither side's edits touched.
  renamed=$("$bin/notes" -C "$work/laptop" list --names | tail -1)
  body=$("$bin/notes" -C "$work/laptop" show "$renamed")
  NOTES_NO_AUTO_GC=1 "$bin/notes" -C "$work/laptop" rename "$renamed" "Renamed note" >/dev/null
  NOTES_NO_AUTO_GC=1 "$bin/notes" -C "$work/laptop" write "Renamed note" --text "$(sed '1s/$/ (laptop)/' <<<"$body")" >/dev/null
  NOTES_NO_AUTO_GC=1 "$bin/notes" -C "$work/phone" write "$renamed" --text "$(sed '2s/$/ (phone)/' <<<"$body")" >/dev/null
fi

# The same starting point for git: copies of the remote and both devices.
cp -a "$work/remote.git" "$work/git-remote.git"
cp -a "$work/laptop" "$work/git-laptop"
cp -a "$work/phone" "$work/git-phone"
for device in laptop phone; do
  git -C "$work/git-$device" remote set-url origin "$work/git-remote.git"
  # The rich-text merge driver `notes init` registers in a user's store (make-store's
  # store has none): git merges a body changed on both sides with it, not line by line.
  git -C "$work/git-$device" config merge.notes-rtf.driver "'$bin/notes' merge-driver %O %A %B %L %P"
done
if [ -n "${SYNC_URL_PREFIX:-}" ]; then
  for device in laptop phone; do
    git -C "$work/$device" remote set-url origin "$SYNC_URL_PREFIX$work/remote.git"
    git -C "$work/git-$device" remote set-url origin "$SYNC_URL_PREFIX$work/git-remote.git"
  done
fi
# A `cp -a` copy has new inodes and ctimes, so every index entry looks changed until
# the stat data is refreshed: both sides refresh untimed first, so neither timed run
# rehashes the whole tree (git's `pull` would, inside its timing).
for device in laptop phone; do
  git -C "$work/git-$device" update-index -q --refresh >/dev/null 2>&1 || true
  "$bin/notes" -C "$work/$device" status >/dev/null 2>&1 || true
done

# The server programs both tools start on the remote (git-upload-pack for the fetch,
# git-receive-pack for the push, with the index-pack or unpack-objects and the
# connectivity walk they run) are timed on their own as well: a copy of git's exec path
# whose two server programs run under `perf stat`, each appending its CPU time to
# $server_log. Both tools find them there (GIT_EXEC_PATH), so the "server" rows say how
# much of each tool's time is git's own work on the remote, which neither can skip.
# Not over ssh (SYNC_URL_PREFIX), where sshd starts them.
server_log="$work/server-cpu"
if [ "$have_perf" = 1 ] && [ -z "${SYNC_URL_PREFIX:-}" ]; then
  real_exec=$(git --exec-path)
  mkdir -p "$work/exec-path"
  for program in "$real_exec"/*; do ln -s "$program" "$work/exec-path/"; done
  for server in git-upload-pack git-receive-pack; do
    rm "$work/exec-path/$server"
    printf '#!/bin/sh\nexec perf stat -x, -e task-clock -o "%s" --append "%s" "$@"\n' \
      "$server_log" "$real_exec/$server" > "$work/exec-path/$server"
    chmod +x "$work/exec-path/$server"
  done
  export GIT_EXEC_PATH="$work/exec-path"
fi
# server_cpu NAME: adds the server CPU milliseconds logged since the last call to server[NAME].
declare -A server=()
server_cpu() {
  local ms=0
  if [ -s "$server_log" ]; then ms=$(awk -F, '/task-clock/ {sum += $1} END {printf "%.1f", sum}' "$server_log"); fi
  server[$1]=$(awk "BEGIN {printf \"%.1f\", ${server[$1]:-0} + $ms}")
  rm -f "$server_log"
}
# The server programs (and perf, which wraps them) started once, untimed, so that the tool
# that goes first does not read them from disk inside its timing.
git ls-remote "$work/remote.git" >/dev/null 2>&1 || true
git ls-remote "$work/git-remote.git" >/dev/null 2>&1 || true
rm -f "$server_log"

# What the copies above left in the page cache is written out, untimed: notes makes its
# commits durable (fsync) and git does not, so a sync timed while the kernel still
# flushes them would wait behind the set-up.
sync
# Every pack of the six repositories read once, untimed: the copies made last (git's)
# would otherwise be in the page cache and the first ones (notes') not, and reading a
# pack from disk counts as CPU time of the process that faults it in.
cat "$work"/{remote.git,git-remote.git}/objects/pack/*.pack \
  "$work"/{laptop,phone,git-laptop,git-phone}/.git/objects/pack/*.pack > /dev/null 2>&1 || true

# Interleaved (notes phone, git phone, notes laptop, git laptop), so a change of load
# during the run weighs on both tools alike. SYNC_GIT_FIRST=1 runs git before notes in
# each pair, to tell a cost of going first (caches, the remote's fresh copy) from the tool's.
# A sync leaves the previews of the notes it brought in to a detached `gc --auto`: drained
# untimed (as a user's machine does after the answer), so git's run does not compete with it.
drain() { "$bin/notes" -C "$1" gc --auto >/dev/null 2>&1 || true; }
# notes_turn SIDE: notes syncs SIDE, timed from SIDE0 to SIDE1.
notes_turn() {
  printf -v "${1}0" '%s' "$(now)"
  timed "notes_$1" "$bin/notes" -C "$work/$1" sync
  printf -v "${1}1" '%s' "$(now)"
  server_cpu "notes_$1"
  drain "$work/$1"
}
# git_turn SIDE THEIRS OURS: git pulls THEIRS and pushes OURS, timed from SIDE1g to SIDE2.
git_turn() {
  printf -v "${1}1g" '%s' "$(now)"
  timed "git_$1" git -C "$work/git-$1" pull -q --no-rebase --no-edit origin "$2"
  timed "git_$1" git -C "$work/git-$1" push -q origin "$3"
  printf -v "${1}2" '%s' "$(now)"
  server_cpu "git_$1"
}
for turn in "phone devices/bench devices/phone" "laptop devices/phone devices/bench"; do
  read -r side theirs ours <<<"$turn"
  if [ "${SYNC_GIT_FIRST:-0}" = 1 ]; then
    git_turn "$side" "$theirs" "$ours"
    notes_turn "$side"
  else
    notes_turn "$side"
    git_turn "$side" "$theirs" "$ours"
  fi
done
# The notes the phone's sync brought in, and those whose preview shows the merged body
# (a local-mode Preview.rtf is a copy of Text.rtf).
synced=$(git -C "$work/phone" -c core.quotePath=false diff --name-only HEAD~1 HEAD | grep '\.note/Text\.rtf$' || true)
previews=$(grep -c . <<<"$synced" || true)
drawn=$(while IFS= read -r f; do [ -n "$f" ] && cmp -s "$work/phone/$f" "$work/phone/${f%Text.rtf}QuickLook/Preview.rtf" && echo x; done <<<"$synced" | wc -l)

# renamed_merged DIR: whether DIR holds the renamed note with both devices' edits.
renamed_merged() {
  local text
  text=$(git -C "$1" show 'HEAD:Renamed note.note/Text.rtf' 2>/dev/null) || { echo no; return; }
  grep -q '(laptop)' <<<"$text" && grep -q '(phone)' <<<"$text" && ! git -C "$1" cat-file -e "HEAD:$renamed.note" 2>/dev/null &&
    echo yes || echo no
}
same=$(test "$(git -C "$work/laptop" rev-parse 'HEAD^{tree}')" = "$(git -C "$work/git-laptop" rev-parse 'HEAD^{tree}')" && echo yes || echo no)
printf '%-40s %s notes, %s edits per device%s%s\n' "store" "$notes_count" "$edits" \
  "${SYNC_URL_PREFIX:+, remote at $SYNC_URL_PREFIX}" "$([ "${SYNC_GIT_FIRST:-0}" = 1 ] && echo ", git first in each pair")"
# Each side: notes from 0 to 1, git from 1g to 2.
for side in phone laptop; do
  declare -n start="${side}0" middle="${side}1" resume="${side}1g" end="${side}2"
  printf '%-40s %8s s   git: %8s s   ratio %s\n' "$side sync (fetch, merge, push)" "$(elapsed "$start" "$middle")" \
    "$(elapsed "$resume" "$end")" "$(awk "BEGIN {printf \"%.2f\", ($middle - $start) / ($end - $resume)}")"
  unset -n start middle resume end
  if [ "$have_perf" = 1 ]; then
    printf '%-40s %8s ms  git: %8s ms  ratio %s\n' "$side sync, CPU (task-clock)" "${cpu[notes_$side]}" \
      "${cpu[git_$side]}" "$(awk "BEGIN {printf \"%.2f\", ${cpu[notes_$side]} / ${cpu[git_$side]}}")"
    if [ -n "${GIT_EXEC_PATH:-}" ]; then
      printf '%-40s %8s ms  git: %8s ms  (git-upload-pack and git-receive-pack on the remote)\n' \
        "$side sync, CPU of the server side" "${server[notes_$side]}" "${server[git_$side]}"
      printf '%-40s %8s ms  git: %8s ms  ratio %s\n' "$side sync, CPU of the client side" \
        "$(awk "BEGIN {printf \"%.1f\", ${cpu[notes_$side]} - ${server[notes_$side]}}")" \
        "$(awk "BEGIN {printf \"%.1f\", ${cpu[git_$side]} - ${server[git_$side]}}")" \
        "$(awk "BEGIN {d = ${cpu[git_$side]} - ${server[git_$side]}; printf(\"%.2f\", (d > 0) ? (${cpu[notes_$side]} - ${server[notes_$side]}) / d : 0)}")"
    fi
  fi
done
printf '%-40s %s of %s\n' "phone: previews of the synced notes drawn" "$drawn" "$previews"
printf '%-40s %s\n' "load" "$(uptime | sed 's/^ *//')"
printf '%-40s %s\n' "same merged tree as git" "$same"
if [ "${SYNC_RENAME:-0}" = 1 ]; then
  printf '%-40s %s   git: %s\n' "renamed note holds both edits (laptop)" "$(renamed_merged "$work/laptop")" \
    "$(renamed_merged "$work/git-laptop")"
fi
