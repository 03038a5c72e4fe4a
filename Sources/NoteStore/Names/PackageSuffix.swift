/// The `.note` at the end of a package's name, with the meaning `String`'s
/// character-based `hasSuffix`, `count` and `dropLast` give it, answered from the
/// UTF-8 bytes when they are sure to agree (the usual name).
///
/// The bytes agree with the characters when the name's bytes end in `.note` and the
/// byte before the dot is ASCII (or there is none): an ASCII scalar never joins the
/// next one into a character, and no other character compares equal to `.`, `n`, `o`,
/// `t` or `e`, so the name ends in those five characters. Any other name that ends in
/// the bytes `.note` (a non-ASCII scalar before the dot, which may join it, as a
/// prepended mark does) goes through the character-based code.
enum PackageSuffix {
  /// Whether an entry named `name` is a package folder's: it ends in the characters
  /// `.note`, with at least one character before them (`.note` alone is not one).
  static func isPackageName(_ name: String) -> Bool {
    var bytes = name
    if let stem = bytes.withUTF8(stemByteCount) { return stem > 0 }
    return name.hasSuffix(NotePath.packageExtension) && name.count > NotePath.packageExtension.count
  }

  /// `path` without its last five characters: the `.note` a package path ends in.
  static func droppingExtension(_ path: String) -> String {
    var bytes = path
    let name = bytes.withUTF8 { utf8 in stemByteCount(utf8).map { String(decoding: utf8[..<$0], as: UTF8.self) } }
    return name ?? String(path.dropLast(NotePath.packageExtension.count))
  }

  /// The UTF-8 byte count before a final `.note` whose five characters are five bytes
  /// (see the type's discussion); nil for a text that does not end so. `bytes` are
  /// the string's own buffer: through `utf8`'s indices this cost more than the rest.
  private static func stemByteCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let stem = bytes.count - suffixBytes.count
    guard stem >= 0, bytes[stem...].elementsEqual(suffixBytes) else { return nil }
    if stem > 0, bytes[stem - 1] >= 0x80 { return nil }
    return stem
  }

  /// The UTF-8 bytes of `.note`.
  private static let suffixBytes = Array(NotePath.packageExtension.utf8)
}
