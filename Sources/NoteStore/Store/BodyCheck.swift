import RichText

/// The check a body given to the store passes before it is committed (`write
/// --rtf-file`, a hand edit that `save` commits): it must read as RTF, and it must not
/// end inside open groups. Readers close such groups themselves, but a file cut off
/// there was written only in part (an app still writing it, or one that stopped), and
/// LibreOffice cannot open it at all: better to say so than to commit half a note.
enum BodyCheck {
  /// Reads `bytes` as the body of `note`.
  ///
  /// - Throws: `NoteStoreError.cannotLoadText` naming the note, with the reader's
  ///   ``RTFError`` or ``CutOffBody``.
  @discardableResult
  static func read(_ bytes: [UInt8], note: String) throws -> RTFReadResult {
    let result: RTFReadResult
    do {
      result = try RTFReader().read(bytes)
    } catch {
      throw NoteStoreError.cannotLoadText(note: note, underlying: error)
    }
    guard result.unclosedGroups == 0 else {
      throw NoteStoreError.cannotLoadText(note: note, underlying: CutOffBody(openGroups: result.unclosedGroups))
    }
    return result
  }
}

/// Why a body that ends inside open groups is refused.
struct CutOffBody: Error, CustomStringConvertible {
  var openGroups: Int
  /// Whether the body was refused (not committed), rather than found in the store.
  var refused = true

  var description: String {
    let found = "the RTF ends inside \(openGroups) open group\(openGroups == 1 ? "" : "s") (a `{` without its `}`)"
    return refused
      ? found + ": the file looks cut off, so nothing was saved; save it again from its app or close the groups"
      : found + ": it was cut off"
  }
}
