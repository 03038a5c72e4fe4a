import Git
import Testing

@Suite("Object ids from bytes")
struct ObjectIDBytesTests {
  static let hexes = [
    "0000000000000000000000000000000000000000", "ffffffffffffffffffffffffffffffffffffffff",
    "0123456789abcdef0123456789abcdef01234567", "70a12d928a46ae72dce1089ff4944324fc9ef97f",
  ]

  @Test("an id made from raw memory, an array or a slice equals the one parsed from hex", arguments: hexes)
  func sameFromEverySource(hex: String) throws {
    let parsed = try #require(ObjectID(hex: hex))
    let bytes = parsed.bytes
    #expect(parsed.hex == hex)
    #expect(bytes.withUnsafeBytes { ObjectID(bytes: $0) } == parsed)
    #expect(ObjectID(bytes: bytes) == parsed)
    let padded = [0xAA] + bytes + [0xBB]
    #expect(ObjectID(bytes: padded[1...20]) == parsed)
    #expect(padded.withUnsafeBytes { ObjectID(bytes: UnsafeRawBufferPointer(rebasing: $0[1...20])) } == parsed)
  }

  @Test("any count other than 20 bytes gives no id", arguments: [0, 19, 21])
  func wrongCount(count: Int) {
    let bytes = [UInt8](repeating: 7, count: count)
    #expect(ObjectID(bytes: bytes) == nil)
    #expect(bytes.withUnsafeBytes { ObjectID(bytes: $0) } == nil)
  }
}
