import Foundation
import Testing

@testable import Git

/// A pushed tree compared with its parent's: the stretches both begin and end with are
/// taken whole, and the answer (new entries, delta) is the one of the entry-by-entry walk.
@Suite("Tree comparison for pushes")
struct TreeComparisonTests {
  /// A raw tree of `entries` (name, is-tree, id byte), in git's order.
  static func rawTree(_ entries: [(name: String, isTree: Bool, id: UInt8)]) -> [UInt8] {
    // git's order: a tree's name sorts as if it ended with "/".
    let sorted = entries.sorted {
      Array(($0.name + ($0.isTree ? "/" : "")).utf8).lexicographicallyPrecedes(Array(($1.name + ($1.isTree ? "/" : "")).utf8))
    }
    var bytes: [UInt8] = []
    for entry in sorted {
      bytes += Array((entry.isTree ? "40000 " : "100644 ").utf8) + Array(entry.name.utf8) + [0]
      bytes += [UInt8](repeating: entry.id, count: 19) + [UInt8(truncatingIfNeeded: entry.name.utf8.count)]
    }
    return bytes
  }

  /// The target a git delta builds from `base`.
  static func apply(_ delta: [UInt8], to base: [UInt8]) -> [UInt8]? {
    var index = 0
    func size() -> Int {
      var value = 0
      var shift = 0
      while index < delta.count {
        let byte = delta[index]
        index += 1
        value |= Int(byte & 0x7F) << shift
        shift += 7
        if byte & 0x80 == 0 { break }
      }
      return value
    }
    guard size() == base.count else { return nil }
    let targetSize = size()
    var out: [UInt8] = []
    while index < delta.count {
      let instruction = delta[index]
      index += 1
      if instruction & 0x80 != 0 {
        var offset = 0
        var count = 0
        for bit in 0..<4 where instruction & (1 << bit) != 0 {
          offset |= Int(delta[index]) << (8 * bit)
          index += 1
        }
        for bit in 0..<3 where instruction & (0x10 << bit) != 0 {
          count |= Int(delta[index]) << (8 * bit)
          index += 1
        }
        if count == 0 { count = 0x10000 }
        guard offset + count <= base.count else { return nil }
        out += base[offset..<(offset + count)]
      } else {
        let count = Int(instruction)
        out += delta[index..<(index + count)]
        index += count
      }
    }
    return out.count == targetSize ? out : nil
  }

  /// The comparison's answer in a form to compare: new entries (subtree bases as a set)
  /// and the delta.
  static func answer(_ target: [UInt8], _ bases: [[UInt8]]) throws -> (entries: [String], delta: [UInt8]?) {
    try target.withUnsafeBytes { targetBytes in
      let targetList = try #require(TreeEntryList(targetBytes))
      let lists = try bases.map { try #require($0.withUnsafeBytes { TreeEntryList($0) }) }
      return bases[0].withUnsafeBytes { first in
        bases[bases.count - 1].withUnsafeBytes { last in
          let sides = [TreeComparison.Side(bytes: first, list: lists[0])]
            + (bases.count > 1 ? [TreeComparison.Side(bytes: last, list: lists[bases.count - 1])] : [])
          let comparison = TreeComparison(
            target: TreeComparison.Side(bytes: targetBytes, list: targetList), bases: sides, wantsDelta: true)
          let entries = comparison.newEntries.map { "\($0.id) \($0.kind) \(Set($0.bases).sorted { $0.hex < $1.hex })" }
          return (entries, comparison.delta)
        }
      }
    }
  }

  @Test("one base: the same new entries and delta as the walk over every entry, and the delta rebuilds the tree", arguments: [UInt64(1), 2, 3, UInt64.random(in: 4...UInt64.max)])
  func edgesAgreeWithWalk(seed: UInt64) throws {
    print("TreeComparisonTests.edgesAgreeWithWalk seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for round in 0..<60 {
      var base: [(name: String, isTree: Bool, id: UInt8)] = (0..<(1 + Int(random.next() % 400))).map {
        (String(format: "Note %04d.note", $0), random.next() % 5 == 0, UInt8(truncatingIfNeeded: random.next()))
      }
      var target = base
      // A few edits: an id changed, an entry added or removed, anywhere (the ends too).
      for _ in 0..<(Int(random.next() % 4)) {
        let position = Int(random.next() % UInt64(max(target.count, 1)))
        switch random.next() % 3 {
        case 0 where !target.isEmpty: target[position].id &+= 1
        case 1: target.append((String(format: "Note %04d.note", 400 + Int(random.next() % 100)), false, 7))
        default: if target.count > 1 { target.remove(at: position) }
        }
      }
      var seen = Set<String>()
      target = target.filter { seen.insert($0.name).inserted }
      if round % 7 == 0 { base = target }  // the same tree
      let targetBytes = Self.rawTree(target)
      let baseBytes = Self.rawTree(base)
      let edges = try Self.answer(targetBytes, [baseBytes])
      // Two copies of the base take the walk over every entry.
      let walk = try Self.answer(targetBytes, [baseBytes, baseBytes])
      #expect(edges.entries == walk.entries, "seed \(seed) round \(round)")
      #expect(edges.delta == walk.delta, "seed \(seed) round \(round)")
      if let delta = edges.delta {
        #expect(Self.apply(delta, to: baseBytes) == targetBytes, "seed \(seed) round \(round)")
      }
    }
  }

  @Test("a root tree of 10,000 notes with one edit: a delta of two copies around the new entry")
  func oneEditDelta() throws {
    var base: [(name: String, isTree: Bool, id: UInt8)] = (0..<10_000).map { (String(format: "Note %05d.note", $0), true, 1) }
    let baseBytes = Self.rawTree(base)
    base[5_000].id = 2
    let targetBytes = Self.rawTree(base)
    let answer = try Self.answer(targetBytes, [baseBytes])
    #expect(answer.entries.count == 1)
    // Taken by its edges: only the edited entry is walked.
    try targetBytes.withUnsafeBytes { target in
      try baseBytes.withUnsafeBytes { base in
        let targetList = try #require(TreeEntryList(target))
        let baseList = try #require(TreeEntryList(base))
        let edges = try #require(
          SharedEdges(
            target: TreeComparison.Side(bytes: target, list: targetList),
            base: TreeComparison.Side(bytes: base, list: baseList)))
        #expect(edges.targetMiddle.list.entries.count == 1 && edges.baseMiddle.list.entries.count == 1)
      }
    }
    let delta = try #require(answer.delta)
    #expect(delta.count < 100)
    #expect(Self.apply(delta, to: baseBytes) == targetBytes)
  }
}
