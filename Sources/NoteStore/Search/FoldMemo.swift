/// The folded form (UTF-8, see ``SearchFolding``) of each non-ASCII character met during
/// one search, so Foundation folds each distinct character once per search rather than
/// once per line.
final class FoldMemo {
  /// Characters of at most 7 UTF-8 bytes, keyed by their bytes and length in one word.
  private var short: [UInt64: [UInt8]] = [:]
  private var long: [Substring: [UInt8]] = [:]

  /// Creates an empty memo.
  init() {}

  /// `character` (one character of a string) folded, as UTF-8.
  func folded(_ character: Substring) -> [UInt8] {
    var key: UInt64 = 0
    var length: UInt64 = 0
    for byte in character.utf8 {
      guard length < 7 else { return foldedLong(character) }
      key |= UInt64(byte) << (8 * length)
      length += 1
    }
    key |= length << 56
    if let known = short[key] { return known }
    let folded = Array(SearchFolding.fold(String(character)).utf8)
    short[key] = folded
    return folded
  }

  private func foldedLong(_ character: Substring) -> [UInt8] {
    if let known = long[character] { return known }
    let folded = Array(SearchFolding.fold(String(character)).utf8)
    long[character] = folded
    return folded
  }
}
