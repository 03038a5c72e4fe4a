/// The mode of a tree entry, which says what kind of object it names.
public enum FileMode: UInt32, Sendable {
  /// A regular file. The corresponding libgit2 mode is `GIT_FILEMODE_BLOB`.
  case blob = 0o100644
  /// An executable file. The corresponding libgit2 mode is `GIT_FILEMODE_BLOB_EXECUTABLE`.
  case executable = 0o100755
  /// A directory. The corresponding libgit2 mode is `GIT_FILEMODE_TREE`.
  case tree = 0o040000
  /// A symbolic link. The corresponding libgit2 mode is `GIT_FILEMODE_LINK`.
  case link = 0o120000
  /// A submodule commit. The corresponding libgit2 mode is `GIT_FILEMODE_COMMIT`.
  case commit = 0o160000
}

/// One entry of a tree: a name, the object it names, and its mode.
public struct TreeEntry: Hashable, Sendable {
  /// The entry's name within its tree (or the full path, from ``Repository/treeEntry(atPath:inTree:)``).
  public var name: String
  /// The blob, tree or commit the entry names.
  public var id: ObjectID
  /// What kind of object `id` is.
  public var mode: FileMode

  /// Creates a tree entry.
  public init(name: String, id: ObjectID, mode: FileMode) {
    self.name = name
    self.id = id
    self.mode = mode
  }
}

/// One change to apply to a tree with ``Repository/updatedTree(_:applying:)``.
public enum TreeUpdate: Hashable, Sendable {
  /// Adds or replaces the entry at a `/`-separated path, creating directories as needed.
  case upsert(path: String, id: ObjectID, mode: FileMode)
  /// Removes the entry (file or whole directory) at a `/`-separated path, if it exists.
  case remove(path: String)

  /// The path the update touches.
  public var path: String {
    switch self {
    case .upsert(let path, _, _), .remove(let path): path
    }
  }
}
