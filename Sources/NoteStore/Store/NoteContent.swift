import RichText

/// New content for a note's body.
public enum NoteContent: Sendable {
  /// Plain text: laid over the existing formatting by a diff, so untouched words keep
  /// their formatting.
  case plainText(String)
  /// An RTF file's bytes: validated by reading them, then stored unchanged.
  case rtf([UInt8])
  /// A formatted body, written as Cocoa RTF.
  case attributed(AttributedText)
}
