import Testing

@testable import RichText

@Suite("Code pages")
struct CodePageTests {
  struct Case: Sendable, CustomStringConvertible {
    var codePage: Int
    var bytes: [UInt8]
    var expected: String
    var description: String { "\(codePage)" }
  }

  static let cases: [Case] = [
    Case(codePage: 1252, bytes: [0x80, 0x93, 0x94, 0x97, 0xE9, 0x41], expected: "€“”—éA"),
    Case(codePage: 1252, bytes: [0x81, 0x8D, 0x8F, 0x90, 0x9D], expected: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
    Case(codePage: 10000, bytes: [0xA5, 0xD2, 0xD3, 0x8E, 0xDB, 0xC9], expected: "•“”é€…"),
    Case(codePage: 437, bytes: [0xC9, 0xCD, 0xBB, 0x82, 0xE1], expected: "╔═╗éß"),
    Case(codePage: 850, bytes: [0xD5, 0x9D, 0xE8], expected: "ıØÞ"),
    Case(codePage: 874, bytes: [0xA1, 0xE0], expected: "กเ"),
    Case(codePage: 1250, bytes: [0xB9, 0xEA, 0x9C], expected: "ąęś"),
    Case(codePage: 1251, bytes: [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0xA8], expected: "ПриветЁ"),
    Case(codePage: 1253, bytes: [0xE1, 0xE2, 0xE3], expected: "αβγ"),
    Case(codePage: 1254, bytes: [0xDD, 0xF0], expected: "İğ"),
    Case(codePage: 1255, bytes: [0xF9, 0xEC, 0xE5, 0xED], expected: "שלום"),
    Case(codePage: 1256, bytes: [0xE3, 0xD1, 0xCD, 0xC8, 0xC7], expected: "مرحبا"),
    Case(codePage: 1257, bytes: [0xE8, 0xFB], expected: "čū"),
    Case(codePage: 1258, bytes: [0xD2, 0xE3], expected: "\u{0309}ă"),
    Case(codePage: 932, bytes: [0x93, 0xFA, 0x96, 0x7B, 0x83, 0x74], expected: "日本フ"),
    Case(codePage: 936, bytes: [0xC4, 0xE3, 0xBA, 0xC3], expected: "你好"),
    Case(codePage: 949, bytes: [0xC7, 0xD1, 0xB1, 0xB9], expected: "한국"),
    Case(codePage: 950, bytes: [0xA4, 0xA4, 0xA4, 0xE5], expected: "中文"),
    Case(codePage: 65001, bytes: [0xE2, 0x82, 0xAC], expected: "€"),
  ]

  @Test("decodes bytes of each supported code page", arguments: cases)
  func decodes(_ testCase: Case) throws {
    var decoder = ByteDecoder()
    decoder.codePage = try #require(CodePage.numbered(testCase.codePage))
    var out: [UInt8] = []
    decoder.append(testCase.bytes, 0, testCase.bytes.count, to: &out)
    let valid = decoder.flush(to: &out)
    #expect(valid)
    #expect(String(decoding: out, as: UTF8.self) == testCase.expected)
  }

  @Test("single-byte pages use the reader's tables, others CoreFoundation")
  func kinds() {
    for number in [437, 850, 874, 1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258, 10000] {
      guard case .singleByte? = CodePage.numbered(number) else {
        Issue.record("\(number) is not a table code page")
        continue
      }
    }
    for number in [932, 936, 949, 950] {
      guard case .multiByte? = CodePage.numbered(number) else {
        Issue.record("\(number) is not decoded by CoreFoundation")
        continue
      }
    }
    #expect(CodePage.numbered(0) == nil)
    #expect(CodePage.numbered(123_456) == nil)
  }

  @Test("\\fcharset values map to their code pages (ANSI is 1252 whatever the document says)")
  func charsets() {
    let expected: [Int: Int?] = [
      0: 1252, 1: nil, 2: nil, 77: 10000, 78: 10001, 79: 10003, 80: 10008, 81: 10002, 82: 1361,
      83: 10005, 84: 10004, 85: 10006, 86: 10081, 87: 10021, 88: 10029, 89: 10007, 128: 932, 129: 949, 134: 936, 136: 950, 161: 1253, 162: 1254,
      163: 1258, 177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250, 254: 437, 255: 850,
    ]
    for (charset, page) in expected { #expect(CodePage.number(forCharset: charset) == page, "\(charset)") }
  }

  @Test("invalid double-byte sequences become U+FFFD and are reported")
  func invalidDoubleByte() throws {
    var decoder = ByteDecoder()
    decoder.codePage = try #require(CodePage.numbered(936))
    var out: [UInt8] = []
    decoder.append([0x41, 0xFF, 0xFF, 0xC4], 0, 4, to: &out)
    let valid = decoder.flush(to: &out)
    #expect(!valid)
    let text = String(decoding: out, as: UTF8.self)
    #expect(text.hasPrefix("A"))
    #expect(text.contains("\u{FFFD}"))
  }
}
