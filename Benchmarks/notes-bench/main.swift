// notes-bench: benchmarks for NoteStore, one group per first argument.
//
//   notes-bench rtf [--no-soffice] [--quick] RTF read/write MB/s (wall, CPU) vs a byte copy and LibreOffice
//   notes-bench edits STORE COUNT [SEED]    time per body edit (StoreBenchmarks)
//   notes-bench make-store DIR NOTES        a store to run `edits` on
//   notes-bench merge                       ThreeWayMerge of 1 MB vs git merge-file
//   notes-bench replace-words               every word of 1 MB replaced vs git diff --word-diff
//   notes-bench merge-big                   ThreeWayMerge of 12 MB, 2M paragraphs vs git merge-file
//   notes-bench thumbnails [ITERATIONS]     QuickLook thumbnail time per note
//   notes-bench write-image PATH W H FORMAT a gradient PNG or JPEG to attach
//
// Build in release (`swift build -c release`); see Benchmarks/scripts/. A new group is
// a new file with a static function, added to `groups` here.

import Foundation

let groups: [String: ([String]) throws -> Void] = [
  "rtf": { _ in RTFBenchmarks.run() },
  "edits": StoreBenchmarks.edits,
  "make-store": StoreBenchmarks.makeStore,
  "merge": MergeBenchmarks.run,
  "replace-words": PlainTextBenchmarks.run,
  "merge-big": BigMergeBenchmarks.run,
  "thumbnails": QuickLookBenchmarks.run,
  "write-image": QuickLookBenchmarks.writeImage,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let group = groups[name] else {
  FileHandle.standardError.write(
    Data("usage: notes-bench <\(groups.keys.sorted().joined(separator: "|"))> …\n".utf8))
  exit(2)
}
do {
  try group(Array(arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("notes-bench \(name): \(error)\n".utf8))
  exit(1)
}
