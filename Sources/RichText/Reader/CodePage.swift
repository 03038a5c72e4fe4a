import CoreFoundation
import Foundation

/// A character encoding for the bytes of `\'hh` escapes and 8-bit text.
///
/// Single-byte Windows, DOS and Mac Roman code pages use the reader's own tables
/// (Foundation's Mac Roman and cp1252 decoders are wrong on Linux); every other code
/// page CoreFoundation knows (the CJK double-byte pages 932, 936, 949 and 950, UTF-8
/// as 65001, …) is decoded by CoreFoundation, a buffer of bytes at a time.
enum CodePage: Equatable, Sendable {
  /// One byte is one character.
  case singleByte(SingleByteCodePage)
  /// Characters span one or more bytes; `encoding` is CoreFoundation's identifier.
  case multiByte(number: Int, encoding: UInt32)

  /// The Windows code page number.
  var number: Int {
    switch self {
    case .singleByte(let page): page.number
    case .multiByte(let number, _): number
    }
  }

  /// Windows code page 1252 (Western European), the RTF default.
  static let windows1252 = CodePage.singleByte(SingleByteCodePage(number: 1252))

  /// The code page with Windows number `number`, or nil when it cannot be decoded.
  static func numbered(_ number: Int) -> CodePage? {
    if SingleByteCodePage.tables[number] != nil {
      return .singleByte(SingleByteCodePage(number: number))
    }
    guard number > 0, number <= Int(UInt32.max) else { return nil }
    let encoding = CFStringConvertWindowsCodepageToEncoding(UInt32(number))
    guard encoding != kCFStringEncodingInvalidId, CFStringIsEncodingAvailable(encoding) else {
      // CoreFoundation on Linux lacks the Mac CJK pages: their Windows
      // counterparts hold the same characters at the same bytes, but for a few
      // Mac-only symbols.
      if let windows = macCJKCounterparts[number] { return numbered(windows) }
      return nil
    }
    return .multiByte(number: number, encoding: encoding)
  }

  /// Mac Japanese, Chinese (traditional), Korean and Chinese (simplified), and the
  /// Windows code pages read in their place.
  static let macCJKCounterparts = [10001: 932, 10002: 950, 10003: 949, 10008: 936]

  /// The code page an RTF `\fcharsetN` stands for, or nil for charsets that mean
  /// "the document's code page" (1 default, 2 symbol) or are unknown. ANSI (0) is
  /// code page 1252 whatever the document's code page, as Word and LibreOffice
  /// read it; 77–89 are the Mac scripts.
  static func number(forCharset charset: Int) -> Int? {
    switch charset {
    case 0: 1252
    case 77: 10000
    case 78: 10001
    case 79: 10003
    case 80: 10008
    case 81: 10002
    case 82: 1361
    case 83: 10005
    case 84: 10004
    case 85: 10006
    case 86: 10081
    case 87: 10021
    case 88: 10029
    case 89: 10007
    case 128: 932
    case 129: 949
    case 130: 1361
    case 134: 936
    case 136: 950
    case 161: 1253
    case 162: 1254
    case 163: 1258
    case 177: 1255
    case 178: 1256
    case 186: 1257
    case 204: 1251
    case 222: 874
    case 238: 1250
    case 254: 437
    case 255: 850
    default: nil
    }
  }

  /// Decodes bytes of a multi-byte code page with CoreFoundation; nil when they
  /// are not valid in it.
  static func decode(_ bytes: [UInt8], encoding: UInt32) -> [UInt16]? {
    guard !bytes.isEmpty else { return [] }
    let string = bytes.withUnsafeBufferPointer { buffer in
      CFStringCreateWithBytes(nil, buffer.baseAddress, buffer.count, encoding, false)
    }
    guard let string else { return nil }
    let length = CFStringGetLength(string)
    guard length > 0 else { return nil }
    var units = [UInt16](repeating: 0, count: length)
    CFStringGetCharacters(string, CFRange(location: 0, length: length), &units)
    return units
  }
}

/// A code page in which every byte is one character, decoded by a table.
struct SingleByteCodePage: Equatable, Sendable {
  /// The Windows code page number (10000 for Mac Roman).
  let number: Int
  /// UTF-16 units of the bytes 0x80–0xFF; bytes below 0x80 are ASCII.
  let upperHalf: [UInt16]

  init(number: Int) {
    self.number = number
    self.upperHalf = Self.tables[number] ?? Self.upperHalf1252
  }

  static func == (lhs: SingleByteCodePage, rhs: SingleByteCodePage) -> Bool {
    lhs.number == rhs.number
  }

  /// The character of `byte`.
  @inline(__always) func scalar(_ byte: UInt8) -> Unicode.Scalar {
    if byte < 0x80 { return Unicode.Scalar(byte) }
    return Unicode.Scalar(upperHalf[Int(byte) - 0x80]) ?? "\u{FFFD}"
  }
}
