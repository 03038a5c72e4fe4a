/// One lexical unit of an RTF document.
enum RTFToken: Equatable {
  /// `{`.
  case groupStart
  /// `}`.
  case groupEnd
  /// A control word; `keyword` is nil for words the reader does not know (and for
  /// words longer than 32 letters). `\` followed by CR or LF is reported as `\par`.
  case word(RTFKeyword?, parameter: Int32?)
  /// A control symbol: `\` and one byte that is not a letter, `'`, CR or LF.
  case symbol(UInt8)
  /// `\'hh`: one byte in the current code page.
  case hex(UInt8)
  /// `\'` without two hexadecimal digits.
  case invalidHex
  /// Literal text `bytes[start..<end]`, without CR, LF and other control
  /// characters except TAB; `isASCII` when no byte is 0x80 or above.
  case text(start: Int, end: Int, isASCII: Bool)
  /// The payload of `\binN`, `bytes[start..<end]`.
  case binary(start: Int, end: Int)
  /// The end of the input.
  case end
}

/// Splits RTF bytes into tokens, one at a time, without recursion.
///
/// The tokenizer knows nothing about groups or destinations except `\binN`, whose
/// payload it always skips by length, so binary data can never be misread as
/// braces, even inside skipped destinations.
struct RTFTokenizer {
  let bytes: [UInt8]
  let maxBinaryLength: Int
  /// The offset of the next byte to read.
  private(set) var position: Int
  /// The offset where the last token returned by `next()` started.
  private(set) var tokenStart: Int = 0
  /// Problems found while splitting, in input order.
  private(set) var warnings = WarningLog()

  /// The longest control word the RTF specification allows.
  static let maxWordLength = 32

  init(bytes: [UInt8], start: Int, maxBinaryLength: Int) {
    self.bytes = bytes
    self.position = start
    self.maxBinaryLength = maxBinaryLength
  }

  /// Returns the next token, or `.end` at the end of the input.
  mutating func next() throws(RTFError) -> RTFToken {
    let count = bytes.count
    while position < count {
      let byte = bytes[position]
      tokenStart = position
      if byte == UInt8(ascii: "{") {
        position += 1
        return .groupStart
      } else if byte == UInt8(ascii: "}") {
        position += 1
        return .groupEnd
      } else if byte == UInt8(ascii: "\\") {
        return try control()
      } else if isIgnoredControlCharacter(byte) {
        position += 1  // CR, LF and other control characters are not text
      } else {
        return text()
      }
    }
    tokenStart = count
    return .end
  }

  private mutating func text() -> RTFToken {
    let start = position
    var high: UInt8 = 0
    let count = bytes.count
    while position < count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\\")
        || isIgnoredControlCharacter(byte)
      {
        break
      }
      high |= byte
      position += 1
    }
    return .text(start: start, end: position, isASCII: high < 0x80)
  }

  private mutating func control() throws(RTFError) -> RTFToken {
    position += 1  // the backslash
    guard position < bytes.count else { return .end }
    let first = bytes[position]
    if isLetter(first) { return try word() }
    position += 1
    switch first {
    case UInt8(ascii: "'"):
      return hex()
    case 0x0A, 0x0D:
      return .word(.par, parameter: nil)
    default:
      return .symbol(first)
    }
  }

  private mutating func hex() -> RTFToken {
    guard position < bytes.count, let high = hexValue(bytes[position]) else {
      warn(.invalidHex)
      return .invalidHex
    }
    position += 1
    guard position < bytes.count, let low = hexValue(bytes[position]) else {
      warn(.invalidHex)
      return .invalidHex
    }
    position += 1
    return .hex(high << 4 | low)
  }

  private mutating func word() throws(RTFError) -> RTFToken {
    let start = position
    let count = bytes.count
    while position < count, isLetter(bytes[position]) { position += 1 }
    let end = position
    let parameter = readParameter()
    if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
    guard end - start <= Self.maxWordLength else {
      warn(.controlWordTooLong)
      return .word(nil, parameter: parameter)
    }
    let keyword = RTFKeyword.lookUp(bytes, start, end)
    if keyword == .bin { return try binary(length: parameter ?? 0) }
    return .word(keyword, parameter: parameter)
  }

  /// Reads `-?[0-9]+`, clamping values outside the 32-bit range (any number of
  /// digits is consumed, none can overflow).
  private mutating func readParameter() -> Int32? {
    let count = bytes.count
    var index = position
    var negative = false
    if index < count, bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard index < count, isDigit(bytes[index]) else { return nil }
    var value: Int64 = 0
    var clamped = false
    while index < count, isDigit(bytes[index]) {
      if value <= Int64(Int32.max) + 1 {
        value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
      } else {
        clamped = true
      }
      index += 1
    }
    position = index
    if negative { value = -value }
    if value > Int64(Int32.max) || value < Int64(Int32.min) || clamped {
      warn(.parameterOutOfRange)
      return negative ? Int32.min : Int32.max
    }
    return Int32(value)
  }

  private mutating func binary(length: Int32) throws(RTFError) -> RTFToken {
    guard length >= 0, Int(length) <= maxBinaryLength else {
      throw .binaryTooLong(length: Int(length), limit: maxBinaryLength, offset: tokenStart)
    }
    let start = position
    let available = bytes.count - start
    if Int(length) > available {
      warn(.truncatedBinary)
      position = bytes.count
    } else {
      position += Int(length)
    }
    return .binary(start: start, end: position)
  }

  private mutating func warn(_ kind: RTFWarning.Kind) {
    warnings.add(kind, at: tokenStart)
  }
}

/// C0 control characters except TAB, and DEL: never text.
@inline(__always) private func isIgnoredControlCharacter(_ byte: UInt8) -> Bool {
  (byte < 0x20 && byte != 0x09) || byte == 0x7F
}

@inline(__always) private func isLetter(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

@inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

@inline(__always) private func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}
