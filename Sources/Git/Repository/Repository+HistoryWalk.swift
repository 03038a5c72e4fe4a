import CLibGit2

extension Repository {
  /// The raw bytes of a tree object: entries of `<octal mode> <name>\0<20-byte id>`,
  /// in git's order. Reading the bytes and comparing them lets a caller skip the
  /// stretches two trees share without building an entry for each of them.
  ///
  /// - Throws: ``GitError`` with code `.notFound` when there is no such object, or
  ///   `.invalid` when it is not a tree.
  ///
  /// The corresponding libgit2 function is `git_odb_read`.
  public func rawTree(_ id: ObjectID) throws -> [UInt8] {
    let object = try rawObject(id)
    guard object.kind == .tree else {
      throw GitError.synthesized(.invalid, .object, "object \(id) is not a tree", "git_odb_read")
    }
    return object.bytes
  }

  /// Commits reachable from `tips` and not from `hidden`, oldest first: no commit
  /// before any of its parents (reverse topological order).
  ///
  /// The corresponding libgit2 functions are `git_revwalk_push` and `git_revwalk_hide`.
  public func commitsOldestFirst(from tips: [ObjectID], hiding hidden: [ObjectID]) throws -> [ObjectID] {
    try walkCommits(from: tips, hiding: hidden, sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_REVERSE.rawValue)
  }
}
