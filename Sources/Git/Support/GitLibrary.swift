import CLibGit2
import Synchronization

/// Process-wide libgit2 setup.
public enum GitLibrary {
  /// Initializes libgit2 once for the process and turns on fsync of everything it writes
  /// under the git directory. Safe to call any number of times, from any thread.
  ///
  /// Every ``Repository`` constructor calls this. The corresponding libgit2 functions are
  /// `git_libgit2_init` and `git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR)`. In the `notes`
  /// executable the system CA bundle is read at the first https transfer, not here.
  public static func initialize() {
    _ = libgit2Setup
  }

  /// The number of libgit2 handles (repositories, trees, commits, walks, …) alive right now.
  ///
  /// Meant for tests: it returns to its earlier value once every handle is freed.
  public static var liveHandleCount: Int { liveHandles.load(ordering: .relaxed) }

  static let liveHandles = Atomic<Int>(0)

  /// The largest tree kept parsed in libgit2's object cache (a root of 100,000 notes is
  /// about 5 MB).
  static let treeCacheLimit = 16 << 20
}

/// Runs once, lazily and thread-safely (Swift globals), on first use. Immutable afterwards.
private let libgit2Setup: Void = {
  // git_libgit2_init returns the init count (>= 1) or an error; with no usable library
  // nothing in this module can work, so a failure here is fatal.
  // The system CA bundle is parsed at the first TLS session instead (DeferredCertificates).
  var count: Int32 = 0
  DeferredCertificates.whileStarting { count = git_libgit2_init() }
  precondition(count > 0, "git_libgit2_init failed with \(count)")
  let fsync = notes_git_enable_fsync_gitdir(1)
  precondition(fsync == 0, "git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR) failed with \(fsync)")
  // libgit2 caches parsed trees only up to 4 KiB, so a 10,000-entry root tree (about
  // 400 KB) was inflated and parsed again by every lookup of a command: keep trees up to
  // GitLibrary.treeCacheLimit in the object cache (bounded by its 256 MiB total).
  let cache = notes_git_set_cache_object_limit(GIT_OBJECT_TREE, GitLibrary.treeCacheLimit)
  precondition(cache == 0, "git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT) failed with \(cache)")
}()
