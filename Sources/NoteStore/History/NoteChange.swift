import Foundation

/// What one commit did to one note package.
public enum NoteChangeKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// The package appeared.
  case created
  /// Its body or other files changed.
  case edited
  /// It moved from another path (exactly, or with edits, as `git -M` finds it).
  case renamed
  /// An attachment was added (and the body did not change).
  case attached
  /// An attachment was removed (and the body did not change).
  case detached
  /// The package went.
  case deleted
  /// A merge brought another device's change of it.
  case merged
  /// A conflict in it was resolved (`Resolution:` trailer).
  case resolved
  /// An earlier version of it was restored (`Restored-Version:` trailer).
  case restored
}

/// One entry of a note's history, as `notes log` prints it.
public struct NoteChange: Sendable, Hashable, Codable {
  /// The commit that made the change (40 hex digits).
  public var commit: String
  /// When the change was made (the author date).
  public var date: Date
  /// The device that made it: the `Device:` trailer, else the device whose branch the
  /// commit was made on.
  public var device: String
  /// The author's name.
  public var author: String
  /// The commit's summary line.
  public var message: String
  /// The note's name after the change.
  public var note: String
  /// What the change did.
  public var change: NoteChangeKind
  /// For a rename, the name before it.
  public var from: String?
  /// For a resolution, how (`keep-mine`, `keep-theirs`, `version`, `merge`, …).
  public var resolution: String?
  /// The version id of the note after the change (nil when it was deleted).
  public var version: String?
}

/// A note that is gone from the current tree, as `notes deleted` lists it.
public struct DeletedNote: Sendable, Hashable, Codable {
  /// The note's name when it was deleted.
  public var note: String
  /// When it was deleted.
  public var date: Date
  /// The device that deleted it.
  public var device: String
  /// The commit that deleted it.
  public var commit: String
  /// The version it had just before (what `notes restore --deleted` brings back).
  public var version: String
}
