/// Something the reader repaired or ignored in a document it could still read.
public struct RTFWarning: Sendable, Hashable, CustomStringConvertible {
  /// The byte offset in the input where the problem was found.
  public var offset: Int
  /// What was wrong.
  public var kind: Kind

  /// The kinds of problems the reader repairs.
  public enum Kind: Sendable, Hashable {
    /// `\ansicpgN` or a font's `\cpgN` names a code page the reader cannot decode;
    /// code page 1252 is used instead.
    case unknownCodePage(Int)
    /// `\'` is not followed by two hexadecimal digits; U+FFFD was read instead.
    case invalidHex
    /// The input ends inside this many open groups; they were closed.
    case unclosedGroups(Int)
    /// Text follows the `}` that closes the document; it was ignored.
    case textAfterEnd
    /// A control word is longer than 32 letters; it was ignored.
    case controlWordTooLong
    /// A numeric parameter does not fit in 32 bits; it was clamped.
    case parameterOutOfRange
    /// A `\binN` payload runs past the end of the input.
    case truncatedBinary
    /// A `\uN` encodes half of a UTF-16 surrogate pair; U+FFFD was read instead.
    case unpairedSurrogate
    /// Bytes could not be decoded in the current code page; U+FFFD was read instead.
    case undecodableBytes
    /// More warnings were found than the reader keeps (see ``RTFReadResult/warnings``).
    case tooManyWarnings
  }

  /// Creates a warning.
  public init(offset: Int, kind: Kind) {
    self.offset = offset
    self.kind = kind
  }

  /// A one-line message naming the offset and the problem.
  public var description: String {
    let what: String
    switch kind {
    case .unknownCodePage(let page): what = "unknown code page \(page), read as 1252"
    case .invalidHex: what = "invalid \\' hex escape, read as U+FFFD"
    case .unclosedGroups(let count): what = "input ends inside \(count) open group(s); closed them"
    case .textAfterEnd: what = "text after the closing brace of the document ignored"
    case .controlWordTooLong: what = "control word longer than 32 letters ignored"
    case .parameterOutOfRange: what = "numeric parameter out of 32-bit range, clamped"
    case .truncatedBinary: what = "\\bin data runs past the end of the input"
    case .unpairedSurrogate: what = "unpaired UTF-16 surrogate read as U+FFFD"
    case .undecodableBytes: what = "bytes not valid in the code page read as U+FFFD"
    case .tooManyWarnings: what = "more warnings not shown"
    }
    return "byte \(offset): \(what)"
  }
}
