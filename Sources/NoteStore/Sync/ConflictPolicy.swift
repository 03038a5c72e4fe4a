/// What a sync does when two devices changed the same file of a note.
public enum ConflictPolicy: String, Sendable, CaseIterable, Codable {
  /// Merge what can be merged (changes to different files of a package); a body
  /// changed on both sides is a conflict until the three-way RTF merge exists.
  case merge
  /// Every change on both sides is a conflict for the user to resolve.
  case ask
  /// The newest version wins and no conflict is recorded; the other version stays in
  /// history. A deletion never wins silently over an edit.
  case latest

  /// The config key that holds a store's policy.
  static let configKey = "notes.conflictPolicy"
}
