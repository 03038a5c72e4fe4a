/// Where decoded text goes, as UTF-8 bytes: an array, or the body's ``RunTextBuffer``.
protocol UTF8Sink {
  /// Appends one byte.
  mutating func append(_ byte: UInt8)
  /// Appends `bytes`.
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
  /// Appends the UTF-8 encoding of `scalar`.
  mutating func append(_ scalar: Unicode.Scalar)
}

extension UTF8Sink {
  /// Appends the UTF-8 encoding of `scalar`, a byte at a time.
  @inline(__always)
  mutating func append(_ scalar: Unicode.Scalar) {
    UTF8.encode(scalar) { append($0) }
  }
}

extension Array: UTF8Sink where Element == UInt8 {}

/// The UTF-8 text of the run being read: a byte buffer that grows like an array
/// but appends without an array's per-call checks and empties without freeing.
///
/// Everything appended to it is valid UTF-8 by construction (ASCII bytes, and the
/// encodings of whole scalars), but ``string`` still makes its `String` through
/// `String(decoding:as:)`, which checks: nothing unsafe follows from a slip.
struct RunTextBuffer: UTF8Sink {
  private var storage = Storage(capacity: 256)
  /// How many bytes the buffer holds.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// The text, as a string.
  var string: String {
    String(decoding: UnsafeBufferPointer(start: storage.base, count: count), as: UTF8.self)
  }

  /// Forgets the text, keeping the memory.
  mutating func removeAll() { count = 0 }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    reserve(1)
    storage.base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (storage.base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 encoding of `scalar`, with one check for room, written out here
  /// (the standard library's `UTF8.encode` through a closure costs the reader about 1%).
  @inline(__always)
  mutating func append(_ scalar: Unicode.Scalar) {
    reserve(4)
    let value = scalar.value
    let out = storage.base + count
    if value < 0x80 {
      out[0] = UInt8(value)
      count += 1
    } else if value < 0x800 {
      out[0] = UInt8(0xC0 | value >> 6)
      out[1] = UInt8(0x80 | value & 0x3F)
      count += 2
    } else if value < 0x10000 {
      out[0] = UInt8(0xE0 | value >> 12)
      out[1] = UInt8(0x80 | value >> 6 & 0x3F)
      out[2] = UInt8(0x80 | value & 0x3F)
      count += 3
    } else {
      out[0] = UInt8(0xF0 | value >> 18)
      out[1] = UInt8(0x80 | value >> 12 & 0x3F)
      out[2] = UInt8(0x80 | value >> 6 & 0x3F)
      out[3] = UInt8(0x80 | value & 0x3F)
      count += 4
    }
  }

  /// Appends `count` copies of `byte`.
  mutating func append(_ byte: UInt8, count repeats: Int) {
    guard repeats > 0 else { return }
    reserve(repeats)
    (storage.base + count).update(repeating: byte, count: repeats)
    count += repeats
  }

  /// Makes room for `extra` more bytes in storage this buffer alone holds.
  @inline(__always)
  private mutating func reserve(_ extra: Int) {
    if _slowPath(!isKnownUniquelyReferenced(&storage) || count + extra > storage.capacity) {
      grow(toHold: count + extra)
    }
  }

  /// Moves the bytes to storage of its own (a copy of the buffer shares it), twice
  /// as big when `needed` bytes do not fit.
  private mutating func grow(toHold needed: Int) {
    let capacity = needed > storage.capacity ? max(needed, storage.capacity * 2) : storage.capacity
    let bigger = Storage(capacity: capacity)
    bigger.base.update(from: storage.base, count: count)
    storage = bigger
  }

  /// The buffer's memory, freed with it.
  private final class Storage {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      base.initialize(repeating: 0, count: capacity)
    }

    deinit { base.deallocate() }
  }
}
