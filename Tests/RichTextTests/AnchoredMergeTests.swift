import Foundation
import Testing

@testable import RichText

/// Long bodies whose paragraphs all repeat (none is unique on either side), where the
/// paragraph diff anchors on unique stretches of paragraphs rather than on single
/// ones (seeded; a failure names its seed).
@Suite("Three-way merge: anchored on stretches of repeated paragraphs")
struct AnchoredMergeTests {
  static let seeds: [UInt64] = [1, 2, 3, 4, 5]

  enum Edit {
    case replace(String)
    case delete
    case insertBefore(String)
  }

  struct Bodies {
    var base: [String]
    var mineEdits: [Int: Edit]
    var theirsEdits: [Int: Edit]
  }

  /// 20 000 paragraphs of 40 distinct texts; mine edits the paragraphs at 100 mod 400,
  /// theirs those at 300 mod 400 (replacing, deleting or inserting before them).
  static func bodies(_ seed: UInt64) -> Bodies {
    var random = SplitMix64(seed: seed)
    let words = ["milk", "eggs", "bread", "tea"]
    let base = (0..<20_000).map { _ in random.element(words) + String(random.int(in: 0...9)) }
    func edits(at remainder: Int, named name: String) -> [Int: Edit] {
      var edits: [Int: Edit] = [:]
      for (number, index) in stride(from: remainder, to: base.count, by: 400).enumerated() {
        switch random.int(in: 0...5) {
        case 0: edits[index] = .delete
        case 1: edits[index] = .insertBefore("\(name) \(number)")
        default: edits[index] = .replace("\(name) \(number)")
        }
      }
      return edits
    }
    return Bodies(
      base: base, mineEdits: edits(at: 100, named: "mine"), theirsEdits: edits(at: 300, named: "theirs"))
  }

  static func apply(_ edits: [Int: Edit], to base: [String]) -> [String] {
    var result: [String] = []
    for (index, text) in base.enumerated() {
      switch edits[index] {
      case .replace(let new)?: result.append(new)
      case .delete?: break
      case .insertBefore(let new)?: result += [new, text]
      case nil: result.append(text)
      }
    }
    return result
  }

  static func body(_ paragraphs: [String]) -> AttributedText {
    AttributedText(paragraphs: paragraphs.map { Paragraph(text: $0) })
  }

  static let x = MergeSideInfo(label: "x", date: Date(timeIntervalSince1970: 10))
  static let y = MergeSideInfo(label: "y", date: Date(timeIntervalSince1970: 20))

  @Test("separated edits of both sides merge cleanly, each taken once", arguments: seeds)
  func separatedEditsMerge(seed: UInt64) {
    let bodies = Self.bodies(seed)
    let base = Self.body(bodies.base)
    let mine = Self.body(Self.apply(bodies.mineEdits, to: bodies.base))
    let theirs = Self.body(Self.apply(bodies.theirsEdits, to: bodies.base))
    let both = bodies.mineEdits.merging(bodies.theirsEdits) { first, _ in first }
    let expected = Self.body(Self.apply(both, to: bodies.base))
    // A cost limit far below the edit distance: Myers alone would give up on the
    // whole body, only the anchors keep the edits apart.
    var merge = ThreeWayMerge(base: base, mine: mine, theirs: theirs, mineInfo: Self.x, theirInfo: Self.y)
    merge.costLimit = 20
    let result = merge.merge()
    #expect(result == .clean(expected), "seed \(seed)")
    var swapped = ThreeWayMerge(base: base, mine: theirs, theirs: mine, mineInfo: Self.y, theirInfo: Self.x)
    swapped.costLimit = 20
    #expect(swapped.merge() == result, "seed \(seed)")
  }

  @Test("merge(b, x, b) == x and merge(b, x, x) == x", arguments: seeds)
  func identities(seed: UInt64) {
    let bodies = Self.bodies(seed)
    let base = Self.body(bodies.base)
    let mine = Self.body(Self.apply(bodies.mineEdits, to: bodies.base))
    #expect(ThreeWayMerge(base: base, mine: mine, theirs: base, mineInfo: Self.x, theirInfo: Self.y).merge()
      == .clean(mine), "seed \(seed)")
    #expect(ThreeWayMerge(base: base, mine: mine, theirs: mine, mineInfo: Self.x, theirInfo: Self.y).merge()
      == .clean(mine), "seed \(seed)")
  }

  @Test("the diff of repeated paragraphs has one change per edit", arguments: seeds)
  func diffStaysSmall(seed: UInt64) {
    let bodies = Self.bodies(seed)
    var interner = TokenInterner<String>()
    let old = interner.intern(bodies.base)
    let new = interner.intern(Self.apply(bodies.mineEdits, to: bodies.base))
    // Far below the edit distance, as above.
    let diff = TokenDiff(from: old, to: new, costLimit: 20)
    var rebuilt: [Int] = []
    var position = 0
    for change in diff.changes {
      rebuilt += old[position..<change.old.lowerBound] + new[change.new]
      position = change.old.upperBound
    }
    #expect(rebuilt + old[position...] == new, "seed \(seed)")
    #expect(diff.changes.count == bodies.mineEdits.count, "seed \(seed)")
  }
}
