/// Numbers the word tokens of two scalar texts as `TokenInterner` numbers their
/// scalar slices (in order of first appearance, the old text's tokens first), with
/// one open-addressing table over the texts instead of a dictionary of slices.
struct ScalarTokenInterner {
  /// The tokens' numbers: `old` for the old text's tokens, `new` for the new text's.
  static func intern(
    old: [Unicode.Scalar], oldTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)],
    new: [Unicode.Scalar], newTokens: [(range: Range<Int>, kind: WordTokenizer.Kind)]
  ) -> (old: [Int], new: [Int]) {
    var size = 16
    while size < 2 * (oldTokens.count + newTokens.count) { size <<= 1 }
    let mask = size - 1
    // A slot holds a token number + 1 (0: empty); each number remembers its hash and
    // the first token that had it (its text: side and range).
    var slots = [Int32](repeating: 0, count: size)
    var hashes: [UInt64] = []
    var firstStart: [Int] = []
    var firstCount: [Int32] = []
    var firstIsNew: [Bool] = []
    var oldNumbers: [Int] = []
    var newNumbers: [Int] = []
    oldNumbers.reserveCapacity(oldTokens.count)
    newNumbers.reserveCapacity(newTokens.count)
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        func number(_ range: Range<Int>, isNew: Bool) -> Int {
          let text = isNew ? new : old
          var hash: UInt64 = 0xCBF2_9CE4_8422_2325
          for index in range { hash = (hash ^ UInt64(text[index].value)) &* 0x0000_0100_0000_01B3 }
          hash = (hash ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
          hash ^= hash >> 32
          var slot = Int(truncatingIfNeeded: hash) & mask
          while slots[slot] != 0 {
            let candidate = Int(slots[slot] - 1)
            if hashes[candidate] == hash, Int(firstCount[candidate]) == range.count {
              let other = firstIsNew[candidate] ? new : old
              let start = firstStart[candidate]
              var equal = true
              for offset in 0..<range.count where text[range.lowerBound + offset] != other[start + offset] {
                equal = false
                break
              }
              if equal { return candidate }
            }
            slot = (slot + 1) & mask
          }
          let numberOfToken = hashes.count
          slots[slot] = Int32(numberOfToken + 1)
          hashes.append(hash)
          firstStart.append(range.lowerBound)
          firstCount.append(Int32(range.count))
          firstIsNew.append(isNew)
          return numberOfToken
        }
        for token in oldTokens { oldNumbers.append(number(token.range, isNew: false)) }
        for token in newTokens { newNumbers.append(number(token.range, isNew: true)) }
      }
    }
    return (oldNumbers, newNumbers)
  }
}
