import Foundation
import Testing

@testable import RichText

/// The reader reads plain body text, `\'hh`, `\uN` with its fallback and control
/// words straight from the bytes (its loop over body runs); the general path reads
/// each as a token. Both must give the very same result (text, warnings, skipped
/// objects, the source record) or the very same error, on the corpus, on Word- and
/// Cocoa-like generated files and on every prefix-cut and mutation of them.
@Suite("RTF reader: the loop over body runs reads what the token loop reads")
struct ReaderBodyRunEquivalenceTests {
  static func seed() -> UInt64 { TestSeed.make(for: "ReaderBodyRunEquivalenceTests") }

  /// Why reading with and without the loop over body runs differs, or nil when the
  /// two agree.
  static func difference(_ input: [UInt8], limits: RTFLimits = .default) -> String? {
    ReaderEquivalence.difference(input, limits: limits, .fastest, .tokens)
  }

  @Test("every corpus file reads the same with and without the loop over body runs")
  func corpusFiles() throws {
    #expect(!Corpus.names.isEmpty)
    for name in Corpus.names {
      let difference = Self.difference(try Corpus.rtf(name))
      #expect(difference == nil, "\(name): \(difference ?? "")")
    }
  }

  @Test(
    "every shared corpus file reads the same with and without the loop over body runs",
    .enabled(
      if: !ReaderFastPathEquivalenceTests.sharedFiles.isEmpty, "the shared corpus ../shared/corpus/rtf is not there"))
  func sharedCorpusFiles() throws {
    for file in ReaderFastPathEquivalenceTests.sharedFiles {
      let difference = Self.difference(Array(try Data(contentsOf: file)))
      #expect(difference == nil, "\(file.lastPathComponent): \(difference ?? "")")
    }
  }

  /// What the loop reads itself and where it hands back: text (ASCII, raw 8-bit,
  /// CR/LF/DEL inside), `\'hh` (valid, invalid, double-byte fonts), `\uN` with
  /// `\ucN` fallbacks of 0–2 units of every kind, surrogates, negative and huge
  /// parameters, unknown and known words with parameters, words too long,
  /// `\binN`, hidden text, tables, fields, `\*`, a Cocoa attachment, braces.
  static let pieces: [String] = [
    "text ", "more text", "caf\u{E9} raw", "a\r\nb", "x\u{7F}y", "\t", "\\'e9", "\\'E9", "\\'zz", "\\'4",
    "\\u26085\\'3f", "\\u26085 ?", "\\u26085??", "\\u26085\r\n\\'3f", "\\u26085{x}", "\\u26085\\b x",
    "\\u-3913 ", "\\u55357\\'3f\\u56832\\'3f", "\\u56832 ", "\\u55357 ", "\\u1114112 ", "\\u99999999999 ",
    "\\u0 ", "\\u65 ", "\\uc0 ", "\\uc1 ", "\\uc2 ", "\\uc1\\u8226\\'95\\'96", "\\insrsid9258424 ",
    "\\rtlch\\fcs1 \\af31507 \\ltrch\\fcs0 ", "\\lang1033\\langfe1033 ", "\\foo-", "\\foo-12 ", "\\foo1234567890 ",
    "\\abcdefghijklmnopqrstuvwxyzabcdefghij ", "\\b ", "\\b0 ", "\\i\\cf1 ", "\\plain ", "\\f1 ", "\\f2 ",
    "\\hich\\af2 \\'93\\'94\\loch ", "\\dbch\\af2 \\'82\\'a0\\loch ", "\\f2 \\'82\\'a0x\\'82", "\\par ",
    "\\par\\pard\\tx560\\tx1120 ", "\\pard\\plain ", "\\\r\n", "\\tab ", "\\line ", "\\~", "\\{", "\\\\",
    "{\\b bold }", "{\\v hidden \\'e9 }", "\\v hidden\\v0 ", "\\trowd\\cellx1000 cell\\cell\\row ",
    "\\intbl a\\cell b\\cell\\row ", "{\\*\\unknown skipped}", "\\*\\foo ", "{\\*\\bar x}",
    "{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/a\"}}{\\fldrslt link}}",
    "{{\\NeXTGraphic a.png \\width20 \\height20}\u{AC}}", "\\bin3 abc", "\\bin2 {}", "{", "}",
    "\\chftn ", "\\deff1 ",
  ]

  static let header = "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\froman Times;}{\\f1\\fswiss Arial;}"
    + "{\\f2\\fcharset128 MS Mincho;}}{\\colortbl;\\red255\\green0\\blue0;}"

  /// A generated file of `pieces`, with or without its closing brace.
  static func generatedFile(_ random: inout SplitMix64, maxPieces: Int = 120) -> String {
    var rtf = header
    for _ in 0..<random.int(in: 0...maxPieces) { rtf += random.element(pieces) }
    if random.chance(80) { rtf += "}" }
    return rtf
  }

  @Test("generated files with text, escapes, \\u fallbacks and words read the same both ways")
  func generatedFiles() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for index in 0..<600 {
      let rtf = Self.generatedFile(&random)
      let difference = Self.difference(Array(rtf.utf8))
      #expect(difference == nil, "seed \(seed), file \(index): \(difference ?? "")\n\(rtf)")
    }
  }

  /// What the loop reads since it also reads surrogate pairs, control symbols and
  /// `\` + newline: pairs split by fallbacks, words, text, braces, hidden text or
  /// another `\u`, lone halves of either kind, in Cocoa's `\uc0` and Word's `\uc1`
  /// spellings, and every control symbol.
  static let pairPieces: [String] = [
    "\\uc0\\u55357 \\u56832 ", "\\u55357 \\u56832 ", "\\u-10179?\\u-9047?", "\\u55357\\'3f\\u56832\\'3f",
    "\\u55357 ", "\\u56832 ", "\\u55357\\b\\u56832 ", "\\u55357\\foo \\u56832 ", "\\u55357 x\\u56832 ",
    "\\u55357{\\u56832 }", "\\u55357\\u55357\\u56832 ", "\\u55357\\u65 ", "\\u55357\\par ", "\\u55357\\\n",
    "\\u55357\\~", "\\u55357\\'e9", "\\uc2\\u55357 ab\\u56832 cd", "\\uc1 ", "\\uc0 ", "\\uc2 ",
    "\\{", "\\}", "\\\\", "\\~", "\\-", "\\_", "\\:", "\\|", "\\*", "\\\n", "\\\r", "\\\r\n", "\\", "\\'",
    "text ", "caf\u{E9} ", "\\'e9", "\\u26085 ", "\\b ", "\\b0 ", "\\f2 ", "\\f1 ", "{\\b x}", "{", "}",
    "{\\v hidden \\u55357 \\u56832 }", "\\v \\u55357 \\u56832 \\{\\v0 ", "\\intbl a\\cell b\\{\\cell\\row ",
    "{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/\\{a\"}}{\\fldrslt \\u55357 \\u56832 \\}}}",
  ]

  @Test("generated files of surrogate pairs, control symbols and newlines read the same both ways")
  func pairsAndSymbols() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for index in 0..<1_500 {
      var rtf = Self.header
      for _ in 0..<random.int(in: 0...60) { rtf += random.element(Self.pairPieces) }
      if random.chance(80) { rtf += "}" }
      let difference = Self.difference(Array(rtf.utf8))
      #expect(difference == nil, "seed \(seed), file \(index): \(difference ?? "")\n\(rtf)")
    }
  }

  @Test("\\uN read without the keyword table reads as plainWord reads it")
  func unicodeWords() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    let alphabet = Array("-0123456789 uc?\\".utf8)
    for index in 0..<20_000 {
      var bytes = Array("\\u".utf8)
      for _ in 0..<random.int(in: 0...14) { bytes.append(random.element(alphabet)) }
      let tokenizer = RTFTokenizer(bytes: bytes, start: 0, maxBinaryLength: 0)
      bytes.withUnsafeBufferPointer { buffer in
        guard let fast = RTFTokenizer.unicodeWord(buffer, at: 0) else { return }
        let plain = tokenizer.plainWord(buffer, at: 0)
        #expect(
          plain?.keyword == fast.keyword && plain?.parameter == fast.parameter && plain?.end == fast.end,
          "seed \(seed), case \(index): \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  @Test("every prefix of generated files (cut inside words, escapes, fallbacks) reads the same both ways")
  func cutFiles() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    for index in 0..<20 {
      let bytes = Array(Self.generatedFile(&random, maxPieces: 30).utf8)
      for end in Self.header.utf8.count...bytes.count {
        let difference = Self.difference(Array(bytes[..<end]))
        #expect(difference == nil, "seed \(seed), file \(index) cut at \(end): \(difference ?? "")")
        if difference != nil { break }
      }
    }
  }

  @Test("generated bodies, written and read back, read the same both ways")
  func generatedBodies() {
    let seed = Self.seed()
    var generator = RandomModelGenerator(seed: seed)
    for index in 0..<300 {
      let rtf = RTFWriter().write(generator.body())
      let difference = Self.difference(rtf)
      #expect(difference == nil, "seed \(seed), body \(index): \(difference ?? "")")
    }
  }

  @Test("mutated corpus files read the same both ways")
  func mutatedFiles() {
    let seed = Self.seed()
    var random = SplitMix64(seed: seed)
    let limits = RTFLimits(maxGroupDepth: 200, maxGroupCount: 100_000, maxBinaryLength: 1 << 16)
    for index in 0..<2_000 {
      let input = ReaderMutationTests.mutate(random.element(ReaderMutationTests.seeds), with: &random)
      let difference = Self.difference(input, limits: limits)
      #expect(difference == nil, "seed \(seed), case \(index): \(difference ?? "")")
    }
  }
}
