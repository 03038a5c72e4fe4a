/// Text built from many small pieces (a table's cells), appended as UTF-8 bytes into
/// one array written in place (as RichText's `RTFByteBuffer` writes RTF): each append is a
/// capacity check and a copy, without the generic work of `Array.append(contentsOf:)`
/// on every call.
struct ByteSink {
  /// The bytes written (`count` of them), then room up to the capacity that is never
  /// read.
  private var storage: [UInt8]
  /// How many bytes were written.
  private(set) var count = 0

  /// An empty sink with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    storage = Self.room(max(capacity, 64))
  }

  /// An array of `count` bytes left as the allocator gives them: only the bytes below
  /// ``count``, written since, are ever read.
  private static func room(_ count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    let start = count
    storage.withUnsafeMutableBytes { target in
      UnsafeMutableRawBufferPointer(rebasing: target[start..<(start + bytes.count)]).copyMemory(from: bytes)
    }
    count += bytes.count
  }

  /// Appends the UTF-8 bytes of `text`.
  mutating func append(_ text: String) {
    // The string's own buffer (a copy only for a string not stored as UTF-8).
    var text = text
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends `byte` `times` times (none when `times` is not positive).
  mutating func append(_ byte: UInt8, times: Int) {
    guard times > 0 else { return }
    reserve(times)
    for offset in count..<(count + times) { storage[offset] = byte }
    count += times
  }

  /// Removes the bytes from `start` on.
  mutating func truncate(to start: Int) {
    count = max(0, min(start, count))
  }

  /// Removes `byte`s from the end, keeping the first `start` bytes whatever they are.
  mutating func trimTrailing(_ byte: UInt8, downTo start: Int) {
    while count > start && storage[count - 1] == byte { count -= 1 }
  }

  /// Calls `body` with the bytes written in `range`.
  func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the bytes written")
    return storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  /// The bytes from `start` on, decoded (invalid UTF-8 repaired).
  func string(from start: Int) -> String {
    String(decoding: storage[min(start, count)..<count], as: UTF8.self)
  }

  /// Everything written.
  func bytes() -> [UInt8] { Array(storage[..<count]) }

  /// Makes room for `more` bytes after the ones written, doubling the storage as needed.
  private mutating func reserve(_ more: Int) {
    guard count + more > storage.count else { return }
    var grown = Self.room(max(storage.count * 2, count + more))
    let written = count
    grown.withUnsafeMutableBytes { target in
      storage.withUnsafeBytes { source in
        UnsafeMutableRawBufferPointer(rebasing: target[..<written]).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: source[..<written]))
      }
    }
    storage = grown
  }
}
