#!/usr/bin/env bash
# Reads every RTF file of the shared sample corpus (../shared/corpus/rtf, beside the
# repository) with the RTF reader and prints one line per file; fails if any file
# cannot be read. Says so and succeeds when the folder is not there.
# Usage: Scripts/corpus-check.sh [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
folder=${1:-../shared/corpus/rtf}
if [ ! -d "$folder" ]; then
  echo "corpus-check: $folder does not exist; nothing to check (it holds the shared sample RTF files)."
  exit 0
fi
swift build --product rtf-corpus-check >/dev/null
"$(swift build --show-bin-path)/rtf-corpus-check" "$folder"
