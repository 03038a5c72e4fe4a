/// What a sync does when two devices changed the same file of a note.
public enum ConflictPolicy: String, Sendable, CaseIterable, Codable {
  /// Merge what can be merged: changes to different files of a package, edits to
  /// different parts of a body (the three-way merge of the rich text), and attachments
  /// added under one name on both sides (both kept). Overlapping edits are a conflict.
  case merge
  /// Every change on both sides is a conflict for the user to resolve.
  case ask
  /// The newest version wins and no conflict is recorded; the other version stays in
  /// history. A deletion never wins silently over an edit.
  case latest

  /// The config key that holds a store's policy.
  static let configKey = "notes.conflictPolicy"
}
