import Foundation
import Testing

@testable import RichText

/// The tokenizer's text scan and the writer's plain-stretch scan go eight bytes at a
/// time; they must stop exactly where a byte-by-byte loop stops, at every offset and
/// for every mix of special bytes.
@Suite("Word-at-a-time byte scans")
struct ByteScanEquivalenceTests {
  /// Bytes each scan must tell apart: the ones that end text or need an escape,
  /// their neighbours, TAB (text, needs no escape), and high bytes.
  static let interesting: [UInt8] = [
    0x00, 0x08, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x5B, 0x5C, 0x5D, 0x7A, 0x7B, 0x7C,
    0x7D, 0x7E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, UInt8(ascii: "a"), UInt8(ascii: "Z"),
  ]

  static func seed() -> UInt64 { TestSeed.make(for: "ByteScanEquivalenceTests") }

  /// Random inputs: mostly letters, with an interesting byte now and then, at every
  /// length up to a few words.
  static func inputs(seed: UInt64) -> [[UInt8]] {
    var random = SplitMix64(seed: seed)
    var result: [[UInt8]] = interesting.map { [$0] }
    for _ in 0..<3_000 {
      let length = random.int(in: 0...40)
      let density = random.int(in: 0...30)
      result.append((0..<length).map { _ in
        random.chance(density) ? random.element(interesting) : UInt8(ascii: "a") + UInt8(random.int(in: 0...25))
      })
    }
    return result
  }

  @Test("the tokenizer's text scan ends where the byte loop ends, and knows ASCII alike")
  func textScan() {
    func reference(_ bytes: [UInt8], _ start: Int) -> (Int, Bool) {
      var index = start
      var high: UInt8 = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\\")
          || (byte < 0x20 && byte != 0x09) || byte == 0x7F
        {
          break
        }
        high |= byte
        index += 1
      }
      return (index, high < 0x80)
    }
    var failures = 0
    for bytes in Self.inputs(seed: Self.seed()) {
      for start in 0...bytes.count {
        let scanned = bytes.withUnsafeBufferPointer { RTFTokenizer.textEnd($0, from: start) }
        let expected = reference(bytes, start)
        if scanned.end != expected.0 || scanned.isASCII != expected.1 {
          failures += 1
          if failures <= 3 { Issue.record("\(bytes) from \(start): \(scanned), expected \(expected)") }
        }
      }
    }
    #expect(failures == 0)
  }

  @Test("the writer's plain-stretch scan ends at the first byte that needs an escape")
  func plainScan() {
    var failures = 0
    for bytes in Self.inputs(seed: Self.seed()) {
      for start in 0...bytes.count {
        let scanned = bytes.withUnsafeBufferPointer { RTFByteBuffer.plainEnd($0, from: start) }
        let expected = bytes[start...].firstIndex { !RTFByteBuffer.isPlain($0) } ?? bytes.count
        if scanned != expected {
          failures += 1
          if failures <= 3 { Issue.record("\(bytes) from \(start): \(scanned), expected \(expected)") }
        }
      }
    }
    #expect(failures == 0)
  }
}
