import Foundation

/// Turns a failed ssh process into an error a user can act on: OpenSSH's (or the remote git's)
/// own words, plus a hint for the failures that have a standard fix.
enum SSHFailure {
  /// The error for an ssh process that ended with `status` after writing `errorOutput` to its
  /// standard error, while connecting to `address`.
  ///
  /// An unknown or changed host key gives ``GitError/Code-swift.struct/certificate``, refused
  /// keys give ``GitError/Code-swift.struct/authentication``, anything else
  /// ``GitError/Code-swift.struct/generic``.
  static func error(status: ExitStatus, errorOutput: String, address: SSHAddress) -> GitError {
    var message: String
    switch status {
    case .exited(let code): message = "ssh to \(address.destination) failed (exit status \(code))"
    case .signaled(let signal): message = "ssh to \(address.destination) was killed by signal \(signal)"
    case .unknown: message = "ssh to \(address.destination) failed"
    }
    let said = ServerProcess.oneLine(errorOutput)
    if !said.isEmpty { message += ": " + said }
    let (code, hint) = classify(errorOutput, address: address)
    if let hint { message += (message.hasSuffix(".") ? " " : ". ") + hint }
    return .synthesized(code, .ssh, message, "ssh")
  }

  /// The error for an ssh process that closed the connection without a failure status.
  static func closed(errorOutput: String, address: SSHAddress) -> GitError {
    var message = "ssh to \(address.destination) closed the connection"
    let said = ServerProcess.oneLine(errorOutput)
    if !said.isEmpty { message += ": " + said }
    return .synthesized(.endOfFile, .ssh, message, "ssh")
  }

  private static func classify(_ output: String, address: SSHAddress) -> (GitError.Code, String?) {
    let portOption = address.port.map { "-p \($0) " } ?? ""
    if output.contains("REMOTE HOST IDENTIFICATION HAS CHANGED") {
      let entry = address.port.map { "[\(address.host)]:\($0)" } ?? address.host
      return (
        .certificate,
        "The server's host key changed. If you know why (the server was reinstalled), remove "
          + "the old key with `ssh-keygen -R '\(entry)'`, then connect once with "
          + "`ssh \(portOption)\(address.destination)` to check and accept the new one."
      )
    }
    if output.contains("Host key verification failed") || output.contains("No ED25519 host key is known")
      || output.contains("host key is known")
    {
      return (
        .certificate,
        "The server's host key is not in ~/.ssh/known_hosts. To trust it, connect once with "
          + "`ssh \(portOption)\(address.destination)` and accept the key after checking its "
          + "fingerprint, or add it with `ssh-keyscan \(portOption)\(address.host) >> ~/.ssh/known_hosts`."
      )
    }
    if output.contains("Permission denied (") {
      return (
        .authentication,
        "The server accepted none of your keys. Load your key into the agent (`ssh-add`, check "
          + "with `ssh-add -l`) or name it with IdentityFile in ~/.ssh/config, and make sure its "
          + "public key is authorized on the server."
      )
    }
    return (.generic, nil)
  }
}
