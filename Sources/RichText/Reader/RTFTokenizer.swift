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
  /// The error the scan ran into, which `next()` throws.
  private var failure: RTFError?

  /// The longest control word the RTF specification allows.
  static let maxWordLength = 32

  /// The keyword table, held here so a lookup does not go through the lazy global.
  private let keywords = RTFKeyword.table

  init(bytes: [UInt8], start: Int, maxBinaryLength: Int) {
    self.bytes = bytes
    self.position = start
    self.maxBinaryLength = maxBinaryLength
  }

  /// Returns the next token, or `.end` at the end of the input.
  mutating func next() throws(RTFError) -> RTFToken {
    let bytes = self.bytes
    return try bytes.withUnsafeBufferPointer { buffer throws(RTFError) in try next(in: buffer) }
  }

  /// Returns the next token, reading through `bytes`, a buffer pointer over
  /// `self.bytes` that the caller holds for the whole read: no retain of the array
  /// and no bounds check per token or byte.
  @inline(__always)
  mutating func next(in bytes: UnsafeBufferPointer<UInt8>) throws(RTFError) -> RTFToken {
    let token = scan(bytes)
    if let error = failure { throw error }
    return token
  }

  /// The next token; a `\binN` beyond the limit sets `failure` for `next()` to throw.
  @inline(__always)
  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> RTFToken {
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
        return control(bytes)
      } else if isIgnoredControlCharacter(byte) {
        position += 1  // CR, LF and other control characters are not text
      } else {
        return text(bytes)
      }
    }
    tokenStart = count
    return .end
  }

  private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> RTFToken {
    let start = position
    let index = Self.textEnd(bytes, from: position)
    position = index.end
    return .text(start: start, end: index.end, isASCII: index.isASCII)
  }

  /// Where the text starting at `start` ends (the first byte `isTextEnd` stops at,
  /// or the end), and whether it is all ASCII. Eight bytes at a time: a word's first
  /// byte that may end text is found from its lowest flagged bit (`ByteWord`'s tests
  /// are exact up to the first hit); a TAB there is text, and the scan goes on past it.
  @inline(__always)
  static func textEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, isASCII: Bool) {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return (start, true) }
    var index = start
    var high: UInt64 = 0
    while index + 8 <= count {
      let word = ByteWord.load(base, index)
      let special =
        ByteWord.below(word, 0x20) | ByteWord.equal(word, UInt8(ascii: "{"))
        | ByteWord.equal(word, UInt8(ascii: "}")) | ByteWord.equal(word, UInt8(ascii: "\\"))
        | ByteWord.equal(word, 0x7F)
      if special == 0 {
        high |= word
        index += 8
        continue
      }
      let first = special.trailingZeroBitCount >> 3
      // The bytes before the first flagged one are text.
      high |= word & ((1 &<< UInt64(first &* 8)) &- 1)
      index += first
      guard base[index] == 0x09 else { return (index, high & ByteWord.highBits == 0) }
      index += 1
    }
    while index < count {
      let byte = base[index]
      if isTextEnd(byte) { break }
      high |= UInt64(byte)
      index += 1
    }
    return (index, high & ByteWord.highBits == 0)
  }

  private mutating func control(_ bytes: UnsafeBufferPointer<UInt8>) -> RTFToken {
    position += 1  // the backslash
    guard position < bytes.count else { return .end }
    let first = bytes[position]
    if isLetter(first) { return word(bytes) }
    position += 1
    switch first {
    case UInt8(ascii: "'"):
      return hex(bytes)
    case 0x0A, 0x0D:
      return .word(.par, parameter: nil)
    default:
      return .symbol(first)
    }
  }

  private mutating func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> RTFToken {
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

  private mutating func word(_ bytes: UnsafeBufferPointer<UInt8>) -> RTFToken {
    let start = position
    let count = bytes.count
    let (end, hash) = Self.letters(bytes, from: start)
    position = end
    let parameter = readParameter(bytes)
    if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
    guard end - start <= Self.maxWordLength else {
      warn(.controlWordTooLong)
      return .word(nil, parameter: parameter)
    }
    let keyword = keywords.keyword(hash: hash, spelledBy: bytes, start, end)
    if keyword == .bin { return binary(length: parameter ?? 0, count: count) }
    return .word(keyword, parameter: parameter)
  }

  /// A control word the reader's loop over body runs reads without a token.
  struct PlainWord {
    var keyword: RTFKeyword?
    var parameter: Int32?
    /// Just after the word, its parameter and the space that ends it.
    var end: Int
  }

  /// The control word whose backslash is at `backslash` (a letter follows it), read
  /// as `next()` would read it, or nil when `next()` must read it: a word that makes
  /// a warning (too long, a parameter of ten digits or more, which may be out of
  /// range) or that is `\binN`. Moves nothing.
  @inline(__always)
  func plainWord(_ bytes: UnsafeBufferPointer<UInt8>, at backslash: Int) -> PlainWord? {
    let count = bytes.count
    let start = backslash + 1
    let (end, hash) = Self.letters(bytes, from: start)
    var index = end
    guard end - start <= Self.maxWordLength else { return nil }
    var parameter: Int32?
    var digits = index
    if digits < count, bytes[digits] == UInt8(ascii: "-") { digits += 1 }
    if digits < count, isDigit(bytes[digits]) {
      let first = digits
      var value: Int32 = 0
      while digits < count, isDigit(bytes[digits]) {
        guard digits - first < 9 else { return nil }
        value = value &* 10 &+ Int32(bytes[digits] &- UInt8(ascii: "0"))
        digits += 1
      }
      parameter = bytes[index] == UInt8(ascii: "-") ? -value : value
      index = digits
    }
    if index < count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    let keyword = keywords.keyword(hash: hash, spelledBy: bytes, start, end)
    if keyword == .bin { return nil }
    return PlainWord(keyword: keyword, parameter: parameter, end: index)
  }

  /// The `\uN` word whose backslash is at `backslash` (`u` follows it), read as
  /// `plainWord` reads it, or nil when it is another word or its parameter has no
  /// digit or ten or more (`plainWord` reads those). Moves nothing.
  @inline(__always)
  static func unicodeWord(_ bytes: UnsafeBufferPointer<UInt8>, at backslash: Int) -> PlainWord? {
    let count = bytes.count
    var index = backslash + 2
    guard index < count else { return nil }
    let negative = bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    guard index < count, isDigit(bytes[index]) else { return nil }
    let first = index
    var value: Int32 = 0
    while index < count, isDigit(bytes[index]) {
      guard index - first < 9 else { return nil }
      value = value &* 10 &+ Int32(bytes[index] &- UInt8(ascii: "0"))
      index += 1
    }
    if index < count, bytes[index] == UInt8(ascii: " ") { index += 1 }
    return PlainWord(keyword: .u, parameter: negative ? -value : value, end: index)
  }

  /// Where the run of letters from `start` ends, and their hash for the keyword table
  /// (hashed as they are scanned).
  @inline(__always)
  private static func letters(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, hash: UInt64) {
    var index = start
    var hash = RTFKeyword.hashSeed
    while index < bytes.count, isLetter(bytes[index]) {
      hash = RTFKeyword.hashStep(hash, bytes[index])
      index += 1
    }
    return (index, hash)
  }

  /// Moves on to `offset`, past bytes the reader read itself; `start` is where the
  /// last item it read there started (what `tokenStart` says after a token).
  @inline(__always)
  mutating func advance(to offset: Int, tokenStart start: Int) {
    position = offset
    tokenStart = start
  }

  /// Reads `-?[0-9]+`, clamping values outside the 32-bit range (any number of
  /// digits is consumed, none can overflow).
  @inline(__always)
  private mutating func readParameter(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
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

  private mutating func binary(length: Int32, count: Int) -> RTFToken {
    guard length >= 0, Int(length) <= maxBinaryLength else {
      failure = .binaryTooLong(length: Int(length), limit: maxBinaryLength, offset: tokenStart)
      return .end
    }
    let start = position
    let available = count - start
    if Int(length) > available {
      warn(.truncatedBinary)
      position = count
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

/// Ends a text token: `{`, `}`, `\\`, and the bytes `isIgnoredControlCharacter` skips.
@inline(__always) private func isTextEnd(_ byte: UInt8) -> Bool {
  byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\\")
    || isIgnoredControlCharacter(byte)
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

extension RTFTokenizer {
  /// Whether `byte` is a letter of a control word.
  @inline(__always) static func isWordLetter(_ byte: UInt8) -> Bool { isLetter(byte) }
  /// Whether `byte` is a control character the tokenizer skips (never text).
  @inline(__always) static func isSkippedControlCharacter(_ byte: UInt8) -> Bool {
    isIgnoredControlCharacter(byte)
  }
  /// The value of the hexadecimal digit `byte`, or nil.
  @inline(__always) static func hexDigitValue(_ byte: UInt8) -> UInt8? { hexValue(byte) }
}
