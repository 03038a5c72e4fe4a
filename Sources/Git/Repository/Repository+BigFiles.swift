import CLibGit2

extension Repository {
  /// The size from which a blob is a big file here: `core.bigFileThreshold` when the
  /// repository's configuration sets it (as for git, which then also packs such blobs
  /// whole, with no delta search), else ``bigFileThreshold``. Tests lower it to keep
  /// their files small.
  ///
  /// The corresponding libgit2 function is `git_config_get_int64`.
  public func bigFileLimit() throws(GitError) -> Int64 {
    let config = try configuration()
    var value: Int64 = 0
    let result = git_config_get_int64(&value, config.pointer, "core.bigFileThreshold")
    if result == GIT_ENOTFOUND.rawValue { return Self.bigFileThreshold }
    try check(result, "git_config_get_int64")
    return max(value, 1)
  }
}
