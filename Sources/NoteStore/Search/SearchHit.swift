import Foundation

/// One place a search found its words: a line of a note's text, or the note's name.
public struct SearchHit: Sendable, Hashable {
  /// The note's name, such as `Work/Plan`.
  public var note: String
  /// The package path, such as `Work/Plan.note`.
  public var path: String
  /// The line of the plain text, from 1; 0 when the match is in the name.
  public var line: Int
  /// The line (or the name) as context, cut to about 160 characters around the match.
  public var text: String
  /// Where the words are in `text`, as character offsets.
  public var matches: [Range<Int>]
  /// The old version the line comes from, for `--all-versions` hits that the current
  /// text does not hold; nil for the current version. `note` and `path` name the note as
  /// it is now (or as it was when deleted), renames followed.
  public var version: SearchVersion?

  /// Whether the match is in the note's name.
  public var inName: Bool { line == 0 }
}

/// An old version of a note's body that a search found.
public struct SearchVersion: Sendable, Hashable {
  /// The commit that made this version (the newest one, when several made the same).
  public var commit: String
  /// The body's blob id.
  public var blob: String
  /// When that commit was made (the author date).
  public var date: Date
  /// The device that made it.
  public var device: String
  /// The version id, as `notes versions` shows it and `notes restore --to` takes it.
  public var id: String
  /// The note's name in that version (differs from the hit's when it was renamed since).
  public var name: String
}

/// What to search and where.
public struct SearchQuery: Sendable {
  /// Words that must all occur in a note (in its text or its name), in any order.
  public var words: [String]
  /// Only notes in this folder and its subfolders; nil for every note.
  public var folder: String?
  /// Also search every earlier version of every note the history index knows, deleted
  /// and renamed notes included.
  public var allVersions: Bool

  /// Creates a query.
  public init(words: [String], folder: String? = nil, allVersions: Bool = false) {
    self.words = words
    self.folder = folder
    self.allVersions = allVersions
  }
}
