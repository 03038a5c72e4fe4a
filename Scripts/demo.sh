#!/usr/bin/env bash
# The main job of NoteStore, scripted in a temporary directory: a bare git remote and
# two devices (laptop and phone) that create, edit and attach notes, sync both ways,
# edit different lines of one note (merged by itself), then the same words (a conflict),
# resolve it and end with the same text; last, the cloud's shipped pre-receive hook
# refuses a forced rewind of a device branch.
# Every command is printed before it runs, with its output.
# Usage: Scripts/demo.sh PATH-TO-notes
set -euo pipefail
notes_bin=${1:?usage: demo.sh PATH-TO-notes}
notes_bin=$(cd "$(dirname "$notes_bin")" && pwd)/$(basename "$notes_bin")

workdir=$(mktemp -d "${TMPDIR:-/tmp}/notes-demo.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
cd "$workdir"
export HOME="$workdir/home" GIT_CONFIG_NOSYSTEM=1 NO_COLOR=1
mkdir -p "$HOME"
git config --global user.name "Demo User"
git config --global user.email "demo@example.com"

notes() { "$notes_bin" "$@"; }
bold='' plain=''
if [ -t 1 ]; then bold=$'\033[1m' plain=$'\033[0m'; fi
say() { printf '\n%s# %s%s\n' "$bold" "$*" "$plain"; }
step() {
  local shown
  shown=$(printf '%q ' "$@")
  printf '%s$ %s%s\n' "$bold" "${shown% }" "$plain"
  "$@"
}

say "A bare git repository is the cloud; the laptop makes the store and syncs to it"
step git init -q --bare cloud.git
step notes init laptop --device laptop
step notes -C laptop remote add origin "$workdir/cloud.git"
step notes -C laptop new Shopping --text $'Milk\nEggs\nBread'
printf 'A receipt, as a file\n' > receipt.txt
step notes -C laptop attach Shopping receipt.txt
step notes -C laptop sync

say "The phone joins from the same remote and adds a note of its own"
step notes clone "$workdir/cloud.git" phone --device phone
step notes -C phone new --text $'Call Anna\nabout the weekend'
step notes -C phone sync
step notes -C laptop sync
step notes -C laptop list

say "Both devices edit different lines of the same note: the sync merges them by itself"
step notes -C laptop write Shopping --text $'Milk\nEggs\nBread\nCoffee'
step notes -C laptop sync
step notes -C phone write Shopping --text $'Oat milk\nEggs\nBread'
step notes -C phone sync
step notes -C phone show Shopping
step notes -C laptop sync

say "Both devices change the same words: that is a real conflict"
step notes -C laptop write Shopping --text $'Oat milk\nEggs\nRye bread\nCoffee'
step notes -C laptop sync
sleep 1
step notes -C phone write Shopping --text $'Oat milk\nEggs\nWhite bread\nCoffee'
step notes -C phone sync

say "Every version is kept; the newest is current, the other is a conflict version"
step notes -C phone conflicts
step notes -C phone show Shopping
step notes -C phone resolve Shopping --keep-theirs
step notes -C phone sync
step notes -C laptop sync

say "Both devices now show the same text"
step notes -C laptop show Shopping
step notes -C phone show Shopping
step notes -C laptop versions Shopping
step notes -C laptop devices

say "The history is an ordinary git history"
step git -C laptop log --oneline --graph

say "The history of the conflicted note: who changed what, the two versions, who wrote each line"
step notes -C laptop log Shopping
versions=$(git -C laptop log -1 --grep='^Resolve' --format='%(trailers:key=Resolved-Versions,valueonly)' | tr -d ',' | xargs)
step notes -C laptop diff Shopping $versions
step notes -C laptop blame Shopping

say "The cloud keeps device branches append-only: its pre-receive hook refuses a forced rewind"
step notes hooks install --server "$workdir/cloud.git"
if step git -C laptop push --force origin HEAD~1:refs/heads/devices/laptop; then
  echo "the cloud accepted a rewind" >&2
  exit 1
fi
step git -C cloud.git log --oneline -1 devices/laptop
say "Every note has a QuickLook picture (its text; its first image below); this one is kept after the demo"
thumbnails=$(mktemp -d "${TMPDIR:-/tmp}/notes-demo-thumbnail.XXXXXX")
step notes -C laptop thumbnail Shopping -o "$thumbnails/Shopping.png"
