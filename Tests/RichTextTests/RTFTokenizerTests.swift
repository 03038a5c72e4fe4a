import Testing

@testable import RichText

@Suite("RTF tokenizer")
struct RTFTokenizerTests {
  private func tokens(_ rtf: String, maxBinaryLength: Int = 1 << 20) throws -> [RTFToken] {
    var tokenizer = RTFTokenizer(bytes: Array(rtf.utf8), start: 0, maxBinaryLength: maxBinaryLength)
    var result: [RTFToken] = []
    while true {
      let token = try tokenizer.next()
      if token == .end { return result }
      result.append(token)
    }
  }

  struct Case: Sendable, CustomStringConvertible {
    var rtf: String
    var expected: [RTFToken]
    var description: String { rtf }
  }

  static let cases: [Case] = [
    Case(rtf: "{}", expected: [.groupStart, .groupEnd]),
    Case(rtf: "\\b0 x", expected: [.word(.b, parameter: 0), .text(start: 4, end: 5, isASCII: true)]),
    Case(rtf: "\\li-360\\fi", expected: [.word(.li, parameter: -360), .word(.fi, parameter: nil)]),
    Case(rtf: "\\par  two", expected: [.word(.par, parameter: nil), .text(start: 5, end: 9, isASCII: true)]),
    Case(rtf: "\\foo12;", expected: [.word(nil, parameter: 12), .text(start: 6, end: 7, isASCII: true)]),
    Case(rtf: "\\u-", expected: [.word(.u, parameter: nil), .text(start: 2, end: 3, isASCII: true)]),
    Case(rtf: "\\CocoaLigature0", expected: [.word(.cocoaLigature, parameter: 0)]),
    Case(rtf: "\\'e9\\'4A", expected: [.hex(0xE9), .hex(0x4A)]),
    Case(rtf: "\\~\\-\\_\\{\\}\\\\\\*", expected: [.symbol(126), .symbol(45), .symbol(95), .symbol(123), .symbol(125), .symbol(92), .symbol(42)]),
    Case(rtf: "a\\\nb", expected: [.text(start: 0, end: 1, isASCII: true), .word(.par, parameter: nil), .text(start: 3, end: 4, isASCII: true)]),
    Case(rtf: "a\\\rb", expected: [.text(start: 0, end: 1, isASCII: true), .word(.par, parameter: nil), .text(start: 3, end: 4, isASCII: true)]),
    Case(rtf: "a\r\nb\tc", expected: [.text(start: 0, end: 1, isASCII: true), .text(start: 3, end: 6, isASCII: true)]),
    Case(rtf: "caf\u{E9}", expected: [.text(start: 0, end: 5, isASCII: false)]),
    Case(rtf: "\\bin3 {}\\x", expected: [.binary(start: 6, end: 9), .text(start: 9, end: 10, isASCII: true)]),
    Case(rtf: "\\bin0 x", expected: [.binary(start: 6, end: 6), .text(start: 6, end: 7, isASCII: true)]),
    Case(rtf: "\\'3?", expected: [.invalidHex, .text(start: 3, end: 4, isASCII: true)]),
    Case(rtf: "\\'", expected: [.invalidHex]),
    Case(rtf: "x\\", expected: [.text(start: 0, end: 1, isASCII: true)]),
  ]

  @Test("splits RTF into tokens", arguments: cases)
  func splits(_ testCase: Case) throws {
    #expect(try tokens(testCase.rtf) == testCase.expected)
  }

  @Test("parameters with 20 digits are clamped to 32 bits with a warning")
  func clampsParameters() throws {
    var tokenizer = RTFTokenizer(
      bytes: Array("\\fs12345678901234567890\\li-99999999999999999999 ".utf8), start: 0, maxBinaryLength: 10)
    let first = try tokenizer.next()
    let second = try tokenizer.next()
    #expect(first == .word(.fs, parameter: Int32.max))
    #expect(second == .word(.li, parameter: Int32.min))
    #expect(tokenizer.warnings.entries.map(\.kind) == [.parameterOutOfRange, .parameterOutOfRange])
  }

  @Test("a control word longer than 32 letters is consumed whole and reported as unknown")
  func capsWordLength() throws {
    let long = String(repeating: "b", count: 33)
    var tokenizer = RTFTokenizer(bytes: Array("\\\(long)1 x".utf8), start: 0, maxBinaryLength: 10)
    let word = try tokenizer.next()
    let text = try tokenizer.next()
    #expect(word == .word(nil, parameter: 1))
    #expect(text == .text(start: 36, end: 37, isASCII: true))
    #expect(tokenizer.warnings.entries.map(\.kind) == [.controlWordTooLong])
    #expect(try tokens("\\" + String(repeating: "b", count: 32)) == [.word(nil, parameter: nil)])
  }

  @Test("\\bin longer than the input stops at the end with a warning")
  func binaryOverrun() throws {
    var tokenizer = RTFTokenizer(bytes: Array("\\bin100 abc".utf8), start: 0, maxBinaryLength: 1000)
    let binary = try tokenizer.next()
    let end = try tokenizer.next()
    #expect(binary == .binary(start: 8, end: 11))
    #expect(end == .end)
    #expect(tokenizer.warnings.entries.map(\.kind) == [.truncatedBinary])
  }

  @Test("\\bin longer than the limit or negative is an error with its offset")
  func binaryLimit() throws {
    #expect(throws: RTFError.binaryTooLong(length: 11, limit: 10, offset: 1)) {
      try tokens("x\\bin11 abc", maxBinaryLength: 10)
    }
    #expect(throws: RTFError.binaryTooLong(length: -1, limit: 10, offset: 0)) {
      try tokens("\\bin-1 abc", maxBinaryLength: 10)
    }
  }

  @Test("no two keywords share a hash, and every keyword is found by its spelling")
  func keywordTable() {
    var seen: [UInt64: RTFKeyword] = [:]
    for keyword in RTFKeyword.allCases {
      let spelling = Array(keyword.rawValue.utf8)
      let hash = RTFKeyword.hash(spelling, 0, spelling.count)
      #expect(seen[hash] == nil, "\(keyword) collides with \(String(describing: seen[hash]))")
      seen[hash] = keyword
      #expect(RTFKeyword.lookUp(spelling, 0, spelling.count) == keyword)
      #expect(spelling.count <= RTFTokenizer.maxWordLength)
    }
  }
}
