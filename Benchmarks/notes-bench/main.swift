// notes-bench: benchmarks for NoteStore, one group per argument.
//
//   notes-bench rtf [--no-soffice]   RTF read/write throughput vs a byte copy and LibreOffice
//
// Build in release (`swift build -c release`); see Benchmarks/scripts/.

import Foundation

let groups: [String: () -> Void] = [
  "rtf": RTFBenchmarks.run,
]

let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let group = groups[name] else {
  print("usage: notes-bench <\(groups.keys.sorted().joined(separator: "|"))>")
  exit(2)
}
group()
