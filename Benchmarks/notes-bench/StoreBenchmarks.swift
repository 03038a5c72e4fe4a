import Foundation
import NoteStore

/// Store workloads measured against the git CLI by the scripts in
/// `Benchmarks/scripts/`.
enum StoreBenchmarks {
  /// `notes-bench edits STORE COUNT [SEED [PART PARTS]]`: makes COUNT body edits,
  /// spread over the store's notes by a seeded generator (over the PART-th of PARTS
  /// equal slices of the notes, so two devices can edit disjoint notes), one commit
  /// each, through the library (so automatic packing runs as it does for a user).
  /// Prints the time per edit.
  static func edits(_ arguments: [String]) throws {
    guard arguments.count >= 2, let count = Int(arguments[1]) else {
      throw BenchmarkUsage("usage: notes-bench edits STORE COUNT [SEED [PART PARTS]]")
    }
    let store = try Store.open(at: arguments[0])
    var generator = SeededGenerator(seed: UInt64(arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1))
    var notes = try store.notes().map(\.name).sorted()
    if arguments.count >= 5, let part = Int(arguments[3]), let parts = Int(arguments[4]), parts > 0 {
      let size = notes.count / parts
      notes = Array(notes[(part * size)..<min(notes.count, (part + 1) * size)])
    }
    guard !notes.isEmpty else { throw BenchmarkUsage("the store has no notes") }
    let clock = ContinuousClock()
    var durations: [Duration] = []
    for index in 0..<count {
      let name = notes[Int(generator.next() % UInt64(notes.count))]
      let note = try store.resolveNote(name)
      let started = clock.now
      try store.writeBody(of: note, content: .plainText("Edit \(index) of \(name)\nwith a second line \(generator.next())"))
      durations.append(clock.now - started)
    }
    durations.sort()
    let median = durations[durations.count / 2]
    let p90 = durations[durations.count * 9 / 10]
    print("edits: \(count)  median \(median.milliseconds) ms  p90 \(p90.milliseconds) ms")
  }

  /// `notes-bench make-store DIR NOTES`: a store with NOTES small notes in one commit.
  static func makeStore(_ arguments: [String]) throws {
    guard arguments.count >= 2, let count = Int(arguments[1]) else {
      throw BenchmarkUsage("usage: notes-bench make-store DIR NOTES")
    }
    let store = try Store.create(at: arguments[0], device: try DeviceName("bench"))
    try store.importNotes((0..<count).map { (title: "Note \($0)", content: NoteContent.plainText("Body of note \($0)\nSecond paragraph \($0 * 7919 % 10007)")) })
    print("made \(count) notes in \(store.root)")
  }
}

/// A usage error of the benchmark tool.
struct BenchmarkUsage: Error, CustomStringConvertible {
  var description: String
  init(_ message: String) { description = message }
}

/// SplitMix64: a small seeded generator, so runs are repeatable; every benchmark input
/// is made with it.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Duration {
  /// The duration in milliseconds, with two decimals.
  var milliseconds: String {
    let (seconds, attoseconds) = components
    return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
  }
}
