import CLibGit2

// Scoped lookups: each returns the single owner of a handle that pins this repository.
extension Repository {
  func lookupTree(_ id: ObjectID) throws(GitError) -> OwnedHandle {
    var oid = id.raw
    return try OwnedHandle.make("git_tree_lookup", keepAlive: self, release: { git_tree_free($0) }) {
      git_tree_lookup(&$0, pointer, &oid)
    }
  }

  func lookupCommit(_ id: ObjectID) throws(GitError) -> OwnedHandle {
    var oid = id.raw
    return try OwnedHandle.make(
      "git_commit_lookup", keepAlive: self, release: { git_commit_free($0) }
    ) { git_commit_lookup(&$0, pointer, &oid) }
  }

  func lookupBlob(_ id: ObjectID) throws(GitError) -> OwnedHandle {
    var oid = id.raw
    return try OwnedHandle.make("git_blob_lookup", keepAlive: self, release: { git_blob_free($0) }) {
      git_blob_lookup(&$0, pointer, &oid)
    }
  }

  /// The repository's object database (reference-counted by libgit2, released once here).
  func objectDatabase() throws(GitError) -> OwnedHandle {
    try OwnedHandle.make("git_repository_odb", keepAlive: self, release: { git_odb_free($0) }) {
      git_repository_odb(&$0, pointer)
    }
  }

  /// The repository's configuration chain (local, global, system); writes go to the local file.
  func configuration() throws(GitError) -> OwnedHandle {
    try OwnedHandle.make(
      "git_repository_config", keepAlive: self, release: { git_config_free($0) }
    ) { git_repository_config(&$0, pointer) }
  }

  /// The repository's index.
  func index() throws(GitError) -> OwnedHandle {
    try OwnedHandle.make("git_repository_index", keepAlive: self, release: { git_index_free($0) }) {
      git_repository_index(&$0, pointer)
    }
  }
}
