/// What ``RTFReader/read(_:)`` found in a document.
public struct RTFReadResult: Sendable, Hashable {
  /// The text with its formatting and the document attributes.
  public var text: AttributedText
  /// How many embedded objects were skipped: `\pict` pictures, `\object`s,
  /// `\shppict` and `\shp` shapes, and Cocoa `NeXTGraphic` attachments. Each
  /// counts once, however deeply its parts nest.
  public var skippedObjects: Int
  /// Problems the reader repaired, in input order; at most
  /// ``RTFReader/maxWarnings`` entries, the last one ``RTFWarning/Kind/tooManyWarnings``
  /// when more were found.
  public var warnings: [RTFWarning]
  /// How many groups were still open where the input ended (0 for a whole document);
  /// more than 0 means the file was cut off. Counted however many warnings came before.
  public var unclosedGroups: Int

  /// Creates a result.
  public init(text: AttributedText, skippedObjects: Int = 0, warnings: [RTFWarning] = [], unclosedGroups: Int = 0) {
    self.text = text
    self.skippedObjects = skippedObjects
    self.warnings = warnings
    self.unclosedGroups = unclosedGroups
  }
}
