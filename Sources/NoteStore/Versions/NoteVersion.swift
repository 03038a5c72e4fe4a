import Foundation
import Git

/// A version of a note, in the manner of `NSFileVersion`: the current version, an
/// earlier saved one, or an unresolved conflict version from another device.
public struct NoteVersion: Sendable, Hashable, Codable {
  /// The version id: the package tree's id (12 hex digits), or `deleted-<commit>`
  /// for a deletion.
  public var id: String
  /// The device that made it (`localizedNameOfSavingComputer`).
  public var device: String
  /// When it was made.
  public var modificationDate: Date
  /// Whether it is an unresolved conflict version.
  public var isConflict: Bool
  /// The commit that made it.
  public var commit: String
  /// Whether it is the version in the tree now.
  public var isCurrent: Bool
  /// Whether this version is the note's deletion.
  public var isDeletion: Bool

  /// `NSFileVersion.isResolved`: false for an unresolved conflict version.
  public var isResolved: Bool { !isConflict }

  /// The package tree of this version (nil for a deletion).
  var tree: ObjectID? {
    guard !isDeletion else { return nil }
    return treeID.flatMap(ObjectID.init(hex:))
  }

  var treeID: String?

  enum CodingKeys: String, CodingKey {
    case id, device, modificationDate = "modified", isConflict = "conflict", commit, isCurrent = "current"
    case isDeletion = "deleted"
  }
}

/// An unresolved conflict: a note and its versions.
public struct NoteConflict: Sendable, Hashable, Codable {
  /// The note's name.
  public var note: String
  /// The id of the current version.
  public var current: String
  /// Every version, sorted by id.
  public var versions: [NoteVersion]
}

/// How to resolve a conflict.
public enum ConflictResolution: Sendable, Hashable {
  /// Keep this device's version.
  case keepMine
  /// Keep the other device's version (only when there is exactly one other).
  case keepTheirs
  /// Keep the version with this id (or a unique prefix of it).
  case version(String)
  /// Keep the current version and drop the others (`removeOtherVersions`).
  case keepCurrent

  var trailer: String {
    switch self {
    case .keepMine: return "keep-mine"
    case .keepTheirs: return "keep-theirs"
    case .version: return "version"
    case .keepCurrent: return "keep-current"
    }
  }
}
