import CLibGit2
import Foundation

/// Starts the `git-upload-pack`/`git-receive-pack` processes of one local transport.
final class LocalConnector: ServerConnector {
  let programs: LocalServerPrograms
  let environment: [String: String]
  let timeout: Double
  var category: GitError.Category { .net }

  /// The variables git clears before it runs a local server program (git's
  /// `local_repo_env`): they would make the server read another repository than the
  /// path it is given (`GIT_DIR` is set while a hook runs, for one).
  static let repositoryVariables: Set<String> = [
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT",
    "GIT_OBJECT_DIRECTORY", "GIT_DIR", "GIT_WORK_TREE", "GIT_IMPLICIT_WORK_TREE", "GIT_GRAFT_FILE",
    "GIT_INDEX_FILE", "GIT_NO_REPLACE_OBJECTS", "GIT_REPLACE_REF_BASE", "GIT_PREFIX", "GIT_SHALLOW_FILE",
    "GIT_COMMON_DIR", "GIT_INTERNAL_SUPER_PREFIX", "GIT_QUARANTINE_PATH",
  ]

  init(programs: LocalServerPrograms, environment: [String: String], timeout: Double) {
    self.programs = programs
    self.environment = environment.filter { !Self.repositoryVariables.contains($0.key) }
    self.timeout = timeout
  }

  /// `git_transport_cb` for local remotes (the `file` scheme, and absolute paths through the
  /// `transport` member of a transfer's callbacks); `parameter` is not used: the current
  /// registration is read from ``LocalTransport``. Falls back to libgit2's local transport
  /// when git's programs cannot be found or the transport was unregistered meanwhile.
  static let transportCallback: git_transport_cb = { out, remote, _ in
    guard let out else { return -1 }
    // Without git's programs (or once unregistered), libgit2's own local transport does it.
    guard let registration = LocalTransport.current, let programs = registration.programs() else {
      return git_transport_local(out, remote, nil)
    }
    let connector = LocalConnector(
      programs: programs,
      environment: LocalTransport.environmentOverride ?? ProcessInfo.processInfo.environment,
      timeout: LocalTransport.timeoutOverride ?? registration.timeout)
    return PipeSubtransport.makeTransport(out, remote, connector: connector)
  }

  func connect(url: String, service: String) throws(GitError) -> any ServerConnection {
    try LocalConnection(
      program: programs.program(for: service), service: service, path: try LocalAddress.path(of: url),
      environment: environment, timeout: timeout)
  }
}
