/// Text built from many small pieces (a table's cells), appended as UTF-8 bytes
/// through a pointer: each append is a bounds check and a copy, without the generic
/// work of `Array.append(contentsOf:)` on every call.
///
/// The sink owns its memory and frees it when it goes away; ``bytes()`` copies the
/// result out.
struct ByteSink: ~Copyable {
  private var storage: UnsafeMutableRawBufferPointer
  /// How many bytes were written.
  private(set) var count = 0

  /// An empty sink with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    storage = .allocate(byteCount: max(capacity, 64), alignment: 1)
  }

  deinit { storage.deallocate() }

  /// Appends `bytes`.
  mutating func append(_ bytes: UnsafeRawBufferPointer) {
    reserve(bytes.count)
    UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + bytes.count)]).copyMemory(from: bytes)
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
    UnsafeMutableRawBufferPointer(rebasing: storage[count..<(count + times)]).initializeMemory(
      as: UInt8.self, repeating: byte)
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
    return body(UnsafeRawBufferPointer(rebasing: storage[range]))
  }

  /// The bytes from `start` on, decoded (invalid UTF-8 repaired).
  func string(from start: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(rebasing: storage[min(start, count)..<count]), as: UTF8.self)
  }

  /// Everything written.
  func bytes() -> [UInt8] {
    Array(UnsafeRawBufferPointer(rebasing: storage[..<count]))
  }

  /// Makes room for `more` bytes after the ones written, doubling the storage as needed.
  private mutating func reserve(_ more: Int) {
    guard count + more > storage.count else { return }
    let grown = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(storage.count * 2, count + more), alignment: 1)
    UnsafeMutableRawBufferPointer(rebasing: grown[..<count]).copyMemory(
      from: UnsafeRawBufferPointer(rebasing: storage[..<count]))
    storage.deallocate()
    storage = grown
  }
}
