/// Tests on eight bytes at once (SWAR: SIMD within a register), for the byte loops
/// of the tokenizer and the writer: a stretch of ordinary text is skipped a word at a
/// time, and only a word that may hold a special byte is looked at byte by byte.
///
/// Each test answers "does any byte of the word…" exactly (bits above the first hit
/// may be wrong, which these yes/no answers never look at).
enum ByteWord {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `offset`, the first in the lowest bits.
  @inline(__always)
  static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
  }

  /// Nonzero when some byte of `word` is below `limit` (`limit` at most 128).
  @inline(__always)
  static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
    (word &- ones &* UInt64(limit)) & ~word & highBits
  }

  /// Nonzero when some byte of `word` equals `byte`.
  @inline(__always)
  static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference & highBits
  }
}
