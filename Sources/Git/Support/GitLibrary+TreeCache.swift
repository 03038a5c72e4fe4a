import CLibGit2

extension GitLibrary {
  /// Runs `work` with libgit2 keeping no newly read tree bigger than 4 KiB (its own
  /// default) in its object cache, then restores ``treeCacheLimit``. For bulk reads that
  /// read each big tree once, such as building the history index: caching every 100 KB
  /// root tree it walks fills the 256 MiB cache with trees never read again, and zeroing
  /// fresh pages for them cost a fifth of the build.
  ///
  /// The setting is process-wide: trees cached already stay cached. The corresponding
  /// libgit2 function is `git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT)`.
  public static func withoutBigTreeCache<T>(_ work: () throws -> T) rethrows -> T {
    initialize()
    _ = notes_git_set_cache_object_limit(GIT_OBJECT_TREE, 4096)
    defer { _ = notes_git_set_cache_object_limit(GIT_OBJECT_TREE, treeCacheLimit) }
    return try work()
  }
}
