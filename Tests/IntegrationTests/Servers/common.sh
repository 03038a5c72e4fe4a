# Sourced by the server scripts: start a server detached in its own process group and wait
# (bounded) until it accepts connections on 127.0.0.1.

# start_detached NAME DIR COMMAND... : runs COMMAND in a new session (so the tests can kill
# the whole process group), logs to DIR/NAME.log, writes DIR/NAME.pid.
start_detached() {
  local name=$1 dir=$2
  shift 2
  setsid "$@" >"$dir/$name.log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}

# wait_for_port NAME DIR PORT : waits up to 30 s for 127.0.0.1:PORT (a server starts slowly
# on a machine loaded by every suite at once; one that exits ends the wait at once); on
# failure prints the server's log, stops it and exits 1.
wait_for_port() {
  local name=$1 dir=$2 port=$3 pid
  pid=$(cat "$dir/$name.pid")
  for _ in $(seq 1 600); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.05
  done
  echo "$name did not start on 127.0.0.1:$port" >&2
  cat "$dir/$name.log" >&2 || true
  kill -KILL -- "-$pid" 2>/dev/null || true
  exit 1
}
