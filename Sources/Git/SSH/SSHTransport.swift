import CLibGit2
import Foundation
import Synchronization

/// Runs `ssh://` remotes (also `ssh+git://`, `git+ssh://` and scp-like `[user@]host:path`)
/// through the system's OpenSSH client, as `git` does, instead of libgit2's built-in libssh2.
///
/// Each connection runs `ssh [-o BatchMode=yes] [-p PORT] [user@]host "git-upload-pack '/path'"`
/// (or `git-receive-pack`) and speaks git's protocol over its pipes. So everything OpenSSH
/// knows applies: `~/.ssh/config` (`Host` aliases, `IdentityFile`, `ProxyJump`, `User`,
/// `Port`), the agent (`SSH_AUTH_SOCK`), ed25519, RSA and FIDO keys, and `known_hosts`.
/// The program is chosen in git's order: `GIT_SSH_COMMAND`, the repository's
/// `core.sshCommand`, `GIT_SSH`, the `sshCommand` given to ``register(sshCommand:timeout:allowsPrompts:)``,
/// then `ssh` on `PATH`. Commands must accept OpenSSH's `-p` and `-o` options (PuTTY's
/// `plink` does not; `ssh.variant` is not read).
///
/// A connection that makes no progress for the timeout is killed and fails with an error that
/// says it timed out. When ssh fails, the error carries its own message; an unknown host key
/// (``GitError/Code-swift.struct/certificate``) and refused keys
/// (``GitError/Code-swift.struct/authentication``) come with a hint on how to fix them.
///
/// libgit2's credential and certificate callbacks are not called for these remotes: OpenSSH
/// authenticates and checks host keys itself.
public enum SSHTransport {
  /// Makes ssh remotes go through OpenSSH from now on, unless no ssh program can be found:
  /// then libgit2's libssh2 transport stays in place, and this returns false.
  ///
  /// Call it once at startup, before any network operation (libgit2 does not synchronize its
  /// transport table). Calling it again with the same arguments does nothing; with other
  /// arguments it replaces the registration. Registering also makes the process ignore
  /// SIGPIPE (unless it installed a handler), so that a closed connection is an error rather
  /// than the end of the process; libgit2's own transports need that too.
  ///
  /// - Parameters:
  ///   - sshCommand: A command to use instead of `ssh` on `PATH`, run through `sh -c` like
  ///     `core.sshCommand`. `GIT_SSH_COMMAND`, `core.sshCommand` and `GIT_SSH` still win.
  ///   - timeout: Seconds a connection may go without progress (connecting, reading or
  ///     writing) before it is killed. ``withTimeout(_:_:)`` overrides it for one operation.
  ///   - allowsPrompts: Whether ssh may ask on the terminal (passphrases, passwords, new host
  ///     keys). When false (the default, right for a sync that runs unattended), ssh runs with
  ///     `-o BatchMode=yes` and fails with a message instead of waiting for an answer.
  /// - Returns: Whether OpenSSH is now used (``isUsingOpenSSH``).
  /// - Throws: ``GitError`` when libgit2 refuses the registration.
  ///
  /// The corresponding libgit2 function is `git_transport_register`.
  @discardableResult
  public static func register(
    sshCommand: String? = nil, timeout: Double = 60, allowsPrompts: Bool = false
  ) throws -> Bool {
    GitLibrary.initialize()
    ignoreBrokenPipes()
    let registration = SSHRegistration(
      sshCommand: sshCommand, timeout: timeout, allowsPrompts: allowsPrompts)
    let environment = environmentOverride ?? ProcessInfo.processInfo.environment
    let available =
      SSHProgram.resolve(environment: environment, configuredCommand: nil, fallbackCommand: sshCommand) != nil
    return try registry.withLock { current throws(GitError) -> Bool in
      if let current, current == registration { return true }
      if current != nil {
        try removeRegistration()
        current = nil
      }
      guard available else { return false }
      try addRegistration(registration)
      current = registration
      return true
    }
  }

  /// Gives ssh remotes back to libgit2's libssh2 transport. Does nothing when not registered.
  ///
  /// Like registering, call it when no network operation runs.
  ///
  /// The corresponding libgit2 function is `git_transport_unregister`.
  public static func unregister() throws {
    try registry.withLock { current throws(GitError) in
      guard current != nil else { return }
      try removeRegistration()
      current = nil
    }
  }

  /// Whether ssh remotes currently go through the system's OpenSSH client.
  public static var isUsingOpenSSH: Bool { registry.withLock { $0 != nil } }

  /// Runs `body` with the ssh connections it makes on this task looking up `GIT_SSH_COMMAND`,
  /// `GIT_SSH` and `PATH` in `environment`, and running ssh with exactly `environment`
  /// (so `SSH_AUTH_SOCK` comes from it too), instead of the process's environment.
  public static func withEnvironment<R>(_ environment: [String: String], _ body: () throws -> R) rethrows -> R {
    try $environmentOverride.withValue(environment, operation: body)
  }

  /// Runs `body` with the ssh connections it makes on this task killed after `seconds`
  /// without progress, instead of the timeout given at registration.
  public static func withTimeout<R>(_ seconds: Double, _ body: () throws -> R) rethrows -> R {
    try $timeoutOverride.withValue(seconds, operation: body)
  }

  @TaskLocal static var environmentOverride: [String: String]?
  @TaskLocal static var timeoutOverride: Double?

  /// The registration in force, if any: what the transport libgit2 creates for an ssh
  /// remote is configured from.
  static var current: SSHRegistration? { registry.withLock { $0 } }

  /// The registration libgit2 currently holds a pointer to (unretained), kept alive here.
  private static let registry = Mutex<SSHRegistration?>(nil)

  private static func addRegistration(_ registration: SSHRegistration) throws(GitError) {
    let parameter = Unmanaged.passUnretained(registration).toOpaque()
    var added: [String] = []
    for scheme in SSHAddress.schemes {
      let result = git_transport_register(scheme, SSHConnector.transportCallback, parameter)
      if result < 0 {
        let error = GitError.last(result, "git_transport_register")
        added.forEach { _ = git_transport_unregister($0) }
        throw error
      }
      added.append(scheme)
    }
  }

  private static func removeRegistration() throws(GitError) {
    for scheme in SSHAddress.schemes {
      let result = git_transport_unregister(scheme)
      if result != GIT_ENOTFOUND.rawValue { try check(result, "git_transport_unregister") }
    }
  }

  /// Ignores SIGPIPE unless the program handles it itself.
  private static func ignoreBrokenPipes() {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
    // SIG_DFL is the null handler; anything else (ignored, or a handler) is the program's choice.
    if current.__sigaction_handler.sa_handler == nil { _ = signal(SIGPIPE, SIG_IGN) }
  }
}

/// The settings given at registration. libgit2 holds an unretained pointer to it.
final class SSHRegistration: Sendable, Equatable {
  let sshCommand: String?
  let timeout: Double
  let allowsPrompts: Bool

  init(sshCommand: String?, timeout: Double, allowsPrompts: Bool) {
    self.sshCommand = sshCommand
    self.timeout = timeout
    self.allowsPrompts = allowsPrompts
  }

  static func == (lhs: SSHRegistration, rhs: SSHRegistration) -> Bool {
    lhs.sshCommand == rhs.sshCommand && lhs.timeout == rhs.timeout && lhs.allowsPrompts == rhs.allowsPrompts
  }

  /// Resolves the program and environment for a transport libgit2 creates for `remote`,
  /// reading `core.sshCommand` from the remote's repository.
  func settings(for remote: OpaquePointer?) throws(GitError) -> SSHConnectionSettings {
    let environment = SSHTransport.environmentOverride ?? ProcessInfo.processInfo.environment
    let configured = try Self.configuredCommand(of: remote)
    guard
      let program = SSHProgram.resolve(
        environment: environment, configuredCommand: configured, fallbackCommand: sshCommand)
    else {
      throw .synthesized(
        .generic, .ssh,
        "no ssh program found on PATH: install OpenSSH's client, or set GIT_SSH_COMMAND or core.sshCommand",
        "ssh")
    }
    return SSHConnectionSettings(
      program: program, environment: environment,
      timeout: SSHTransport.timeoutOverride ?? timeout, batchMode: !allowsPrompts)
  }

  /// `core.sshCommand` from the configuration of the repository that owns `remote`.
  private static func configuredCommand(of remote: OpaquePointer?) throws(GitError) -> String? {
    guard let remote, let repository = git_remote_owner(remote) else { return nil }
    let config = try OwnedHandle.make(
      "git_repository_config_snapshot", keepAlive: nil, release: { git_config_free($0) }
    ) { git_repository_config_snapshot(&$0, repository) }
    var buffer = git_buf()
    defer { git_buf_dispose(&buffer) }
    let result = git_config_get_string_buf(&buffer, config.pointer, "core.sshCommand")
    if result == GIT_ENOTFOUND.rawValue { return nil }
    try check(result, "git_config_get_string_buf")
    return decodeCString(UnsafePointer(buffer.ptr))
  }
}
