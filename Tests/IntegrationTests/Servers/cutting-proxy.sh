#!/usr/bin/env bash
# Usage: cutting-proxy.sh DIR LISTEN_PORT TARGET_PORT CUT_AFTER [DIRECTION]
# Starts cutting-proxy.py detached; prints its pid. Log in DIR/cutting-proxy.log.
# DIRECTION is "server" (the default: count bytes the server sends) or "client".
set -euo pipefail
source "$(dirname "$0")/common.sh"
dir=$1 port=$2 target=$3 cut=$4 direction=${5:-server}
# The test stops the proxy when it ends; the lifetime only bounds one left behind.
start_detached cutting-proxy "$dir" python3 "$(dirname "$0")/cutting-proxy.py" "$port" "$target" "$cut" 900 "$direction"
wait_for_port cutting-proxy "$dir" "$port"
cat "$dir/cutting-proxy.pid"
