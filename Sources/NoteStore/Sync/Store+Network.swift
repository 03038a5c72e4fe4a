import Git

extension Store {
  /// Sets up the network side once per process: ssh remotes go through the system's
  /// OpenSSH client (honouring `~/.ssh/config`, the agent, `known_hosts`,
  /// `ProxyJump`, `GIT_SSH_COMMAND` and `core.sshCommand`); without an `ssh` binary,
  /// libgit2's libssh2 transport stays. `interactive` allows ssh to ask for
  /// passphrases and host keys. Local remotes (absolute paths, `file://`) go through
  /// git's `git-upload-pack` and `git-receive-pack`, so the remote's hooks run and one
  /// unreadable commit on another branch does not stop a fetch; where git's programs
  /// cannot be found, libgit2's local transport stays and `warning` is told so once.
  public static func prepareNetwork(
    interactive: Bool, warning: (@Sendable (String) -> Void)? = nil
  ) throws {
    try SSHTransport.register(allowsPrompts: interactive)
    try LocalTransport.register(fallback: warning)
  }
}
