#!/usr/bin/env bash
# Usage: chaos-proxy.sh DIR LISTEN_PORT TARGET_PORT MODE [OPTIONS...]
# Starts the shared chaosproxy.py (CHAOSPROXY, else /work/shared/tools/faults/chaosproxy.py)
# detached, forwarding 127.0.0.1:LISTEN_PORT to TARGET_PORT with a fault MODE such as
# `throttle --rate 100000`; prints its pid. Log in DIR/chaos-proxy.log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
dir=$1 port=$2 target=$3
shift 3
proxy=${CHAOSPROXY:-/work/shared/tools/faults/chaosproxy.py}
# The test stops the proxy when it ends; the limit only bounds one left behind, and must
# outlast three throttled clones on a loaded machine.
start_detached chaos-proxy "$dir" python3 "$proxy" --listen "$port" --target "$target" --mode "$@" --max-seconds 900
wait_for_port chaos-proxy "$dir" "$port"
cat "$dir/chaos-proxy.pid"
