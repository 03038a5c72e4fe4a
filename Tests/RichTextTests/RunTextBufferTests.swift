import Testing

@testable import RichText

/// The reader collects a run's text in a `RunTextBuffer` instead of an array: what it
/// makes of the bytes must be what `String(decoding:as:)` makes of the same bytes
/// in an array, whatever the order of appends, growths, copies and emptyings.
@Suite("RTF reader: the run text buffer holds what an array would")
struct RunTextBufferTests {
  @Test("seeded appends, copies and emptyings give the array's string")
  func seededOperations() {
    let seed = TestSeed.make(for: "RunTextBufferTests")
    var random = SplitMix64(seed: seed)
    let scalars: [Unicode.Scalar] = ["a", "\t", "é", "\u{2028}", "日", "😀", "\u{FFFD}", "{"]
    for round in 0..<200 {
      var buffer = RunTextBuffer()
      var array: [UInt8] = []
      var copies: [(RunTextBuffer, [UInt8])] = []
      for _ in 0..<random.int(in: 0...400) {
        switch random.int(in: 0...5) {
        case 0:
          let byte = UInt8(random.int(in: 0...127))
          buffer.append(byte)
          array.append(byte)
        case 1:
          let bytes = (0..<random.int(in: 0...600)).map { _ in UInt8(random.int(in: 0...255)) }
          bytes.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
          array.append(contentsOf: bytes)
        case 2:
          let scalar = random.element(scalars)
          appendUTF8(scalar, to: &buffer)
          appendUTF8(scalar, to: &array)
        case 3:
          let count = random.int(in: 0...5)
          buffer.append(UInt8(ascii: "\t"), count: count)
          array.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: count))
        case 4:
          copies.append((buffer, array))
        default:
          if random.chance(20) {
            buffer.removeAll()
            array.removeAll()
          }
        }
        #expect(buffer.count == array.count, "seed \(seed), round \(round)")
      }
      #expect(buffer.string == String(decoding: array, as: UTF8.self), "seed \(seed), round \(round)")
      #expect(buffer.isEmpty == array.isEmpty, "seed \(seed), round \(round)")
      // A copy taken earlier is unchanged by the appends made since.
      for (copy, bytes) in copies {
        #expect(copy.string == String(decoding: bytes, as: UTF8.self), "seed \(seed), round \(round)")
      }
    }
  }
}
