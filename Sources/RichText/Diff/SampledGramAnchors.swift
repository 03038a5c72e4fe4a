/// Anchors for a diff region whose tokens are all too common to anchor alone: stretches
/// of `length` consecutive tokens (grams) that occur once on each side.
///
/// Only grams whose hash has its low bits zero are candidates. The choice depends on
/// the gram's content alone, so a gram chosen on one side is chosen on the other, and
/// the table holds about one gram in `sampling`, which keeps the memory small on
/// millions of tokens while the gaps between anchors stay a few dozen tokens long.
struct SampledGramAnchors {
  let old: [Int]
  let new: [Int]

  /// Tokens per gram.
  static let length = 6
  /// Regions smaller than this consider every gram.
  static let sampleAbove = 4_096
  /// About one gram in this many is a candidate in larger regions (a power of two).
  static let sampling: UInt64 = 8

  private struct Entry {
    var oldCount: Int32 = 0
    var newCount: Int32 = 0
    var oldIndex = 0
    var newIndex = 0
  }

  /// The anchors in `old[oldRange]` against `new[newRange]`: in order, apart (each
  /// starts at or after the end of the one before on both sides), `length` long.
  func anchors(old oldRange: Range<Int>, new newRange: Range<Int>) -> [TokenDiff.Match] {
    let length = Self.length
    guard oldRange.count >= length, newRange.count >= length else { return [] }
    let mask = oldRange.count + newRange.count > Self.sampleAbove ? Self.sampling - 1 : 0
    var table = GramTable(capacity: oldRange.count / Int(mask + 1) + 16)
    for start in oldRange.lowerBound...(oldRange.upperBound - length) {
      let hash = Self.hash(old, start)
      guard hash & mask == 0 else { continue }
      let slot = table.slot(for: hash, inserting: true)
      table.entries[slot].oldCount += 1
      table.entries[slot].oldIndex = start
    }
    for start in newRange.lowerBound...(newRange.upperBound - length) {
      let hash = Self.hash(new, start)
      guard hash & mask == 0 else { continue }
      let slot = table.slot(for: hash, inserting: false)
      guard slot >= 0 else { continue }
      table.entries[slot].newCount += 1
      table.entries[slot].newIndex = start
    }
    var candidates: [(Int, Int)] = []
    for start in oldRange.lowerBound...(oldRange.upperBound - length) {
      let hash = Self.hash(old, start)
      guard hash & mask == 0, case let slot = table.slot(for: hash, inserting: false), slot >= 0,
        case let entry = table.entries[slot], entry.oldCount == 1, entry.newCount == 1,
        old[start..<(start + length)].elementsEqual(new[entry.newIndex..<(entry.newIndex + length)])
      else { continue }
      candidates.append((start, entry.newIndex))
    }
    var result: [TokenDiff.Match] = []
    var (oldEnd, newEnd) = (oldRange.lowerBound, newRange.lowerBound)
    for (x, y) in TokenDiffSearch.longestIncreasing(candidates) where x >= oldEnd && y >= newEnd {
      result.append(TokenDiff.Match(old: x, new: y, count: length))
      (oldEnd, newEnd) = (x + length, y + length)
    }
    return result
  }

  /// Entries by gram hash (open addressing, linear probing): a dictionary keyed by
  /// the same hash, without its per-lookup hashing.
  private struct GramTable {
    var keys: [UInt64]
    var used: [Bool]
    var entries: [Entry]
    var count = 0
    var mask: Int

    init(capacity: Int) {
      var size = 16
      while size < 2 * capacity { size <<= 1 }
      keys = [UInt64](repeating: 0, count: size)
      used = [Bool](repeating: false, count: size)
      entries = [Entry](repeating: Entry(), count: size)
      mask = size - 1
    }

    /// The slot of `hash`; a new empty one when `inserting` (else -1 when absent).
    mutating func slot(for hash: UInt64, inserting: Bool) -> Int {
      var slot = Int(truncatingIfNeeded: hash >> 20) & mask
      while used[slot] {
        if keys[slot] == hash { return slot }
        slot = (slot + 1) & mask
      }
      guard inserting else { return -1 }
      if 2 * (count + 1) > keys.count {
        grow()
        return self.slot(for: hash, inserting: true)
      }
      used[slot] = true
      keys[slot] = hash
      count += 1
      return slot
    }

    private mutating func grow() {
      var larger = GramTable(capacity: keys.count)
      for slot in keys.indices where used[slot] {
        let target = larger.slot(for: keys[slot], inserting: true)
        larger.entries[target] = entries[slot]
      }
      self = larger
    }
  }

  /// A well-mixed hash of `tokens[start..<start + length]` (its low bits sample).
  @inline(__always)
  private static func hash(_ tokens: [Int], _ start: Int) -> UInt64 {
    var value: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in start..<(start + length) {
      value = (value ^ UInt64(bitPattern: Int64(tokens[index]))) &* 0x0000_0100_0000_01B3
    }
    // SplitMix64's finalizer, so every bit depends on every token.
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
