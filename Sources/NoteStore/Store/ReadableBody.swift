/// A note's text as far as it can be read.
public struct ReadableBody: Sendable {
  /// The plain text.
  public var text: String
  /// Why the body could not be read as RTF, when it could not; the text is then what
  /// was recovered from its bytes.
  public var problem: String?
}
