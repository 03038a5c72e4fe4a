import CLibGit2

extension GitLibrary {
  /// Runs `work` with libgit2's check of every object's hash on read turned off, as git
  /// itself reads packed objects (their zlib streams and pack checksums still guard
  /// them). For bulk reads of derived data, such as building the history index, where
  /// hashing each 100 KB root tree again costs most of the time.
  ///
  /// The setting is process-wide: call it only where no other thread reads objects that
  /// must be verified. The corresponding libgit2 function is
  /// `git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION)`.
  public static func withoutHashVerification<T>(_ work: () throws -> T) rethrows -> T {
    initialize()
    _ = notes_git_enable_strict_hash_verification(0)
    defer { _ = notes_git_enable_strict_hash_verification(1) }
    return try work()
  }
}
