/// Windows code page 1252 (Western European), the code page Cocoa writes `\'hh`
/// escapes in. Our own table: Foundation's encoders are unreliable on Linux.
enum CodePage1252 {
  /// The largest scalar with a byte in this code page (U+2122 TRADE MARK SIGN): any
  /// scalar above it has none.
  static let largestScalar: UInt32 = 0x2122

  /// `byte(for:)` of every scalar up to `largestScalar`, 0 for none (no scalar from
  /// U+0080 on has byte 0): the writer's escaping looks bytes up here.
  static let bytesByScalar: [UInt8] = (0...largestScalar).map { byte(for: $0) ?? 0 }

  /// The cp1252 byte for a Unicode scalar in 0x80–0xFF's repertoire, or nil when the
  /// scalar is ASCII or has no byte in this code page.
  static func byte(for scalar: UInt32) -> UInt8? {
    if scalar >= 0xA0 && scalar <= 0xFF {
      return UInt8(scalar)
    }
    // Between U+02DC and U+2013 (Greek, Cyrillic, Hebrew, Arabic, …) none has a byte.
    if scalar > 0x02DC && scalar < 0x2013 { return nil }
    switch scalar {
    case 0x20AC: return 0x80
    case 0x201A: return 0x82
    case 0x0192: return 0x83
    case 0x201E: return 0x84
    case 0x2026: return 0x85
    case 0x2020: return 0x86
    case 0x2021: return 0x87
    case 0x02C6: return 0x88
    case 0x2030: return 0x89
    case 0x0160: return 0x8A
    case 0x2039: return 0x8B
    case 0x0152: return 0x8C
    case 0x017D: return 0x8E
    case 0x2018: return 0x91
    case 0x2019: return 0x92
    case 0x201C: return 0x93
    case 0x201D: return 0x94
    case 0x2022: return 0x95
    case 0x2013: return 0x96
    case 0x2014: return 0x97
    case 0x02DC: return 0x98
    case 0x2122: return 0x99
    case 0x0161: return 0x9A
    case 0x203A: return 0x9B
    case 0x0153: return 0x9C
    case 0x017E: return 0x9E
    case 0x0178: return 0x9F
    default: return nil
    }
  }
}
