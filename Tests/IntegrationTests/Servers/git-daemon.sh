#!/usr/bin/env bash
# Usage: git-daemon.sh DIR PORT
# Serves every repository under DIR/srv at git://127.0.0.1:PORT/<name>, pushes allowed.
# Prints the server's pid (also in DIR/git-daemon.pid); log in DIR/git-daemon.log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
dir=$1 port=$2
mkdir -p "$dir/srv"
start_detached git-daemon "$dir" git daemon --listen=127.0.0.1 --port="$port" \
  --base-path="$dir/srv" --export-all --enable=receive-pack --reuseaddr --informative-errors \
  "$dir/srv"
wait_for_port git-daemon "$dir" "$port"
cat "$dir/git-daemon.pid"
