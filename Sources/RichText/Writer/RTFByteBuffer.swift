/// The bytes of an RTF file being written, with the primitives every part of the
/// writer shares: control words, numbers and escaped text.
///
/// Everything appended is 7-bit ASCII. The buffer grows by doubling and is written
/// in place: a control word, a number or a stretch of text is one capacity check and
/// a few stores, never a `String` or an array of its own.
struct RTFByteBuffer {
  /// The bytes written (`count` of them), then room up to the capacity that is never
  /// read (it is not zeroed, so pages of an estimate that is not reached are never
  /// touched).
  private var storage: [UInt8]
  /// How many bytes have been written.
  private(set) var count = 0

  /// Whether the last thing written was a `\uN ` escape of the current text stretch;
  /// Cocoa writes `\uc0` once before each stretch of `\u` escapes, not before each one.
  private var isInUnicodeStretch = false

  init(capacity: Int) {
    storage = Self.room(max(capacity, 64))
  }

  /// An array of `count` bytes left as the allocator gives them: `UInt8` is trivial,
  /// and only the bytes below `count` written since are ever read or copied.
  private static func room(_ count: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// A copy of the output so far.
  var bytes: [UInt8] { Array(storage[..<count]) }

  /// Whether nothing has been written.
  var isEmpty: Bool { count == 0 }

  /// The output, handed over without a copy; the buffer is left empty.
  mutating func finished() -> [UInt8] {
    var result: [UInt8] = []
    swap(&result, &storage)
    result.removeLast(result.count - count)
    count = 0
    isInUnicodeStretch = false
    return result
  }

  /// Appends ASCII text verbatim (control words, braces, table syntax).
  mutating func raw(_ text: StaticString) {
    isInUnicodeStretch = false
    let length = text.utf8CodeUnitCount
    write(upTo: length) { out in
      out.update(from: text.utf8Start, count: length)
      return length
    }
  }

  /// Appends ASCII text verbatim.
  mutating func raw(_ text: String) {
    isInUnicodeStretch = false
    append(contentsOf: text.utf8)
  }

  /// Appends bytes verbatim (RTF kept as it was read).
  mutating func append(contentsOf bytes: some Collection<UInt8>) {
    isInUnicodeStretch = false
    let length = bytes.count
    guard length > 0 else { return }
    write(upTo: length) { out in
      _ = UnsafeMutableBufferPointer(start: out, count: length).initialize(from: bytes)
      return length
    }
  }

  /// Appends one ASCII byte verbatim.
  mutating func byte(_ byte: UInt8) {
    isInUnicodeStretch = false
    write(upTo: 1) { out in
      out.pointee = byte
      return 1
    }
  }

  /// Appends a control word with a numeric parameter, such as `\fs24`.
  mutating func word(_ name: StaticString, _ parameter: Int) {
    isInUnicodeStretch = false
    let length = name.utf8CodeUnitCount
    write(upTo: length + 20) { out in
      out.update(from: name.utf8Start, count: length)
      return length + Self.decimal(parameter, at: out + length)
    }
  }

  /// Appends a decimal number (with a leading `-` when negative).
  mutating func number(_ value: Int) {
    isInUnicodeStretch = false
    write(upTo: 20) { out in Self.decimal(value, at: out) }
  }

  /// Appends a control word the model keeps as it was read, such as `\expnd0`.
  mutating func control(_ control: OpaqueControl) {
    byte(UInt8(ascii: "\\"))
    append(contentsOf: control.name.utf8)
    if let parameter = control.parameter { number(parameter) }
  }

  /// Appends `text` as RTF body text: printable ASCII as is (with `\\`, `\{`, `\}`
  /// escaped), TAB raw, U+2028 as `\line`, characters of code page 1252 as `\'hh` when `usesCodePage1252`,
  /// and everything else as `\uc0\uN ` (one `\u` per UTF-16 code unit).
  mutating func text(_ text: String, usesCodePage1252: Bool) {
    // Native strings are contiguous UTF-8; a bridged one is made so first.
    if text.utf8.withContiguousStorageIfAvailable({ escape($0, usesCodePage1252: usesCodePage1252) }) != nil {
      return
    }
    var copy = text
    copy.withUTF8 { escape($0, usesCodePage1252: usesCodePage1252) }
  }

  /// The most bytes one byte of UTF-8 text becomes: a C0 control is `\uc0\u31 `
  /// (10 bytes for 1); a longer scalar is fewer per byte (`\uc0\u65535 ` for 3,
  /// `\uc0\u55357 \u56832 ` for 4, `\'e9` or `\uc0\u2047 ` for 2).
  private static let maximumEscapeGrowth = 10

  /// Input bytes escaped per capacity check, so a long text needs no room for all of
  /// it at its worst at once.
  private static let escapeChunk = 4096

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, usesCodePage1252: Bool) {
    CodePage1252.bytesByScalar.withUnsafeBufferPointer { codePage in
      escape(utf8, usesCodePage1252: usesCodePage1252, codePage: codePage)
    }
  }

  /// `escape(_:usesCodePage1252:)` with `CodePage1252.bytesByScalar` at hand.
  @inline(__always)
  private mutating func escape(
    _ utf8: UnsafeBufferPointer<UInt8>, usesCodePage1252: Bool, codePage: UnsafeBufferPointer<UInt8>
  ) {
    guard let source = utf8.baseAddress else { return }
    let total = utf8.count
    var position = 0
    var inStretch = isInUnicodeStretch
    while position < total {
      let chunkEnd = min(total, position + Self.escapeChunk)
      // One item (eight plain bytes, or a scalar) may run up to 16 bytes past the chunk.
      let room = (chunkEnd - position + 16) * Self.maximumEscapeGrowth
      write(upTo: room) { start in
        // Local copies, kept in registers while the chunk is escaped.
        var index = position
        var stretch = inStretch
        var out = start
        defer {
          position = index
          inStretch = stretch
        }
        while index < chunkEnd {
          if index + 8 <= total {
            // Eight bytes are copied as they are read, and kept up to the first that
            // may need an escape (the room allows the eight).
            let word = ByteWord.load(source, index)
            UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)
            let special = Self.specialBytes(word)
            if special == 0 {
              index += 8
              out += 8
              stretch = false
              continue
            }
            // The lowest flagged byte is exact (see `ByteWord`).
            let plain = special.trailingZeroBitCount >> 3
            if plain > 0 {
              index += plain
              out += plain
              stretch = false
            }
          }
          // One item: a byte that may need an escape (a TAB does not), a scalar of
          // more than one byte, or one of the last bytes.
          let lead = source[index]
          if lead < 0x80 {
            index += 1
            if Self.isPlain(lead) {
              out.pointee = lead
              out += 1
              stretch = false
            } else if lead == UInt8(ascii: "\\") || lead == UInt8(ascii: "{") || lead == UInt8(ascii: "}") {
              out[0] = UInt8(ascii: "\\")
              out[1] = lead
              out += 2
              stretch = false
            } else {
              // Other C0 controls and DEL cannot appear raw in RTF text.
              out = Self.unicodeEscape(UInt32(lead), at: out, stretch: &stretch)
            }
            continue
          }
          // One scalar from well-formed UTF-8 (Swift strings are always valid).
          var scalar: UInt32
          if lead < 0xE0 {
            scalar = (UInt32(lead & 0x1F) << 6) | UInt32(source[index + 1] & 0x3F)
            index += 2
          } else if lead < 0xF0 {
            scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(source[index + 1] & 0x3F) << 6)
            scalar |= UInt32(source[index + 2] & 0x3F)
            index += 3
          } else {
            scalar = (UInt32(lead & 0x07) << 18) | (UInt32(source[index + 1] & 0x3F) << 12)
            scalar |= (UInt32(source[index + 2] & 0x3F) << 6) | UInt32(source[index + 3] & 0x3F)
            index += 4
          }
          if scalar == 0x2028 {
            // A line break inside a paragraph: every reader knows `\line`, while
            // some show `\u8232` as a box.
            out = Self.copy("\\line ", to: out)
            stretch = false
          } else if usesCodePage1252, scalar <= CodePage1252.largestScalar, codePage[Int(scalar)] != 0 {
            out = Self.hexEscape(codePage[Int(scalar)], at: out)
            stretch = false
          } else {
            out = Self.unicodeEscape(scalar, at: out, stretch: &stretch)
          }
        }
        return out - start
      }
    }
    isInUnicodeStretch = inStretch
  }

  /// Whether some byte of `word` may need an escape: a control (TAB among them,
  /// which does not), DEL, a byte of a non-ASCII character, `\`, `{` or `}` (or is
  /// `|` or `~`, which do not).
  @inline(__always)
  private static func mayNeedEscape(_ word: UInt64) -> Bool {
    specialBytes(word) != 0
  }

  /// The high bit of each byte of `word` that may need an escape (as
  /// `mayNeedEscape`, and `|` and `~`, which the byte path writes as they are), exact
  /// for every byte.
  ///
  /// Each byte's low seven bits are added to a constant that carries into its high
  /// bit exactly when the byte is at least 0x20, or at least 0x7B (`{ | } ~` and
  /// DEL), or differs from `\`; no sum carries into the next byte.
  @inline(__always)
  private static func specialBytes(_ word: UInt64) -> UInt64 {
    let low = word & ~ByteWord.highBits
    let printable = low &+ 0x6060_6060_6060_6060
    let braceOrAbove = low &+ 0x0505_0505_0505_0505
    let notBackslash = (low ^ 0x5C5C_5C5C_5C5C_5C5C) &+ 0x7F7F_7F7F_7F7F_7F7F
    return (~printable | braceOrAbove | ~notBackslash | word) & ByteWord.highBits
  }

  /// The end of the stretch of `isPlain` bytes at `start`: eight bytes at a time
  /// while none of them can need an escape, byte by byte through a word that may.
  @inline(__always)
  static func plainEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = utf8.count
    guard let base = utf8.baseAddress else { return start }
    var index = start
    while index < count {
      while index + 8 <= count, !mayNeedEscape(ByteWord.load(base, index)) {
        index += 8
      }
      // A word that may hold a byte to escape (a TAB needs none), or the last bytes.
      let stop = min(count, index + 8)
      while index < stop {
        if !isPlain(base[index]) { return index }
        index += 1
      }
    }
    return index
  }

  /// Printable ASCII and TAB other than `\ { }`: written as they are.
  @inline(__always)
  static func isPlain(_ byte: UInt8) -> Bool {
    (byte >= 0x20 && byte < 0x7F && byte != 0x5C && byte != 0x7B && byte != 0x7D) || byte == 0x09
  }

  /// Appends `\'hh` with lower-case hex digits, as Cocoa writes them.
  mutating func hexEscape(_ code: UInt8) {
    isInUnicodeStretch = false
    write(upTo: 4) { out in Self.hexEscape(code, at: out) - out }
  }

  /// Appends `\uc0\uN ` (the `\uc0` only at the start of a stretch), as UTF-16 units.
  mutating func unicodeEscape(_ scalar: UInt32) {
    var stretch = isInUnicodeStretch
    write(upTo: 24) { out in Self.unicodeEscape(scalar, at: out, stretch: &stretch) - out }
    isInUnicodeStretch = stretch
  }

  // MARK: - Writing in place

  /// Makes room for `maximum` more bytes, lets `body` write them at the end of the
  /// output, and counts the bytes it says it wrote.
  @inline(__always)
  private mutating func write(upTo maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if count + maximum > storage.count { grow(toHold: count + maximum) }
    let start = count
    let written = storage.withUnsafeMutableBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return body(base + start)
    }
    count += written
  }

  /// Doubles the capacity (at least), so appending stays amortised O(1) per byte.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    var grown = Self.room(max(needed, storage.count * 2))
    let written = count
    grown.withUnsafeMutableBufferPointer { target in
      storage.withUnsafeBufferPointer { source in
        guard let to = target.baseAddress, let from = source.baseAddress else { return }
        to.update(from: from, count: written)
      }
    }
    storage = grown
  }

  /// Writes `\'hh` at `out`; gives the position after it.
  @inline(__always)
  private static func hexEscape(_ code: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = UInt8(ascii: "\\")
    out[1] = UInt8(ascii: "'")
    out[2] = hexDigit(code >> 4)
    out[3] = hexDigit(code & 0x0F)
    return out + 4
  }

  @inline(__always)
  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
  }

  /// Writes `\uc0` (unless `stretch`) and `\uN ` per UTF-16 unit of `scalar` at `out`;
  /// gives the position after them.
  @inline(__always)
  private static func unicodeEscape(
    _ scalar: UInt32, at out: UnsafeMutablePointer<UInt8>, stretch: inout Bool
  ) -> UnsafeMutablePointer<UInt8> {
    var out = out
    if !stretch { out = copy("\\uc0", to: out) }
    stretch = true
    if scalar > 0xFFFF {
      let value = scalar - 0x10000
      out = unit(0xD800 + (value >> 10), at: out)
      return unit(0xDC00 + (value & 0x3FF), at: out)
    }
    return unit(scalar, at: out)
  }

  /// Writes `\uN ` for a UTF-16 unit at `out`; gives the position after it.
  @inline(__always)
  private static func unit(_ value: UInt32, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    out[0] = UInt8(ascii: "\\")
    out[1] = UInt8(ascii: "u")
    // At most five digits, counted by comparing rather than dividing, and written
    // two at a time from the last.
    let length = value >= 10_000 ? 5 : value >= 1_000 ? 4 : value >= 100 ? 3 : value >= 10 ? 2 : 1
    let pairs = digitPairs.utf8Start
    var rest = value
    var position = 2 + length
    while rest >= 100 {
      let pair = Int(rest % 100) &* 2
      rest /= 100
      position -= 2
      out[position] = pairs[pair]
      out[position + 1] = pairs[pair + 1]
    }
    if rest >= 10 {
      let pair = Int(rest) &* 2
      out[position - 2] = pairs[pair]
      out[position - 1] = pairs[pair + 1]
    } else {
      out[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
    }
    out[2 + length] = UInt8(ascii: " ")
    return out + 3 + length
  }

  /// "00" to "99", two bytes each.
  private static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  @inline(__always)
  private static func copy(_ text: StaticString, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    let length = text.utf8CodeUnitCount
    out.update(from: text.utf8Start, count: length)
    return out + length
  }

  /// Writes `value` in decimal at `out` (at most 20 bytes); gives how many.
  @inline(__always)
  private static func decimal(_ value: Int, at out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    var out = out
    var length = 0
    if value < 0 {
      out.pointee = UInt8(ascii: "-")
      out += 1
      length = 1
    }
    if magnitude < 10 {
      out.pointee = UInt8(ascii: "0") &+ UInt8(magnitude)
      return length + 1
    }
    var digits = 0
    var rest = magnitude
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    var position = digits
    while position > 0 {
      position -= 1
      out[position] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
      magnitude /= 10
    }
    return length + digits
  }
}
