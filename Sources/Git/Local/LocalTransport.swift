import CLibGit2
import Foundation
import Synchronization

/// Runs local remotes (absolute paths and `file:///` URLs) through git's own server programs,
/// `git-upload-pack <path>` and `git-receive-pack <path>`, as `git fetch /path` does, instead
/// of libgit2's built-in local transport.
///
/// libgit2's local transport works on the remote repository in-process: it parses every
/// advertised tip (so one malformed commit on any branch fails every fetch) and pushes by
/// writing objects and references itself (so the remote's `pre-receive` and `update` hooks
/// never run). Through git's programs, a fetch only reads what it asks for, and a push runs
/// the remote's hooks; a hook's refusal comes back with its message, as over git daemon and
/// http.
///
/// A server process that makes no progress for the timeout is killed and the transfer fails
/// saying so. When a server program fails, the error carries what it wrote to its standard
/// error. Relative paths stay with libgit2's local transport.
public enum LocalTransport {
  /// Makes local remotes go through `git-upload-pack` and `git-receive-pack` from now on.
  ///
  /// The programs are looked up at the first local transfer, as git does: in git's exec path
  /// (`GIT_EXEC_PATH`, else `git --exec-path`), then on `PATH`. Where they cannot be found,
  /// libgit2's local transport does the transfers instead, and `fallback` is called once with
  /// a sentence that says so.
  ///
  /// Call it once at startup, before any network operation (libgit2 does not synchronize its
  /// transport table). Calling it again replaces the registration (and looks the programs up
  /// again).
  ///
  /// - Parameters:
  ///   - timeout: Seconds a server process may go without progress before it is killed. A
  ///     transfer's own ``TransferOptions/timeout`` overrides it for that transfer.
  ///   - fallback: Told once why libgit2's local transport is used, when it is.
  /// - Throws: ``GitError`` when libgit2 refuses the registration.
  ///
  /// The corresponding libgit2 function is `git_transport_register`.
  public static func register(
    timeout: Double = 60, fallback: (@Sendable (String) -> Void)? = nil
  ) throws {
    GitLibrary.initialize()
    let registration = LocalRegistration(timeout: timeout, fallback: fallback)
    try registry.withLock { current throws(GitError) in
      if current != nil {
        try removeRegistration()
        current = nil
      }
      let result = git_transport_register(scheme, LocalConnector.transportCallback, nil)
      if result < 0 { throw GitError.last(result, "git_transport_register") }
      current = registration
    }
  }

  /// Gives local remotes back to libgit2's local transport. Does nothing when not registered.
  ///
  /// The corresponding libgit2 function is `git_transport_unregister`.
  public static func unregister() throws {
    try registry.withLock { current throws(GitError) in
      guard current != nil else { return }
      try removeRegistration()
      current = nil
    }
  }

  /// Whether local remotes currently go through git's `git-upload-pack` and
  /// `git-receive-pack` on this task (registered, and the programs found).
  public static var isUsingGitPrograms: Bool { current?.programs() != nil }

  /// Runs `body` with the local transfers it makes on this task killed after `seconds`
  /// without progress, instead of the timeout given at registration.
  public static func withTimeout<R>(_ seconds: Double, _ body: () throws -> R) rethrows -> R {
    try $timeoutOverride.withValue(seconds, operation: body)
  }

  /// Runs `body` with the server programs it starts on this task getting `environment`
  /// (less the variables that name a repository) instead of the process's environment.
  public static func withEnvironment<R>(_ environment: [String: String], _ body: () throws -> R) rethrows -> R {
    try $environmentOverride.withValue(environment, operation: body)
  }

  /// Runs `body` with the local transfers it makes on this task going through a
  /// registration of their own, made as ``register(timeout:fallback:)`` makes one (the
  /// programs looked up again, `fallback` told at most once), while every other task keeps
  /// the process's registration.
  public static func withRegistration<R>(
    timeout: Double = 60, fallback: (@Sendable (String) -> Void)? = nil, _ body: () throws -> R
  ) rethrows -> R {
    GitLibrary.initialize()
    return try $registrationOverride.withValue(LocalRegistration(timeout: timeout, fallback: fallback), operation: body)
  }

  @TaskLocal static var timeoutOverride: Double?
  @TaskLocal static var environmentOverride: [String: String]?
  @TaskLocal static var registrationOverride: LocalRegistration?

  /// The transport for a transfer to `url`, for the `transport` member of its callbacks: set
  /// for local remotes while registered, nil otherwise (libgit2 then picks as usual).
  ///
  /// Needed because libgit2 only matches registrations by `scheme://`; an absolute path never
  /// reaches one (and a path with a `:` would go to the ssh transport).
  static func transport(for url: String) -> git_transport_cb? {
    LocalAddress.isLocal(url) && current != nil ? LocalConnector.transportCallback : nil
  }

  /// The registration in force on this task, if any.
  static var current: LocalRegistration? { registrationOverride ?? registry.withLock { $0 } }

  private static let scheme = "file"
  private static let registry = Mutex<LocalRegistration?>(nil)

  private static func removeRegistration() throws(GitError) {
    let result = git_transport_unregister(scheme)
    if result != GIT_ENOTFOUND.rawValue { try check(result, "git_transport_unregister") }
  }
}

/// The settings given at registration, and the server programs once looked up.
final class LocalRegistration: Sendable {
  let timeout: Double
  private let fallback: (@Sendable (String) -> Void)?
  /// nil until looked up; then the programs, or `.some(nil)` when they cannot be found.
  private let found = Mutex<LocalServerPrograms??>(nil)

  init(timeout: Double, fallback: (@Sendable (String) -> Void)?) {
    self.timeout = timeout
    self.fallback = fallback
  }

  /// The server programs, looked up on first use; nil (after telling `fallback`, once) when
  /// they cannot be found.
  func programs() -> LocalServerPrograms? {
    let (programs, firstLookUp) = found.withLock { found -> (LocalServerPrograms?, Bool) in
      if let known = found { return (known, false) }
      let environment = LocalTransport.environmentOverride ?? ProcessInfo.processInfo.environment
      let programs = LocalServerPrograms.find(environment: environment)
      found = .some(programs)
      return (programs, true)
    }
    if programs == nil, firstLookUp {
      fallback?(
        "git-upload-pack and git-receive-pack were not found (git --exec-path, PATH): local remotes "
          + "use libgit2's local transport, which runs none of the remote's hooks and fails on any "
          + "unreadable commit there; install git to fix this")
    }
    return programs
  }
}
