/// The bytes of an RTF file being written, with the primitives every part of the
/// writer shares: control words, numbers and escaped text.
///
/// Everything appended is 7-bit ASCII.
struct RTFByteBuffer {
  /// The output so far.
  var bytes: [UInt8] = []

  /// Whether the last thing written was a `\uN ` escape of the current text stretch;
  /// Cocoa writes `\uc0` once before each stretch of `\u` escapes, not before each one.
  private var isInUnicodeStretch = false

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends ASCII text verbatim (control words, braces, table syntax).
  mutating func raw(_ text: StaticString) {
    isInUnicodeStretch = false
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends ASCII text verbatim.
  mutating func raw(_ text: String) {
    isInUnicodeStretch = false
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends one ASCII byte verbatim.
  mutating func byte(_ byte: UInt8) {
    isInUnicodeStretch = false
    bytes.append(byte)
  }

  /// Appends a control word with a numeric parameter, such as `\fs24`.
  mutating func word(_ name: StaticString, _ parameter: Int) {
    raw(name)
    number(parameter)
  }

  /// Appends a decimal number (with a leading `-` when negative).
  mutating func number(_ value: Int) {
    isInUnicodeStretch = false
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
    }
    var magnitude = value.magnitude
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude))
      return
    }
    // Digits from the last, into a buffer of the widest number, then copied once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var first = 20
      repeat {
        first -= 1
        digits[first] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first..<20]))
    }
  }

  /// Appends a control word the model keeps as it was read, such as `\expnd0`.
  mutating func control(_ control: OpaqueControl) {
    isInUnicodeStretch = false
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(contentsOf: control.name.utf8)
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

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>, usesCodePage1252: Bool) {
    do {
      var index = 0
      let count = utf8.count
      while index < count {
        let lead = utf8[index]
        if lead < 0x80 {
          // Copy a stretch of characters that need no escape in one go.
          let end = Self.plainEnd(utf8, from: index)
          if end > index {
            isInUnicodeStretch = false
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
            index = end
            continue
          }
          index += 1
          asciiCharacter(lead)
          continue
        }
        // Decode one scalar from well-formed UTF-8 (Swift strings are always valid).
        var scalar: UInt32
        if lead < 0xE0 {
          scalar = (UInt32(lead & 0x1F) << 6) | UInt32(utf8[index + 1] & 0x3F)
          index += 2
        } else if lead < 0xF0 {
          scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[index + 1] & 0x3F) << 6)
          scalar |= UInt32(utf8[index + 2] & 0x3F)
          index += 3
        } else {
          scalar = (UInt32(lead & 0x07) << 18) | (UInt32(utf8[index + 1] & 0x3F) << 12)
          scalar |= (UInt32(utf8[index + 2] & 0x3F) << 6) | UInt32(utf8[index + 3] & 0x3F)
          index += 4
        }
        if scalar == 0x2028 {
          // A line break inside a paragraph: every reader knows `\line`, while
          // some show `\u8232` as a box.
          raw("\\line ")
        } else if usesCodePage1252, let code = CodePage1252.byte(for: scalar) {
          hexEscape(code)
        } else {
          unicodeEscape(scalar)
        }
      }
    }
  }

  /// The end of the stretch of `isPlain` bytes at `start`: eight bytes at a time
  /// while none of them can need an escape, byte by byte through a word that may.
  @inline(__always)
  static func plainEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = utf8.count
    guard let base = utf8.baseAddress else { return start }
    var index = start
    while index < count {
      while index + 8 <= count {
        let word = ByteWord.load(base, index)
        let special =
          ByteWord.below(word, 0x20) | (word & ByteWord.highBits) | ByteWord.equal(word, 0x7F)
          | ByteWord.equal(word, UInt8(ascii: "\\")) | ByteWord.equal(word, UInt8(ascii: "{"))
          | ByteWord.equal(word, UInt8(ascii: "}"))
        if special != 0 { break }
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

  private mutating func asciiCharacter(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
      isInUnicodeStretch = false
      bytes.append(UInt8(ascii: "\\"))
      bytes.append(byte)
    case 0x09, 0x20..<0x7F:
      isInUnicodeStretch = false
      bytes.append(byte)
    default:
      // Other C0 controls and DEL cannot appear raw in RTF text.
      unicodeEscape(UInt32(byte))
    }
  }

  /// Appends `\'hh` with lower-case hex digits, as Cocoa writes them.
  mutating func hexEscape(_ code: UInt8) {
    isInUnicodeStretch = false
    bytes.append(UInt8(ascii: "\\"))
    bytes.append(UInt8(ascii: "'"))
    bytes.append(Self.hexDigits[Int(code >> 4)])
    bytes.append(Self.hexDigits[Int(code & 0x0F)])
  }

  /// Appends `\uc0\uN ` (the `\uc0` only at the start of a stretch), as UTF-16 units.
  mutating func unicodeEscape(_ scalar: UInt32) {
    if !isInUnicodeStretch {
      raw("\\uc0")
    }
    if scalar > 0xFFFF {
      let value = scalar - 0x10000
      unit(0xD800 + (value >> 10))
      unit(0xDC00 + (value & 0x3FF))
    } else {
      unit(scalar)
    }
    isInUnicodeStretch = true
  }

  private mutating func unit(_ value: UInt32) {
    raw("\\u")
    number(Int(value))
    bytes.append(UInt8(ascii: " "))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
