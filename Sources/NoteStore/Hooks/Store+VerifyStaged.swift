import Git

extension Store {
  /// Checks the packages about to be committed (`notes verify --staged`): the tree of
  /// the index file a commit hook gets in `GIT_INDEX_FILE`, else of the store's own
  /// index, with the same rules as ``verify()``.
  ///
  /// - Parameter indexFile: the index to read (an absolute path); nil for `.git/index`.
  /// - Returns: the problems found, sorted by note; empty when all is well.
  /// - Throws: `NoteStoreError.repository` when the index cannot be read.
  public func verifyStaged(indexFile: String?) throws -> [VerificationProblem] {
    let tree = try git("reading the staged tree from \(indexFile ?? gitDirectory + "/index")") {
      try repository.treeOfIndexFile(at: indexFile)
    }
    return try verify(tree: tree)
  }
}
