/// The 20-byte SHA-1 name of a git object.
///
/// Ordered by its bytes, so sorting gives the same order as sorting the hex strings.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
  // Big-endian words: comparing (high, middle, low) compares the bytes in order.
  private let high: UInt64
  private let middle: UInt64
  private let low: UInt32

  /// The number of bytes in an object id.
  public static let byteCount = 20

  /// The all-zero id, which git uses for "no object".
  public static let zero = ObjectID(high: 0, middle: 0, low: 0)

  private init(high: UInt64, middle: UInt64, low: UInt32) {
    self.high = high
    self.middle = middle
    self.low = low
  }

  /// Creates an id from exactly 20 bytes; nil for any other count.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count == Self.byteCount else { return nil }
    if let id = bytes.withContiguousStorageIfAvailable({ ObjectID(bytes: UnsafeRawBufferPointer($0)) }) {
      self = id ?? .zero
      return
    }
    var high: UInt64 = 0
    var middle: UInt64 = 0
    var low: UInt32 = 0
    for (offset, byte) in bytes.enumerated() {
      switch offset {
      case 0..<8: high = high << 8 | UInt64(byte)
      case 8..<16: middle = middle << 8 | UInt64(byte)
      default: low = low << 8 | UInt32(byte)
      }
    }
    self.init(high: high, middle: middle, low: low)
  }

  /// Creates an id from exactly 20 bytes in memory (a mapped file, a libgit2 buffer);
  /// nil for any other count. Chosen over the generic initialiser for raw buffers, so
  /// hot readers (the history index, raw trees) pay no generic dispatch per id.
  public init?(bytes: UnsafeRawBufferPointer) {
    guard bytes.count == Self.byteCount else { return nil }
    self.init(
      high: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
      middle: UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
      low: UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)))
  }

  /// Parses 40 hexadecimal digits (either case); nil for anything else.
  public init?(hex: String) {
    let digits = Array(hex.utf8)
    guard digits.count == 2 * Self.byteCount else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.byteCount)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let upper = Self.nibble(digits[index]), let lower = Self.nibble(digits[index + 1])
      else { return nil }
      bytes.append(upper << 4 | lower)
    }
    self.init(bytes: bytes)
  }

  /// The 20 bytes, most significant first.
  public var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(Self.byteCount)
    for shift in stride(from: 56, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: high >> shift)) }
    for shift in stride(from: 56, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: middle >> shift)) }
    for shift in stride(from: 24, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: low >> shift)) }
    return result
  }

  /// 40 lowercase hexadecimal digits.
  public var hex: String {
    let alphabet = Array("0123456789abcdef".utf8)
    var digits: [UInt8] = []
    digits.reserveCapacity(2 * Self.byteCount)
    for byte in bytes {
      digits.append(alphabet[Int(byte >> 4)])
      digits.append(alphabet[Int(byte & 0x0f)])
    }
    return String(decoding: digits, as: UTF8.self)
  }

  /// Whether this is the all-zero id.
  public var isZero: Bool { self == .zero }

  /// The same as ``hex``.
  public var description: String { hex }

  public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
    (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
