import CLibGit2

extension Repository {
  /// Makes the working directory and the index match `tree`, limited to `paths` when given.
  /// `HEAD` never moves.
  ///
  /// A path names a file or a directory (such as `Shopping.note`); a directory covers
  /// everything below it. Paths are matched literally, not as patterns.
  ///
  /// - With `force`, files are overwritten even when they have local changes, and files
  ///   absent from `tree` are removed from the working directory and the index. When `paths`
  ///   is given, that includes untracked files below those paths (so a note deleted or renamed
  ///   in `tree` disappears completely); over the whole tree only tracked files are removed.
  /// - Without `force`, a file whose content differs from the index is left alone, and the
  ///   call fails with code `.conflict` (changing nothing) if `tree` would change it.
  ///
  /// The baseline for "local changes" is the index: the state last checked out.
  ///
  /// - Throws: ``GitError``: `.conflict` as above, `.bareRepository` in a bare repository.
  ///
  /// The corresponding libgit2 function is `git_checkout_tree`.
  /// A forced checkout of a few paths (a note) is done directly when it can be
  /// (``checkoutDirectly(tree:paths:)``), without libgit2 reading the whole index.
  public func checkout(tree: ObjectID, paths: [String]?, force: Bool) throws {
    if force, let paths, paths.count <= Self.directCheckoutPaths, try checkoutDirectly(tree: tree, paths: paths) { return }
    let target = try lookupTree(tree)
    let baseline = try currentIndex()
    var options = git_checkout_options()
    try check(
      git_checkout_options_init(&options, UInt32(GIT_CHECKOUT_OPTIONS_VERSION)),
      "git_checkout_options_init")
    var strategy: UInt32
    if force {
      strategy = GIT_CHECKOUT_FORCE.rawValue
      if paths != nil { strategy |= GIT_CHECKOUT_REMOVE_UNTRACKED.rawValue }
    } else {
      strategy = GIT_CHECKOUT_SAFE.rawValue | GIT_CHECKOUT_RECREATE_MISSING.rawValue
    }
    if paths != nil { strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue }
    options.checkout_strategy = strategy
    options.baseline_index = baseline.pointer
    let result = withStrArray(paths ?? []) { array in
      if paths != nil { options.paths = array.pointee }
      return git_checkout_tree(pointer, target.pointer, &options)
    }
    try check(result, "git_checkout_tree")
  }

  /// Up to this many paths are checked out directly; more go through libgit2.
  static let directCheckoutPaths = 64

  /// Replaces the index with the content of `tree` and writes it; the working directory is
  /// untouched.
  ///
  /// The corresponding libgit2 functions are `git_index_read_tree` and `git_index_write`.
  public func resetIndex(to tree: ObjectID) throws {
    let source = try lookupTree(tree)
    let index = try index()
    try check(git_index_read_tree(index.pointer, source.pointer), "git_index_read_tree")
    try check(git_index_write(index.pointer), "git_index_write")
  }
}
