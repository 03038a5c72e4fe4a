import Foundation
import RichText
import Testing

/// Reads seeded random mutations of the corpus: the reader must never crash or
/// hang, and reading the same bytes twice must give the same result.
///
/// `RTF_MUTATION_CASES` sets the number of cases (default 100 000); the cases are
/// split into shards that run in parallel. A failure names the shard's seed.
@Suite("RTF reader: seeded mutations of the corpus")
struct ReaderMutationTests {
  static let caseCount: Int = {
    let value = ProcessInfo.processInfo.environment["RTF_MUTATION_CASES"].flatMap { Int($0) }
    return max(0, value ?? 100_000)
  }()

  static let shardCount = 16

  static let seeds: [[UInt8]] = Corpus.names.compactMap { try? Corpus.rtf($0) }

  @Test("mutated corpus files are read or refused with an RTFError, deterministically", arguments: 0..<shardCount)
  func mutations(_ shard: Int) {
    var random = SplitMix64(seed: 0x5EED_0000 + UInt64(shard))
    let cases = Self.caseCount / Self.shardCount + (shard < Self.caseCount % Self.shardCount ? 1 : 0)
    let reader = RTFReader(limits: RTFLimits(maxGroupDepth: 200, maxGroupCount: 100_000, maxBinaryLength: 1 << 16))
    var read = 0
    for index in 0..<cases {
      let input = Self.mutate(Self.seeds[Int(random.next() % UInt64(Self.seeds.count))], with: &random)
      let first = Result { () throws(RTFError) in try reader.read(input) }
      if index % 8 == 0 {
        let second = Result { () throws(RTFError) in try reader.read(input) }
        #expect(first == second, "shard \(shard), case \(index): reading is not deterministic")
      }
      if case .success = first { read += 1 }
    }
    // Most mutations keep the header, so most inputs must still read.
    #expect(cases == 0 || read * 2 > cases, "shard \(shard): only \(read) of \(cases) inputs read")
  }

  /// Pieces of RTF syntax that mutations insert.
  static let fragments: [[UInt8]] = [
    "{", "}", "\\", "\\'", "\\'zz", "\\u", "\\u-1", "\\u55357 ", "\\uc5 ", "\\bin", "\\bin9 ", "\\bin99999999 ",
    "\\*", "{\\*\\x ", "\\par ", "\\pard", "\\plain", "\\f999 ", "\\fs-1 ", "\\ls99 ", "\\ilvl-5 ", "\\cf9999 ",
    "{\\field{\\*\\fldinst HYPERLINK \"", "{\\fldrslt ", "{\\pict ", "{{\\NeXTGraphic a}", "\u{AC}", "\\cell ",
    "\\row ", "\\nestrow ", "{\\fonttbl\\f0\\fcharset128 X;}", "\\'81\\'40", "99999999999999999999",
    "\\ansicpg936 ", "\\ansicpg0 ", "{\\listtext ", "\\line ", "\\tab ",
  ].map { Array($0.utf8) }

  static func mutate(_ seed: [UInt8], with random: inout SplitMix64) -> [UInt8] {
    // A prefix keeps inputs small (and the header intact) so many cases run fast.
    var bytes = Array(seed.prefix(64 + Int(random.next() % 3000)))
    let count = 1 + Int(random.next() % 4)
    for _ in 0..<count {
      let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
      switch random.next() % 6 {
      case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
      case 1:
        let fragment = fragments[Int(random.next() % UInt64(fragments.count))]
        bytes.insert(contentsOf: fragment, at: position)
      case 2 where !bytes.isEmpty:
        let length = min(bytes.count - position, 1 + Int(random.next() % 64))
        bytes.removeSubrange(position..<position + length)
      case 3 where !bytes.isEmpty:
        let length = min(bytes.count - position, 1 + Int(random.next() % 64))
        bytes.insert(contentsOf: bytes[position..<position + length], at: position)
      case 4: bytes.removeSubrange(position...)
      default:
        bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
      }
    }
    return bytes
  }
}
