#!/usr/bin/env bash
# Fuzzes the RTF reader with libFuzzer for SECONDS (default 60), seeded with the
# reader's corpus (Tests/RichTextTests/Corpus/*.rtf). Exits non-zero when an input
# crashes, hangs or breaks determinism; the input is saved in .build/fuzz/.
# Usage: Scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
export PATH="$PATH:/opt/swift/usr/bin"
if ! command -v ld.lld >/dev/null 2>&1; then
  echo "fuzz: ld.lld not found (install the Debian package 'lld'); skipping the fuzz run." >&2
  exit 0
fi
out=${FUZZ_DIR:-.build/fuzz}
mkdir -p "$out/corpus" "$out/seeds"
cp Tests/RichTextTests/Corpus/*.rtf "$out/seeds/"
# -parse-as-library: libFuzzer supplies main(); lld avoids gold's ASan export warnings.
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name RichTextFuzz \
  $(find Sources/RichText -name '*.swift' | sort) Fuzz/RTFReaderFuzz.swift -o "$out/rtf-reader-fuzz"
# Swift's backtracer trips ASan and hides the real report while fuzzing.
export SWIFT_BACKTRACE=enable=no
echo "fuzz: running the RTF reader fuzzer for ${seconds}s (corpus in $out/corpus)"
set +e
"$out/rtf-reader-fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=Fuzz/rtf.dict -print_final_stats=1 -artifact_prefix="$out/" "$out/corpus" "$out/seeds" \
  >"$out/last-run.log" 2>&1
status=$?
set -e
grep -E 'INFO: seed corpus|#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Test unit written|Fatal error|precondition' \
  "$out/last-run.log" | head -20
if [ $status -ne 0 ]; then
  echo "fuzz: FAILED (exit $status); see $out/last-run.log and the crash-* file in $out/" >&2
  exit 1
fi
echo "fuzz: no crash in ${seconds}s"
