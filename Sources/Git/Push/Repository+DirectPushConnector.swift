import CLibGit2
import Foundation

extension Repository {
  /// Whether a push to `url` can go through NoteStore's own receive-pack conversation:
  /// a local remote while ``LocalTransport`` is registered and git's programs are there,
  /// or an ssh remote while ``SSHTransport`` is registered (the transports libgit2 would
  /// otherwise run the same server program through).
  func canPushDirectly(url: String) -> Bool {
    if LocalTransport.transport(for: url) != nil { return LocalTransport.current?.programs() != nil }
    return SSHAddress.isSSH(url) && SSHTransport.current != nil
  }

  /// The connector that starts `git-receive-pack` for a direct push to `url`, configured
  /// as the transport libgit2 would create for `remote` is: for a local remote, git's own
  /// program with the local transport's environment and timeout; for an ssh remote, the
  /// ssh program, options, environment and timeout ``SSHRegistration/settings(for:)``
  /// resolves (`GIT_SSH_COMMAND`, `core.sshCommand`, `GIT_SSH`, BatchMode). Nil when
  /// libgit2's transport must do the push.
  ///
  /// - Throws: What the ssh transport would fail with when libgit2 created it (no ssh
  ///   program found, an unreadable configuration).
  func directPushConnector(url: String, remote: OpaquePointer) throws(GitError) -> (any ServerConnector)? {
    if LocalTransport.transport(for: url) != nil {
      guard let registration = LocalTransport.current, let programs = registration.programs() else { return nil }
      return LocalConnector(
        programs: programs,
        environment: LocalTransport.environmentOverride ?? ProcessInfo.processInfo.environment,
        timeout: LocalTransport.timeoutOverride ?? registration.timeout)
    }
    guard SSHAddress.isSSH(url), let registration = SSHTransport.current else { return nil }
    return SSHConnector(settings: try registration.settings(for: remote))
  }
}

/// Tells tests which pushes took the direct path.
enum DirectPushObservation {
  /// Called on this task with the URL and the connector's transport (`"local"`, `"ssh"`)
  /// of each push that goes through the direct path rather than `git_remote_push`.
  @TaskLocal static var observer: (@Sendable (_ url: String, _ transport: String) -> Void)?
}
