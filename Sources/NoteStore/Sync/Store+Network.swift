import Git

extension Store {
  /// Sets up the network side once per process: ssh remotes go through the system's
  /// OpenSSH client (honouring `~/.ssh/config`, the agent, `known_hosts`,
  /// `ProxyJump`, `GIT_SSH_COMMAND` and `core.sshCommand`); without an `ssh` binary,
  /// libgit2's libssh2 transport stays. `interactive` allows ssh to ask for
  /// passphrases and host keys.
  public static func prepareNetwork(interactive: Bool) throws {
    try SSHTransport.register(allowsPrompts: interactive)
  }
}
