/// A rule that a tree from outside this device must keep before it is merged,
/// fast-forwarded or cloned (DESIGN §9). Each rule that git's own `fsck` has carries
/// git's name for it, so a message can be compared with `git fsck --strict`.
public enum TreeRule: String, Sendable, Hashable, Codable, CaseIterable {
  /// An entry named `.`.
  case hasDot
  /// An entry named `..`.
  case hasDotdot
  /// An entry that a file system would take for `.git`: any case, trailing dots or
  /// spaces, `git~1`, an NTFS stream suffix, or HFS+'s ignorable code points.
  case hasDotgit
  /// An empty name.
  case hasEmptyName
  /// A name holding `/`.
  case fullPathname
  /// A name holding a control character, or bytes that are not UTF-8.
  case badName
  /// A mode other than 100644, 100755 or 40000: symbolic links, submodules (gitlinks)
  /// and the rest.
  case badFilemode
  /// A mode written with a leading zero (`040000`).
  case zeroPaddedFilemode
  /// Two entries with the same name.
  case duplicateEntries
  /// Entries out of git's order.
  case treeNotSorted
  /// A tree whose bytes cannot be parsed.
  case badTree
  /// An entry whose object is of another kind than its mode says.
  case badType
  /// An object the tree names that the store does not have.
  case missingObject
  /// Folders nested deeper than ``TreeLimits/maximumDepth``.
  case tooDeep
  /// A path longer than ``TreeLimits/maximumPathBytes``.
  case pathTooLong
  /// A file larger than the store's `notes.maxBlobSize`.
  case blobTooLarge
  /// A package whose `Text.rtf` is not a file, or whose `Attachments` is not a folder
  /// of files.
  case badPackage
  /// A conflict record that does not parse, is not where its note's record belongs,
  /// or names a path outside the tree.
  case badConflictRecord
  /// A commit object whose header git's `fsck` would refuse.
  case badCommit

  /// What the rule means, for a person.
  public var explanation: String {
    switch self {
    case .hasDot: "a name is '.'"
    case .hasDotdot: "a name is '..', which points outside its folder"
    case .hasDotgit: "a name is a spelling of '.git', which would write into the repository itself"
    case .hasEmptyName: "a name is empty"
    case .fullPathname: "a name holds '/'"
    case .badName: "a name holds a control character or is not UTF-8"
    case .badFilemode: "an entry is a symbolic link, a submodule or has an unknown mode"
    case .zeroPaddedFilemode: "a mode is zero-padded"
    case .duplicateEntries: "a folder holds two entries with the same name"
    case .treeNotSorted: "a folder's entries are out of order"
    case .badTree: "a folder object is malformed"
    case .badType: "an entry names an object of the wrong kind"
    case .missingObject: "an object is missing"
    case .tooDeep: "folders are nested deeper than \(TreeLimits.maximumDepth) levels"
    case .pathTooLong: "a path is longer than \(TreeLimits.maximumPathBytes) bytes"
    case .blobTooLarge: "a file is larger than notes.maxBlobSize"
    case .badPackage: "a note package is malformed"
    case .badConflictRecord: "a conflict record is malformed"
    case .badCommit: "a commit object is malformed"
    }
  }
}

/// The documented limits on trees from outside.
public enum TreeLimits {
  /// Folders below the store root, at most: `Work/2026/Plan.note/Attachments/x` is 4.
  public static let maximumDepth = 24
  /// Bytes in a path from the store root, at most (PATH_MAX on Linux).
  public static let maximumPathBytes = 4096
  /// The default of `notes.maxBlobSize`: 100 MiB, as the shipped server hook.
  public static let defaultMaximumBlobSize: Int64 = 100 << 20
  /// The config key of the largest file a fetched tree may hold.
  public static let maximumBlobSizeKey = "notes.maxBlobSize"
}

/// One broken rule: where, and which.
public struct TreeViolation: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The commit whose tree (or header) breaks the rule.
  public var commit: String
  /// The path in that tree, "" for the commit itself or the root.
  public var path: String
  /// The rule.
  public var rule: TreeRule
  /// More about it, such as the mode found.
  public var detail: String

  public var description: String {
    let place = path.isEmpty ? "" : " at '\(TerminalText.escaped(path))'"
    let more = detail.isEmpty ? "" : " (\(TerminalText.escaped(detail)))"
    return "commit \(commit.prefix(12))\(place) breaks \(rule.rawValue): \(rule.explanation)\(more)"
  }
}
