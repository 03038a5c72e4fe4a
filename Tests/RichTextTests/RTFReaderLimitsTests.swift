import RichText
import Testing

@Suite("RTF reader: limits and malformed input")
struct RTFReaderLimitsTests {
  @Test("input that does not start with {\\rtf is refused with the offset", arguments: [
    ("", 0), ("hello", 0), ("  {\\pard x}", 2), ("{\\rtfx1 a}", 0), ("\u{FEFF}{\\urtf1 a}", 3),
    ("{\\listtext 1.}{\\rtf1 x}", 0),
  ])
  func notRTF(_ input: String, _ offset: Int) {
    #expect(throws: RTFError.notRTF(offset: offset)) { try read(input) }
  }

  @Test("input above the size limit is refused")
  func inputTooLarge() {
    let limits = RTFLimits(maxInputBytes: 10)
    #expect(throws: RTFError.inputTooLarge(size: 11, limit: 10)) { try read("{\\rtf1 abc}", limits: limits) }
  }

  @Test("groups nested deeper than the limit are refused at the offending brace")
  func groupTooDeep() {
    let rtf = "{\\rtf1 " + String(repeating: "{", count: 5) + "}}}}}}"
    #expect(throws: RTFError.groupTooDeep(limit: 5, offset: 11)) {
      try read(rtf, limits: RTFLimits(maxGroupDepth: 5))
    }
    #expect(throws: Never.self) { try read(rtf, limits: RTFLimits(maxGroupDepth: 6)) }
  }

  @Test("deep nesting inside skipped groups counts too")
  func groupTooDeepWhileSkipping() {
    let rtf = "{\\rtf1 {\\pict " + String(repeating: "{", count: 2000)
    #expect(throws: RTFError.groupTooDeep(limit: 1000, offset: 1012)) { try read(rtf) }
  }

  @Test("more groups than the limit are refused")
  func tooManyGroups() {
    let rtf = "{\\rtf1 " + String(repeating: "{}", count: 10) + "}"
    #expect(throws: RTFError.tooManyGroups(limit: 8, offset: 21)) {
      try read(rtf, limits: RTFLimits(maxGroupCount: 8))
    }
  }

  @Test("\\bin above the limit is refused, also inside a skipped destination")
  func binaryTooLong() {
    #expect(throws: RTFError.binaryTooLong(length: 100, limit: 50, offset: 16)) {
      try read("{\\rtf1 {\\*\\foo x\\bin100 }}", limits: RTFLimits(maxBinaryLength: 50))
    }
  }

  @Test("every error has a message naming the offset or the limit")
  func messages() {
    let errors: [RTFError] = [
      .notRTF(offset: 3), .inputTooLarge(size: 9, limit: 8), .groupTooDeep(limit: 7, offset: 3),
      .tooManyGroups(limit: 7, offset: 3), .binaryTooLong(length: 9, limit: 7, offset: 3),
    ]
    for error in errors {
      #expect(error.description.contains("3") || error.description.contains("8"))
      #expect(error.description.count > 40)
    }
  }

  struct Repair: Sendable, CustomStringConvertible {
    var behaviour: String
    var rtf: String
    var text: String
    var warnings: [RTFWarning]
    var description: String { behaviour }
  }

  static let repairs: [Repair] = [
    Repair(
      behaviour: "a truncated file is closed at the end", rtf: "{\\rtf1 {\\b a {\\i b", text: "a b",
      warnings: [RTFWarning(offset: 18, kind: .unclosedGroups(3))]),
    Repair(
      behaviour: "text after the last brace is ignored", rtf: "{\\rtf1 a}} b", text: "a",
      warnings: [RTFWarning(offset: 9, kind: .textAfterEnd)]),
    Repair(behaviour: "whitespace and NULs after the last brace are fine", rtf: "{\\rtf1 a}\r\n\0 ", text: "a", warnings: []),
    Repair(
      behaviour: "invalid hex is U+FFFD and the bad character stays", rtf: "{\\rtf1 \\'3?x}", text: "\u{FFFD}?x",
      warnings: [RTFWarning(offset: 7, kind: .invalidHex)]),
    Repair(
      behaviour: "\\' at the end of the input", rtf: "{\\rtf1 a\\'", text: "a\u{FFFD}",
      warnings: [RTFWarning(offset: 8, kind: .invalidHex), RTFWarning(offset: 10, kind: .unclosedGroups(1))]),
    Repair(
      behaviour: "20-digit parameters are clamped", rtf: "{\\rtf1\\li99999999999999999999 x}", text: "x",
      warnings: [RTFWarning(offset: 6, kind: .parameterOutOfRange)]),
    Repair(
      behaviour: "an unknown code page reads as 1252", rtf: "{\\rtf1\\ansicpg4242 \\'e9}", text: "é",
      warnings: [RTFWarning(offset: 6, kind: .unknownCodePage(4242))]),
    Repair(
      behaviour: "a font with an unknown \\cpg reads in the document code page",
      rtf: "{\\rtf1{\\fonttbl{\\f0\\cpg4242 X;}}\\f0\\'e9}", text: "é",
      warnings: [RTFWarning(offset: 28, kind: .unknownCodePage(4242))]),
    Repair(
      behaviour: "a lone surrogate is U+FFFD", rtf: "{\\rtf1\\uc0 \\u55357 x}", text: "\u{FFFD}x",
      warnings: [RTFWarning(offset: 19, kind: .unpairedSurrogate)]),
    Repair(
      behaviour: "binary garbage becomes text or is dropped, never a crash",
      rtf: "{\\rtf1 a\u{01}\u{02}\u{7F}b}", text: "ab", warnings: []),
  ]

  @Test("malformed input is repaired with warnings", arguments: repairs)
  func repairsMalformedInput(_ repair: Repair) throws {
    let result = try read(repair.rtf)
    #expect(readerPlainText(result.text) == repair.text)
    #expect(result.warnings == repair.warnings)
  }

  @Test("warnings are capped, the last one says more were found")
  func warningCap() throws {
    let rtf = "{\\rtf1 " + String(repeating: "\\'zz", count: 500) + "}"
    let result = try read(rtf)
    #expect(result.warnings.count == RTFReader.maxWarnings)
    #expect(result.warnings.last?.kind == .tooManyWarnings)
  }

  @Test("the groups open where the input ends are counted, however many warnings came before")
  func unclosedGroupsCounted() throws {
    #expect(try read("{\\rtf1 {\\b a {\\i b").unclosedGroups == 3)
    #expect(try read("{\\rtf1 {\\b a} b}").unclosedGroups == 0)
    #expect(try read("{\\rtf1 a}} b").unclosedGroups == 0, "text after the end is not a cut-off file")
    let noisy = "{\\rtf1 {\\b " + String(repeating: "\\'zz", count: 500) + " cut"
    let result = try read(noisy)
    #expect(result.warnings.last?.kind == .tooManyWarnings)
    #expect(result.unclosedGroups == 2)
  }

  @Test("a paragraph keeps at most 128 tab stops")
  func tabStopCap() throws {
    let stops = (1...200).map { "\\tx\($0 * 10)" }.joined()
    let style = try #require(try read("{\\rtf1\\pard" + stops + " x}").text.paragraphs.first).style
    #expect(style.tabStops.count == 128)
    #expect(style.tabStops.last?.position == 1280)
  }

  @Test("every result group of a field gets the field's link")
  func repeatedFieldResults() throws {
    let results = String(repeating: "{\\fldrslt r}", count: 1000)
    let text = try read("{\\rtf1{\\field{\\*\\fldinst HYPERLINK \"u\"}" + results + "}}").text
    #expect(text.paragraphs.first?.text.count == 1000)
    #expect(text.paragraphs.first?.runs.allSatisfy { $0.attributes.link == "u" } == true)
  }

  @Test("a 10 000-letter font name and very deep (allowed) nesting are read")
  func hugeButAllowed() throws {
    let name = String(repeating: "A", count: 10_000)
    let result = try read("{\\rtf1{\\fonttbl{\\f0 " + name + ";}}\\f0 x}")
    let font = try #require(result.text.run(containing: "x")?.attributes.font)
    #expect(font.name.utf8.count <= 259)
    let deep = "{\\rtf1 " + String(repeating: "{", count: 999) + "x" + String(repeating: "}", count: 1000)
    #expect(readerPlainText(try read(deep).text) == "x")
  }
}
