import Testing

@testable import NoteStore

/// ByteSearch (the search's substring finder, eight starting places at a time) finds the
/// same first place as a plain scan, over small alphabets: bytes that a word-at-a-time
/// compare could confuse (0, 1, 0x80, 0xFF: borrows) included.
@Suite("Byte search")
struct ByteSearchTests {
  /// Every sequence of `length` bytes over `alphabet`.
  private static func all(_ alphabet: [UInt8], length: Int) -> [[UInt8]] {
    (0..<length).reduce([[]]) { sequences, _ in sequences.flatMap { prefix in alphabet.map { prefix + [$0] } } }
  }

  private static func plainScan(_ needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, start >= 0, hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
    return (start...(hay.count - needle.count)).first { Array(hay[$0..<($0 + needle.count)]) == needle }
  }

  /// Haystacks over `alphabet`: every one up to 10 bytes for two letters; for more, 2,000
  /// made by a fixed linear congruential sequence, 9 to 40 bytes long (so the
  /// eight-at-a-time loop runs).
  private static func haystacks(_ alphabet: [UInt8]) -> [[UInt8]] {
    if alphabet.count == 2 { return [0, 1, 2, 7, 8, 9, 10].flatMap { all(alphabet, length: $0) } }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    return (0..<2_000).map { _ in (0..<(9 + next() % 32)).map { _ in alphabet[next() % alphabet.count] } }
  }

  @Test(
    "the first place found is the first place a plain scan finds",
    arguments: [[0x61, 0x62], [0x00, 0x01, 0x80, 0xFF]] as [[UInt8]])
  func agreesWithAPlainScan(_ alphabet: [UInt8]) {
    let needles = (1...2).flatMap { Self.all(alphabet, length: $0) } + [Array(alphabet.prefix(3)), [alphabet[0], alphabet[1], alphabet[0]]]
    var mismatches: [String] = []
    for hay in Self.haystacks(alphabet) {
      for needle in needles {
        for start in [0, 3] {
          let found = ByteSearch.firstIndex(of: needle, in: hay, from: start)
          let expected = Self.plainScan(needle, in: hay, from: start)
          if found != expected { mismatches.append("\(needle) in \(hay) from \(start): \(String(describing: found))") }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("a needle is found at every offset of a long text, and past the end is nothing")
  func everyOffset() {
    let needle = Array("flight".utf8)
    for offset in 0..<40 {
      var hay = [UInt8](repeating: UInt8(ascii: "f"), count: 60)
      hay.replaceSubrange(offset..<(offset + needle.count), with: needle)
      #expect(ByteSearch.firstIndex(of: needle, in: hay) == offset)
      #expect(ByteSearch.firstIndex(of: needle, in: hay, from: offset + 1) == nil)
    }
  }
}
