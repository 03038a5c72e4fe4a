/// Numbers the word tokens of two scalar texts as `TokenInterner` numbers their
/// scalar slices (in order of first appearance, the old text's tokens first), with
/// one open-addressing table over the texts instead of a dictionary of slices.
struct ScalarTokenInterner {
  /// The tokens' numbers: `old` for the old text's tokens, `new` for the new text's.
  static func intern(
    old: [Unicode.Scalar], oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    new: [Unicode.Scalar], newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> (old: [Int], new: [Int]) {
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        var table = Table(old: old, new: new)
        let oldNumbers = oldTokens.map { table.number(of: $0.range, isNew: false) }
        let newNumbers = newTokens.map { table.number(of: $0.range, isNew: true) }
        return (oldNumbers, newNumbers)
      }
    }
  }

  /// The numbered tokens: a slot holds a token number + 1 in its low 32 bits (0:
  /// empty) and the top of the token's hash above them, so most probes touch the
  /// slots alone; each number keeps its hash and where its text first appeared. The
  /// table grows with the distinct tokens (few beside the tokens), so it stays in cache.
  private struct Table {
    let old: UnsafeBufferPointer<Unicode.Scalar>
    let new: UnsafeBufferPointer<Unicode.Scalar>
    var slots = [UInt64](repeating: 0, count: 1 << 12)
    var mask = (1 << 12) - 1
    var firsts: [First] = []

    struct First {
      var hash: UInt64
      var start: Int
      var count: Int32
      var isNew: Bool
    }

    init(old: UnsafeBufferPointer<Unicode.Scalar>, new: UnsafeBufferPointer<Unicode.Scalar>) {
      self.old = old
      self.new = new
    }

    mutating func number(of range: Range<Int>, isNew: Bool) -> Int {
      let text = isNew ? new : old
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for index in range { hash = (hash ^ UInt64(text[index].value)) &* 0x0000_0100_0000_01B3 }
      hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 32
      let tag = hash & 0xFFFF_FFFF_0000_0000
      var slot = Int(truncatingIfNeeded: hash) & mask
      while case let stored = slots[slot], stored != 0 {
        if stored & 0xFFFF_FFFF_0000_0000 == tag {
          let candidate = Int(stored & 0xFFFF_FFFF) - 1
          let first = firsts[candidate]
          if Int(first.count) == range.count,
            Self.equal(text, range.lowerBound, first.isNew ? new : old, first.start, range.count)
          {
            return candidate
          }
        }
        slot = (slot + 1) & mask
      }
      let number = firsts.count
      slots[slot] = tag | UInt64(number + 1)
      firsts.append(First(hash: hash, start: range.lowerBound, count: Int32(range.count), isNew: isNew))
      if 2 * firsts.count > slots.count { grow() }
      return number
    }

    private mutating func grow() {
      slots = [UInt64](repeating: 0, count: 2 * slots.count)
      mask = slots.count - 1
      for (number, first) in firsts.enumerated() {
        var slot = Int(truncatingIfNeeded: first.hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = first.hash & 0xFFFF_FFFF_0000_0000 | UInt64(number + 1)
      }
    }

    private static func equal(
      _ a: UnsafeBufferPointer<Unicode.Scalar>, _ aStart: Int,
      _ b: UnsafeBufferPointer<Unicode.Scalar>, _ bStart: Int, _ count: Int
    ) -> Bool {
      for offset in 0..<count where a[aStart + offset] != b[bStart + offset] { return false }
      return true
    }
  }
}
