import Foundation
import Git

/// The committed record of an unresolved conflict, `.notes/conflicts/<id>.json`
/// (DESIGN §4). It is the same on every device: keys sorted, versions sorted by id,
/// nothing that depends on who merged or when.
///
/// ```json
/// {"base":"<commit>","current":"<version id>","note":"Shopping.note",
///  "versions":[{"commit":"<oid>","device":"laptop","id":"<version id>",
///               "modified":"2026-11-29T10:00:00Z","tree":"<oid>"}]}
/// ```
struct ConflictRecord: Codable, Hashable {
  /// The merge base the versions diverged from.
  var base: String
  /// The id of the version that is in the tree.
  var current: String
  /// The package path.
  var note: String
  /// Every version, sorted by id.
  var versions: [RecordedVersion]

  /// One version in a record.
  struct RecordedVersion: Codable, Hashable {
    /// The commit that made this version; an ancestor of the merge commit.
    var commit: String
    /// The device that made it.
    var device: String
    /// The version id: the package tree's id, or `deleted-<commit>` for a deletion.
    var id: String
    /// When it was made, ISO 8601 UTC.
    var modified: String
    /// The package tree; nil for a deletion.
    var tree: String?
  }

  /// The folder of records in the tree.
  static let folder = ".notes/conflicts"

  /// The record's path for a note: a hash of the package path, so every device
  /// names the record of a note the same way.
  static func path(for note: String) throws -> String {
    let id = try Repository.blobID(of: Array(("conflict " + note).utf8))
    return folder + "/" + String(id.hex.prefix(16)) + ".json"
  }

  /// The record's bytes: sorted keys, one line, a final newline.
  func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array(try encoder.encode(self)) + [0x0A]
  }

  /// Reads a record.
  static func decode(_ bytes: [UInt8]) throws -> ConflictRecord {
    try JSONDecoder().decode(ConflictRecord.self, from: Data(bytes))
  }

  /// The version id of a package tree.
  static func versionID(tree: ObjectID) -> String { String(tree.hex.prefix(12)) }

  /// The version id of a deletion made by `commit`.
  static func deletionID(commit: ObjectID) -> String { "deleted-" + String(commit.hex.prefix(8)) }

  /// ISO 8601 UTC, seconds.
  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
