/// Splits text into the tokens a person edits: words, runs of spaces, single
/// punctuation marks and symbols, single CJK/Kana/Hangul/Thai characters, and line
/// and paragraph breaks.
///
/// Words are letters, digits and combining marks, with `'` and `’` kept inside a
/// word. Combining marks, variation selectors, emoji modifiers and zero-width joiners
/// stay with the character they belong to, so an emoji sequence is one token.
/// Every scalar belongs to exactly one token; the tokens cover the text in order.
public enum WordTokenizer {
  /// What a token is.
  public enum Kind: Hashable, Sendable {
    /// Letters and digits.
    case word
    /// Spaces and tabs.
    case whitespace
    /// A line feed, carriage return or U+2028 / U+2029 separator.
    case lineBreak
    /// Anything else: punctuation, a symbol, an emoji, one ideograph.
    case other
  }

  /// The tokens of `scalars`, as ranges of indices into it.
  ///
  /// - Complexity: O(n).
  public static func tokens(of scalars: [Unicode.Scalar]) -> [(range: Range<Int>, kind: Kind)] {
    var tokens: [(range: Range<Int>, kind: Kind)] = []
    tokens.reserveCapacity(scalars.count / 3 + 1)
    scalars.withUnsafeBufferPointer { scalars in
      let count = scalars.count
      var index = 0
      while index < count {
        let start = index
        let kind = self.fastKind(of: scalars[index])
        index += 1
        switch kind {
        case .word where !isIdeographic(scalars[start]):
          while index < count {
            let scalar = scalars[index]
            if isWordContinuation(scalar) {
              index += 1
            } else if (scalar == "'" || scalar == "\u{2019}") && index + 1 < count
              && fastKind(of: scalars[index + 1]) == .word && !isIdeographic(scalars[index + 1])
            {
              index += 2
            } else {
              break
            }
          }
        case .whitespace:
          while index < count && fastKind(of: scalars[index]) == .whitespace { index += 1 }
        case .lineBreak:
          break
        case .word, .other:
          while index < count {
            if isAttached(scalars[index]) {
              index += 1
            } else if scalars[index - 1] == "\u{200D}" && kind != .word {
              index += 1  // the character a zero-width joiner joins
            } else {
              break
            }
          }
        }
        tokens.append((start..<index, kind))
      }
    }
    return tokens
  }

  /// `kind(of:)`, without its checks for ASCII.
  @inline(__always)
  private static func fastKind(of scalar: Unicode.Scalar) -> Kind {
    scalar.value < 0x80 ? asciiKind(scalar.value) : kind(of: scalar)
  }

  /// `kind(of:)` of an ASCII scalar.
  @inline(__always)
  private static func asciiKind(_ value: UInt32) -> Kind {
    switch value {
    case 0x0A, 0x0D, 0x0B, 0x0C: .lineBreak
    case 0x20, 0x09: .whitespace
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: .word
    default: .other
    }
  }

  /// Whether `scalar` goes on a word (not ideographic) that is being read: a word
  /// scalar that is not ideographic, or an attached one.
  @inline(__always)
  private static func isWordContinuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiKind(scalar.value) == .word }
    return kind(of: scalar) == .word && !isIdeographic(scalar) || isAttached(scalar)
  }

  static func kind(of scalar: Unicode.Scalar) -> Kind {
    switch scalar {
    case "\n", "\r", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}": return .lineBreak
    case " ", "\t": return .whitespace
    default: break
    }
    // ASCII answers without the Unicode property tables (most of a tokenizer's time).
    if scalar.isASCII {
      switch scalar.value {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .word
      default: return .other
      }
    }
    let properties = scalar.properties
    if properties.isWhitespace { return .whitespace }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
      return .word
    default:
      return .other
    }
  }

  /// Scalars that never start a token: combining marks, joiners, variation selectors,
  /// emoji skin-tone modifiers.
  static func isAttached(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0100...0xE01EF, 0xE0020...0xE007F:
      return true
    case 0...0x2FF:
      return false  // ASCII and Latin letters: no marks below U+0300
    default:
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }

  /// Scripts written without spaces, where each character is a token.
  static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x3040...0x30FF, 0x3100...0x312F,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
      return true
    default:
      return false
    }
  }
}
