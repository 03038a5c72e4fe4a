import CLibGit2

extension Repository {
  /// Commits reachable from `tips` and not from `hidden`, newest first: no parent
  /// before all of its children (topological), ties broken by commit time. At most
  /// `limit` ids when given.
  ///
  /// The corresponding libgit2 functions are `git_revwalk_hide` and `git_revwalk_next`.
  public func commits(from tips: [ObjectID], hiding hidden: [ObjectID] = [], limit: Int? = nil) throws -> [ObjectID] {
    // One call: git_revwalk_sorting replaces the mode, it does not add to it.
    try walkCommits(
      from: tips, hiding: hidden, sorting: GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue, limit: limit)
  }

  /// The one revwalk: commits reachable from `tips` and not from `hidden`, in the
  /// order `sorting` (libgit2 `GIT_SORT_*` flags) gives, at most `limit`.
  func walkCommits(
    from tips: [ObjectID], hiding hidden: [ObjectID], sorting: UInt32, limit: Int? = nil
  ) throws(GitError) -> [ObjectID] {
    let walk = try OwnedHandle.make(
      "git_revwalk_new", keepAlive: self, release: { git_revwalk_free($0) }
    ) { git_revwalk_new(&$0, pointer) }
    try check(git_revwalk_sorting(walk.pointer, sorting), "git_revwalk_sorting")
    for tip in tips {
      var oid = tip.raw
      try check(git_revwalk_push(walk.pointer, &oid), "git_revwalk_push")
    }
    for commit in hidden {
      var oid = commit.raw
      try check(git_revwalk_hide(walk.pointer, &oid), "git_revwalk_hide")
    }
    var ids: [ObjectID] = []
    while limit.map({ ids.count < $0 }) ?? true {
      var oid = git_oid()
      let result = git_revwalk_next(&oid, walk.pointer)
      if result == GIT_ITEROVER.rawValue { break }
      try check(result, "git_revwalk_next")
      ids.append(ObjectID(oid))
    }
    return ids
  }

  /// The best common ancestor of two commits; nil when their histories are unrelated.
  ///
  /// The corresponding libgit2 function is `git_merge_base`.
  public func mergeBase(_ a: ObjectID, _ b: ObjectID) throws -> ObjectID? {
    var out = git_oid()
    var first = a.raw
    var second = b.raw
    let result = git_merge_base(&out, pointer, &first, &second)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_merge_base")
    return ObjectID(out)
  }

  /// Whether `commit` has `ancestor` in its history. A commit is not its own descendant.
  ///
  /// The corresponding libgit2 function is `git_graph_descendant_of`.
  public func isDescendant(_ commit: ObjectID, of ancestor: ObjectID) throws -> Bool {
    var descendant = commit.raw
    var base = ancestor.raw
    return try check(git_graph_descendant_of(pointer, &descendant, &base), "git_graph_descendant_of") == 1
  }
}
