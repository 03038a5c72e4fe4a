import CLibGit2

extension Repository {
  /// Every best common ancestor of two commits, sorted by id so the answer does not
  /// depend on the order of the arguments; empty when the histories are unrelated.
  /// More than one means a criss-cross history.
  ///
  /// The corresponding libgit2 function is `git_merge_bases`.
  public func mergeBases(_ a: ObjectID, _ b: ObjectID) throws -> [ObjectID] {
    var out = git_oidarray()
    var first = a.raw
    var second = b.raw
    let result = git_merge_bases(&out, pointer, &first, &second)
    if result == GIT_ENOTFOUND.rawValue { return [] }
    try check(result, "git_merge_bases")
    defer { git_oidarray_dispose(&out) }
    var ids: [ObjectID] = []
    for index in 0..<out.count {
      if let oid = out.ids?[index] { ids.append(ObjectID(oid)) }
    }
    return ids.sorted()
  }

  /// How many commits `local` has that `upstream` lacks (ahead), and the reverse
  /// (behind).
  ///
  /// The corresponding libgit2 function is `git_graph_ahead_behind`.
  public func aheadBehind(_ local: ObjectID, _ upstream: ObjectID) throws -> (ahead: Int, behind: Int) {
    var ahead = 0
    var behind = 0
    var localID = local.raw
    var upstreamID = upstream.raw
    try check(git_graph_ahead_behind(&ahead, &behind, pointer, &localID, &upstreamID), "git_graph_ahead_behind")
    return (ahead, behind)
  }
}
