/// Why the RTF reader refused a document. Every case names the byte offset in the
/// input where the problem was found.
public enum RTFError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input does not start with `{\rtf` (after optional whitespace and a UTF-8
  /// byte-order mark). Headerless fragments are refused: a note body must be a
  /// complete RTF document.
  case notRTF(offset: Int)
  /// The input is larger than ``RTFLimits/maxInputBytes``.
  case inputTooLarge(size: Int, limit: Int)
  /// Groups nest deeper than ``RTFLimits/maxGroupDepth``.
  case groupTooDeep(limit: Int, offset: Int)
  /// The document opens more groups than ``RTFLimits/maxGroupCount``.
  case tooManyGroups(limit: Int, offset: Int)
  /// A `\binN` payload is longer than ``RTFLimits/maxBinaryLength`` (or negative).
  case binaryTooLong(length: Int, limit: Int, offset: Int)

  /// A message that says what is wrong and what to do about it.
  public var description: String {
    switch self {
    case .notRTF(let offset):
      return "The data is not an RTF document: expected '{\\rtf' at byte \(offset). "
        + "Open the file in a text editor to check what it is, or import it as plain text."
    case .inputTooLarge(let size, let limit):
      return "The RTF document is \(size) bytes, more than the limit of \(limit) bytes. "
        + "Split the note or remove large pictures from it."
    case .groupTooDeep(let limit, let offset):
      return "The RTF document nests groups deeper than \(limit) levels at byte \(offset); "
        + "the file is probably damaged. Re-save it from the editor that made it."
    case .tooManyGroups(let limit, let offset):
      return "The RTF document opens more than \(limit) groups (at byte \(offset)); "
        + "the file is probably damaged. Re-save it from the editor that made it."
    case .binaryTooLong(let length, let limit, let offset):
      return "The RTF document embeds binary data of \(length) bytes at byte \(offset), "
        + "outside the accepted range 0…\(limit). Remove the embedded object and try again."
    }
  }
}
