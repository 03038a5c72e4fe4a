import CLibGit2

// Index files outside the repository's own index: the temporary index a hook reads
// through GIT_INDEX_FILE, and reading one back.
extension Repository {
  /// Writes an index file at `path` that holds exactly the entries of `tree`, as git's
  /// own temporary index does while `git commit` runs its hooks, so `git diff --cached`
  /// and `git ls-files` see the tree about to be committed. The repository's own index
  /// is not touched.
  ///
  /// The corresponding libgit2 functions are `git_index_open`, `git_index_read_tree`
  /// and `git_index_write`.
  public func writeIndexFile(of tree: ObjectID, to path: String) throws {
    let index = try OwnedHandle.make("git_index_open", keepAlive: self, release: { git_index_free($0) }) {
      git_index_open(&$0, path)
    }
    let treeHandle = try lookupTree(tree)
    try check(git_index_read_tree(index.pointer, treeHandle.pointer), "git_index_read_tree")
    try check(git_index_write(index.pointer), "git_index_write")
  }

  /// The tree that the index file at `path` holds (nil: the repository's own index),
  /// written into the object database as `git write-tree` does.
  ///
  /// - Throws: a `GitError` when the file cannot be read, or holds unmerged entries.
  ///
  /// The corresponding libgit2 functions are `git_index_open` and `git_index_write_tree_to`.
  public func treeOfIndexFile(at path: String?) throws -> ObjectID {
    let index: OwnedHandle
    if let path {
      index = try OwnedHandle.make("git_index_open", keepAlive: self, release: { git_index_free($0) }) {
        git_index_open(&$0, path)
      }
    } else {
      index = try self.index()
    }
    var oid = git_oid()
    try check(git_index_write_tree_to(&oid, index.pointer, pointer), "git_index_write_tree_to")
    return ObjectID(oid)
  }
}
