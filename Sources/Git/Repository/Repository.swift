import CLibGit2

/// A git repository opened through libgit2.
///
/// Not `Sendable`: libgit2 objects may be used from one thread at a time. Confine a
/// `Repository` to one actor or thread, and open another one per worker (opening is cheap).
/// Everything this class returns is a value copied out of libgit2.
public final class Repository {
  /// The repository handle; owned here, freed in `deinit` (by `OwnedHandle`).
  let handle: OwnedHandle

  var pointer: OpaquePointer { handle.pointer }

  /// The running ``writingObjectsIntoPacks(_:)``, if any.
  var packedWrites: PackedWriteSession?

  /// The version of `.git/index` whose checksum this process last verified or wrote
  /// (``editIndexFile(_:)``), so one command hashes the 4 MB file once.
  var verifiedIndex: IndexSnapshot.Stamp?

  /// The bytes of the last two big trees this command read or wrote through the raw path
  /// (the device branch's root before and after a one-note write), so that a 10,000-entry
  /// root is inflated and hashed once per command, not once per lookup: resolving the
  /// note, splicing the new root, checking out the package and refreshing its previews
  /// each asked libgit2 for the root again, and every libgit2 read inflates 400 KB and
  /// hashes it.
  ///
  /// Only ``rootTreeEntry(named:inTree:)`` and the splicing writer fill it, so commands
  /// that read many roots (history, sync) keep libgit2's own object cache and never
  /// thrash this one.
  let rawTrees = RecentCache<ObjectID, RawTree>(capacity: 2)

  private init(handle: consuming OwnedHandle) {
    self.handle = handle
  }

  private static func release(_ pointer: OpaquePointer) { git_repository_free(pointer) }

  /// Creates a new repository at `path` (making missing directories) with HEAD on the
  /// unborn branch `initialBranch`, reflogs on. Every object, pack and reference libgit2 writes is fsynced
  /// (see ``GitLibrary/initialize()``).
  ///
  /// - Parameters:
  ///   - path: The working directory (or, when `bare`, the git directory) to create.
  ///   - initialBranch: A branch name such as `devices/laptop`, or a full `refs/…` name.
  ///   - bare: Whether to create a repository without a working directory.
  /// - Throws: ``GitError``.
  ///
  /// The corresponding libgit2 function is `git_repository_init_ext`.
  public static func create(at path: String, initialBranch: String, bare: Bool = false) throws
    -> Repository
  {
    GitLibrary.initialize()
    var options = git_repository_init_options()
    try check(
      git_repository_init_options_init(&options, UInt32(GIT_REPOSITORY_INIT_OPTIONS_VERSION)),
      "git_repository_init_options_init")
    options.flags = GIT_REPOSITORY_INIT_MKPATH.rawValue
    if bare { options.flags |= GIT_REPOSITORY_INIT_BARE.rawValue }
    let handle = try OwnedHandle.make(
      "git_repository_init_ext", keepAlive: nil, release: release
    ) { pointer in
      initialBranch.withCString { branch in
        options.initial_head = branch
        return git_repository_init_ext(&pointer, path, &options)
      }
    }
    let repository = Repository(handle: handle)
    try repository.installLooseObjectBackend()
    try repository.setConfig("core.logAllRefUpdates", to: true)
    return repository
  }

  /// Opens exactly the repository at `path`: a working directory, its `.git`, or a bare
  /// repository. Parent directories are not searched. Its loose objects are read
  /// through ``LooseObjectBackend``, so a damaged one is an error, not a hang.
  ///
  /// - Throws: ``GitError`` with code ``GitError/Code-swift.struct/notFound`` when `path`
  ///   is not a repository.
  ///
  /// The corresponding libgit2 function is `git_repository_open_ext`.
  public static func open(at path: String) throws -> Repository {
    GitLibrary.initialize()
    let handle = try OwnedHandle.make(
      "git_repository_open_ext", keepAlive: nil, release: release
    ) { pointer in
      git_repository_open_ext(&pointer, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
    }
    let repository = Repository(handle: handle)
    try repository.installLooseObjectBackend()
    return repository
  }

  /// Finds the repository that encloses `path`, searching parent directories.
  ///
  /// - Returns: The working directory root (the git directory for a bare repository),
  ///   without a trailing `/`; nil when no repository encloses `path`.
  ///
  /// The corresponding libgit2 function is `git_repository_discover`.
  public static func discover(startingAt path: String) throws -> String? {
    GitLibrary.initialize()
    var buffer = git_buf()
    defer { git_buf_dispose(&buffer) }
    let result = git_repository_discover(&buffer, path, 0, nil)
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_repository_discover")
    guard let found = decodeCString(UnsafePointer(buffer.ptr)) else { return nil }
    let repository = try open(at: found)
    return repository.workingDirectory ?? repository.gitDirectory
  }

  /// The absolute path of the git directory (`…/.git` or the bare repository), without a
  /// trailing `/`.
  ///
  /// The corresponding libgit2 function is `git_repository_path`.
  public var gitDirectory: String {
    Self.strippingSlash(decodeCString(git_repository_path(pointer)) ?? "")
  }

  /// The folder whose `objects` folder holds the objects: the git directory, or for a
  /// linked worktree the main repository's, without a trailing `/`.
  ///
  /// The corresponding libgit2 function is `git_repository_commondir`.
  var objectsHome: String {
    Self.strippingSlash(decodeCString(git_repository_commondir(pointer)) ?? gitDirectory)
  }

  /// The absolute path of the working directory without a trailing `/`; nil when bare.
  ///
  /// The corresponding libgit2 function is `git_repository_workdir`.
  public var workingDirectory: String? {
    decodeCString(git_repository_workdir(pointer)).map(Self.strippingSlash)
  }

  /// Whether the repository has no working directory.
  ///
  /// The corresponding libgit2 function is `git_repository_is_bare`.
  public var isBare: Bool { git_repository_is_bare(pointer) == 1 }

  /// Reads this repository's loose objects through ``LooseObjectBackend`` from now on;
  /// run again on every object database it is given.
  func installLooseObjectBackend() throws(GitError) {
    try LooseObjectBackend.install(into: try objectDatabase().pointer, objectsHome: objectsHome)
  }

  private static func strippingSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
