import Git

/// An object id as the plain-text cache keys it: its 20 bytes loaded as three words, so a
/// cache of thousands of ids is read without parsing each one into an ``ObjectID``.
struct BlobKey: Hashable {
  private let high: UInt64
  private let middle: UInt64
  private let low: UInt32

  /// The id whose 20 bytes start at `offset` in `buffer` (the caller checked the bounds).
  init(in buffer: UnsafeRawBufferPointer, at offset: Int) {
    high = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    middle = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
    low = buffer.loadUnaligned(fromByteOffset: offset + 16, as: UInt32.self)
  }

  /// The key of `id`.
  init(_ id: ObjectID) {
    self = id.bytes.withUnsafeBytes { BlobKey(in: $0, at: 0) }
  }

  /// Whether all 20 bytes are zero (the cache's mark for "no body").
  var isZero: Bool { high == 0 && middle == 0 && low == 0 }

  /// The 20 bytes, in order.
  var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(ObjectID.byteCount)
    withUnsafeBytes(of: high) { result += $0 }
    withUnsafeBytes(of: middle) { result += $0 }
    withUnsafeBytes(of: low) { result += $0 }
    return result
  }

  /// The object id.
  var id: ObjectID { ObjectID(bytes: bytes) ?? .zero }
}
