import Foundation
import Git
import Testing

@Suite("Object ids from raw memory")
struct ObjectIDRawBytesTests {
  static let hexes = [
    "0000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffffffffffff",
    "0123456789abcdef0123456789abcdef01234567", "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
  ]

  @Test("an id read from raw memory equals the one read from an array and from hex", arguments: hexes)
  func sameAsGeneric(_ hex: String) throws {
    let id = try #require(ObjectID(hex: hex))
    let bytes = id.bytes
    // An unaligned start, as ids sit inside tree entries and index records.
    let shifted: [UInt8] = [0x7F] + bytes + [0x7F]
    let fromMemory = shifted.withUnsafeBytes { ObjectID(bytes: UnsafeRawBufferPointer(rebasing: $0[1..<21])) }
    #expect(fromMemory == id)
    #expect(fromMemory?.hex == hex)
    #expect(ObjectID(bytes: bytes[...]) == id)
  }

  @Test("raw memory of any other length is no id", arguments: [0, 19, 21])
  func wrongLength(_ count: Int) {
    let bytes = [UInt8](repeating: 1, count: count)
    #expect(bytes.withUnsafeBytes { ObjectID(bytes: $0) } == nil)
  }
}
