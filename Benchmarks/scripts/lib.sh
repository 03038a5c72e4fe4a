# Shared start of the benchmark scripts: sourced, not run.
# bench_setup NAME: from the repository root, builds the release `notes` and
# `notes-bench` (unless BENCH_BIN names a directory holding them already), sets `bin`
# to that directory and `work` to a scratch directory removed on exit, and gives git a
# temporary HOME with a fixed identity and no automatic gc, so runs are alike.
bench_setup() {
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  cd "$root"
  if [ -z "${BENCH_BIN:-}" ]; then
    swift build -c release --product notes-bench >/dev/null
    swift build -c release --product notes >/dev/null
  fi
  bin="${BENCH_BIN:-$(swift build -c release --show-bin-path)}"
  work=$(mktemp -d "${TMPDIR:-/tmp}/notes-$1.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  export HOME="$work/home" GIT_CONFIG_NOSYSTEM=1
  mkdir -p "$HOME"
  git config --global user.name Bench
  git config --global user.email bench@example.com
  git config --global gc.auto 0
}
