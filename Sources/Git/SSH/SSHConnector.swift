import CLibGit2

/// Starts the OpenSSH connections of one ssh transport, with the settings resolved when
/// libgit2 created it.
final class SSHConnector: ServerConnector {
  let settings: SSHConnectionSettings
  var category: GitError.Category { .ssh }

  init(settings: SSHConnectionSettings) { self.settings = settings }

  /// `git_transport_cb` for the ssh schemes; `parameter` is the unretained ``SSHRegistration``.
  static let transportCallback: git_transport_cb = { out, remote, parameter in
    guard let out, let parameter else { return -1 }
    let registration = Unmanaged<SSHRegistration>.fromOpaque(parameter).takeUnretainedValue()
    let settings: SSHConnectionSettings
    do throws(GitError) {
      settings = try registration.settings(for: remote)
    } catch {
      return PipeSubtransport.report(error)
    }
    return PipeSubtransport.makeTransport(out, remote, connector: SSHConnector(settings: settings))
  }

  func connect(url: String, service: String) throws(GitError) -> any ServerConnection {
    try SSHConnection(address: try SSHAddress(parsing: url), service: service, settings: settings)
  }
}
