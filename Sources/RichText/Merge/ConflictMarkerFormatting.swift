/// The formatting a three-way merge gives the conflict marker paragraphs it writes
/// (`<<<<<<< laptop`, `=======`, `>>>>>>> phone`), and its removal once the
/// conflict is resolved.
///
/// A marker is highlighted (a soft yellow background) and carries NoteStore's own
/// control word, `\notesconflictmarker`, which RTF readers that do not know it
/// ignore. The mark tells the merge's highlight from a background of the same colour
/// that a user gave their own words: an edit that types words over a marker (`notes
/// write` gives a replacing word the replaced word's formatting) passes the mark on
/// with the highlight, and removing the marker formatting takes both off those words
/// and leaves every other background as it is.
///
/// ```swift
/// let resolved = body.removingConflictMarkerFormatting()
/// resolved.hasConflictMarkerFormatting  // false
/// ```
public enum ConflictMarkerFormatting {
  /// The background of the marker paragraphs (a soft yellow).
  public static let highlight = Color(red: 255, green: 236, blue: 139)

  /// The control word that marks the merge's own formatting.
  public static let mark = OpaqueControl(name: "notesconflictmarker")

  /// The character attributes of a marker paragraph.
  public static let attributes = CharacterAttributes(backgroundColor: highlight, unknown: [mark])

  /// Whether `attributes` carry the mark.
  static func isMarked(_ attributes: CharacterAttributes) -> Bool {
    attributes.unknown.contains { $0.name == mark.name }
  }

  /// Whether any of `paragraphs` is a conflict marker: marked words, or the text of a
  /// marker line (a merge by an older build wrote markers without the mark).
  static func holdsMarkers(_ paragraphs: ArraySlice<Paragraph>) -> Bool {
    paragraphs.contains { paragraph in
      if paragraph.runs.contains(where: { isMarked($0.attributes) }) { return true }
      let text = paragraph.text
      return text.hasPrefix("<<<<<<< ") || text.hasPrefix(">>>>>>> ") || text == "======="
    }
  }
}

extension AttributedText {
  /// Whether any words carry the formatting a merge gave its conflict markers.
  ///
  /// - Complexity: O(n) in the number of runs.
  public var hasConflictMarkerFormatting: Bool {
    paragraphs.contains { paragraph in paragraph.runs.contains { ConflictMarkerFormatting.isMarked($0.attributes) } }
  }

  /// The body without the formatting a merge gave its conflict markers: marked words
  /// lose the mark and the marker highlight (a background the user changed since
  /// stays); every other word, and every paragraph without marked words, is left as
  /// it is, so writing the body back keeps those paragraphs' bytes.
  ///
  /// - Complexity: O(n) in the number of runs.
  public func removingConflictMarkerFormatting() -> AttributedText {
    var result = self
    for (index, paragraph) in paragraphs.enumerated()
    where paragraph.runs.contains(where: { ConflictMarkerFormatting.isMarked($0.attributes) }) {
      var cleaned = paragraph
      cleaned.setRuns(
        paragraph.runs.map { run in
          guard ConflictMarkerFormatting.isMarked(run.attributes) else { return run }
          var attributes = run.attributes
          attributes.removeUnknown(named: ConflictMarkerFormatting.mark.name)
          if attributes.backgroundColor == ConflictMarkerFormatting.highlight { attributes.backgroundColor = nil }
          return TextRun(text: run.text, attributes: attributes)
        })
      result.replaceParagraph(at: index, with: cleaned)
    }
    return result
  }
}
