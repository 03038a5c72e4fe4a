import Foundation

/// How far two byte buffers agree from their start, or from their end, compared a block
/// at a time with `memcmp`: the edges two versions of a tree share, which an edit in the
/// middle leaves as they were.
public enum SharedBytes {
  private static let block = 4096

  /// How many bytes `a` and `b` begin with alike.
  public static func prefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let count = min(a.count, b.count)
    guard let x = a.baseAddress, let y = b.baseAddress else { return 0 }
    var length = 0
    while length + block <= count, memcmp(x + length, y + length, block) == 0 { length += block }
    while length < count, a[length] == b[length] { length += 1 }
    return length
  }

  /// How many bytes `a` and `b` end with alike, at most `limit`.
  public static func suffix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, limit: Int = .max) -> Int {
    let count = min(a.count, b.count, limit)
    guard let x = a.baseAddress, let y = b.baseAddress else { return 0 }
    var length = 0
    while length + block <= count,
      memcmp(x + (a.count - length - block), y + (b.count - length - block), block) == 0
    {
      length += block
    }
    while length < count, a[a.count - length - 1] == b[b.count - length - 1] { length += 1 }
    return length
  }
}
