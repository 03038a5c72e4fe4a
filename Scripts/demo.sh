#!/usr/bin/env bash
# A scripted tour of a local notes store in a temporary directory: every command is
# printed before it runs, with its output.
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
step() {
  local shown
  shown=$(printf '%q ' "$@")
  printf '\n%s$ %s%s\n' "$bold" "${shown% }" "$plain"
  "$@"
}

step notes init laptop-notes --device laptop
cd laptop-notes
step notes new Shopping --text $'Milk\nEggs\nBread'
step notes show Shopping
step notes write Shopping --text $'Oat milk\nEggs\nBread\nCoffee'
step notes show Shopping
printf 'A receipt, as a file\n' > "$workdir/receipt.txt"
step notes attach Shopping "$workdir/receipt.txt"
step notes attach Shopping "$workdir/receipt.txt"
step notes attachments Shopping
step notes new --text $'Call Anna\nabout the weekend'
step notes list
step notes rename Shopping Groceries
step notes export Groceries receipt.txt -o -
step notes detach Groceries "receipt 2.txt"
printf '{\\rtf1\\ansi\\ansicpg1252\\cocoartf2822\n{\\fonttbl\\f0\\fswiss\\fcharset0 Helvetica;}\n\\f0\\fs24 Edited by hand in the working tree}' > "Call Anna.note/Text.rtf"
step notes status
step notes save
step notes delete "Call Anna"
step notes verify
step notes list --json
step notes gc
step git log --oneline
