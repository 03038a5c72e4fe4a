#!/usr/bin/env bash
# Reads the public RTF test files of other RTF readers (pandoc, rtf.js, striprtf,
# rtf-parser, …: fetched by hand, never committed) and compares what `notes` shows
# with LibreOffice's text export (and pandoc's, when the Debian `pandoc` is
# installed). Then makes a one-word edit to each file through a real store
# (`notes new --rtf-file`, `notes show`, `notes write --file`) and has LibreOffice
# read the written body back: its text must equal its text of the original with
# that one word changed. Prints one line per file that differs, then the counts.
# A file LibreOffice does not read as RTF (its text export shows the RTF source,
# e.g. for whitespace before \rtf1) has no reading to compare an edit with: it is
# listed as LO≠RTF and counted apart.
#
# Usage: PEER_CORPUS=path Scripts/peer-corpus-check.sh
#   PEER_CORPUS  a folder searched for *.rtf (default ../shared/corpus/peer)
#   NOTES        a built notes binary to use instead of building one
#   KEEP_WORK    when set, the scratch folder (inputs, notes' and LibreOffice's texts,
#                the edited bodies) is kept and its path printed at the end
#
# Normalization of every text before comparing: byte-order mark dropped; a list
# marker at the start of a line or of a table cell ("\t•\t", "1.\t") becomes
# "<marker> " and any bullet
# shape "•"; U+2028 and TAB become line breaks (LibreOffice puts each table cell on
# a line of its own); runs of white space become one space; lines are trimmed;
# empty lines are dropped. Footnotes: `notes show` puts their text after the body
# (an empty line, then "[1] …" lines), as LibreOffice's HTML export and pandoc do;
# LibreOffice's text export leaves it out, so that section is taken off notes' text
# before it is compared with LibreOffice's.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
folder=${PEER_CORPUS:-../shared/corpus/peer}
if [ ! -d "$folder" ]; then
  echo "peer-corpus-check: $folder does not exist; nothing to check."
  echo "Fetch the test files of other RTF readers there (or set PEER_CORPUS)."
  exit 0
fi
if ! command -v soffice >/dev/null; then
  echo "peer-corpus-check: soffice (LibreOffice) is not installed; Scripts/install-deps.sh test installs it." >&2
  exit 1
fi
if [ -n "${NOTES:-}" ]; then
  notes=$NOTES  # a notes binary already built
else
  swift build --product notes >/dev/null
  notes="$(swift build --show-bin-path)/notes"
fi
work=$(mktemp -d)
if [ -n "${KEEP_WORK:-}" ]; then
  trap 'echo "peer-corpus-check: scratch folder kept in $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/in" "$work/edit" "$work/lo-in" "$work/lo-edit"

# Flat, numbered copies: files of different projects share names.
index=0
while IFS= read -r -d '' file; do
  index=$((index + 1))
  cp "$file" "$work/in/$index.rtf"
  printf '%s\t%s\n' "$index" "${file#"$folder"/}" >> "$work/names.tsv"
done < <(find "$folder" -type f -iname '*.rtf' -print0 | sort -z)
if [ "$index" = 0 ]; then
  echo "peer-corpus-check: no .rtf files under $folder"
  exit 0
fi

# What notes shows, and the one-word edit written through a store.
"$notes" init "$work/store" --device peer >/dev/null 2>&1
for rtf in "$work"/in/*.rtf; do
  n=$(basename "$rtf" .rtf)
  if "$notes" -C "$work/store" new "p$n" --rtf-file "$rtf" >/dev/null 2>&1; then
    "$notes" -C "$work/store" show "p$n" > "$work/in/$n.shown" 2>/dev/null || true
    cp "$work/in/$n.shown" "$work/in/$n.ours"
    python3 - "$work/in/$n.shown" "$work/in/$n.edited" "$work/in/$n.word" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
match = re.search(r"[^\W\d_]{2,}", text)
if match:
    open(sys.argv[3], "w", encoding="utf-8").write(match.group(0))
    text = text[:match.start()] + "Zebra" + text[match.end():]
open(sys.argv[2], "w", encoding="utf-8").write(text)
EOF
    if [ -s "$work/in/$n.word" ] \
      && "$notes" -C "$work/store" write "p$n" --file "$work/in/$n.edited" >/dev/null 2>&1; then
      cp "$work/store/p$n.note/Text.rtf" "$work/edit/$n.rtf"
    fi
  fi
done

convert() {  # convert OUTDIR FILES…: LibreOffice's text export, one run for all files
  local out=$1
  shift
  [ "$#" -gt 0 ] || return 0
  timeout 1200 soffice "-env:UserInstallation=file://$work/profile" --headless \
    --convert-to "txt:Text (encoded):UTF8" --outdir "$out" "$@" >/dev/null 2>&1 || true
}
convert "$work/lo-in" "$work"/in/*.rtf
shopt -s nullglob
edited=("$work"/edit/*.rtf)
convert "$work/lo-edit" "${edited[@]}"
if command -v pandoc >/dev/null; then
  for rtf in "$work"/in/*.rtf; do
    n=$(basename "$rtf" .rtf)
    timeout 60 pandoc -f rtf -t plain --wrap=none "$rtf" -o "$work/in/$n.pandoc" 2>/dev/null \
      || rm -f "$work/in/$n.pandoc"
  done
fi

python3 - "$work" <<'EOF'
import os, re, sys
work = sys.argv[1]
names = dict(line.rstrip("\n").split("\t", 1) for line in open(os.path.join(work, "names.tsv"), encoding="utf-8"))
bullets = set("•◦▪⁃–o■▫·-\uf0b7\uf0a7*")
# A list marker as notes and LibreOffice print one: a bullet, "1." "a)" "(iv)", "1.2.3"
# (not a date such as 28.12.2019).
marker = r"[•◦▪⁃–o■▫·\-\uf0b7\uf0a7*]|\(?[0-9A-Za-z]{1,6}[.)]|(?:[0-9]{1,3}\.)+[0-9]{0,3}"

def read(path):
    try:
        return open(path, encoding="utf-8", errors="replace").read()
    except FileNotFoundError:
        return None

def without_footnote_section(text):
    lines = text.split("\n")
    end = len(lines)
    while end > 0 and lines[end - 1].strip() == "":
        end -= 1
    start = end
    while start > 0 and re.match(r"^\[\d+\]( |$)", lines[start - 1]):
        start -= 1
    if start < end and start > 0 and lines[start - 1].strip() == "":
        return "\n".join(lines[:start - 1])
    return text

def normalized(text, ours=False):
    text = text.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n")
    if ours:
        text = without_footnote_section(text)
    lines = []
    for line in text.split("\n"):
        # A list item: its marker, after the tabs of its level, then a tab, in both
        # texts (only a marker: a table row's first cell keeps its own line).
        line = re.sub(r"^\t*(" + marker + r")\t", r"\1 ", line)
        if ours:
            # A list item in a table cell: its marker starts the cell.
            line = re.sub(r"\t\t*(" + marker + r")\t", r"\t\1 ", line)
        for piece in re.split(r"[\t\u2028]", line):
            words = piece.split()
            if words and len(words[0]) == 1 and words[0] in bullets:
                words[0] = "•"
            if words:
                lines.append(" ".join(words))
    return lines

counts = dict(files=len(names), accepted=0, lo=0, equal_lo=0, pandoc=0, agree=0, equal_agree=0,
              edited=0, edit_kept=0, lo_unread=0)
for n, name in sorted(names.items(), key=lambda item: int(item[0])):
    ours = read(os.path.join(work, "in", n + ".ours"))
    lo = read(os.path.join(work, "lo-in", n + ".txt"))
    pandoc = read(os.path.join(work, "in", n + ".pandoc"))
    if ours is None:
        print(f"refused      {name}")
        continue
    counts["accepted"] += 1
    ours_lines = normalized(ours, ours=True)
    if lo is not None:
        counts["lo"] += 1
        lo_lines = normalized(lo)
        if ours_lines == lo_lines:
            counts["equal_lo"] += 1
        else:
            print(f"text≠LO      {name}")
        if pandoc is not None:
            counts["pandoc"] += 1
            if normalized(pandoc) == lo_lines:
                counts["agree"] += 1
                if ours_lines == lo_lines:
                    counts["equal_agree"] += 1
    word = read(os.path.join(work, "in", n + ".word"))
    after = read(os.path.join(work, "lo-edit", n + ".txt"))
    if lo is not None and "\\rtf1" in lo:
        # LibreOffice took the original for plain text (it shows the RTF source):
        # there is no reading of it to compare the edit with.
        counts["lo_unread"] += 1
        print(f"LO≠RTF       {name}")
        continue
    if lo is not None and word:
        counts["edited"] += 1
        expected = normalized(lo.replace(word, "Zebra", 1))
        if after is not None and normalized(after) == expected:
            counts["edit_kept"] += 1
        else:
            print(f"edit≠LO      {name}")

print()
print(f"files: {counts['files']}, accepted: {counts['accepted']}")
print(f"text equal to LibreOffice's: {counts['equal_lo']} of {counts['lo']} LibreOffice reads")
if counts["pandoc"]:
    print(f"text equal where LibreOffice and pandoc agree: {counts['equal_agree']} of {counts['agree']}"
          f" (pandoc read {counts['pandoc']})")
else:
    print("pandoc: not installed (apt-get install pandoc), not compared")
print(f"one-word edit read back by LibreOffice unchanged but for that word: "
      f"{counts['edit_kept']} of {counts['edited']}"
      f" ({counts['lo_unread']} not compared: LibreOffice shows them as text, not as RTF)")
EOF
