/// How one path in the working directory differs from HEAD.
public struct StatusEntry: Hashable, Sendable {
  /// What happened to a path.
  public enum Kind: Hashable, Sendable {
    /// New in the index, not in HEAD.
    case added
    /// Content differs from HEAD.
    case modified
    /// In HEAD, gone from the index or the working directory.
    case deleted
    /// Moved from ``StatusEntry/oldPath``.
    case renamed
    /// Changed kind, for example from file to symbolic link.
    case typeChanged
    /// In the working directory only.
    case untracked
    /// Has unresolved merge stages in the index.
    case conflicted
  }

  /// The path relative to the working directory root, `/`-separated.
  public var path: String
  /// What happened to it.
  public var kind: Kind
  /// The path before a rename; nil unless `kind` is ``Kind/renamed``.
  public var oldPath: String?

  /// Creates a status entry.
  public init(path: String, kind: Kind, oldPath: String? = nil) {
    self.path = path
    self.kind = kind
    self.oldPath = oldPath
  }
}
