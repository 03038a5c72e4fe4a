/// What every connection of one transport needs, resolved when libgit2 creates the transport.
final class SSHConnectionSettings: Sendable {
  let program: SSHProgram
  let environment: [String: String]
  let timeout: Double
  let batchMode: Bool

  init(program: SSHProgram, environment: [String: String], timeout: Double, batchMode: Bool) {
    self.program = program
    self.environment = environment
    self.timeout = timeout
    self.batchMode = batchMode
  }

  /// How long to wait for ssh to exit once the conversation is over, before killing it.
  var exitGrace: Double { min(timeout, 5) }
}

/// One git conversation over ssh: a running `ssh … "git-upload-pack '/path'"` (or
/// `git-receive-pack`), with what is needed to explain its failures.
final class SSHConnection: ServerConnection {
  private let child: ServerProcess
  private let address: SSHAddress
  private let settings: SSHConnectionSettings

  /// Starts ssh for `service` (`git-upload-pack` or `git-receive-pack`) at `address`.
  init(address: SSHAddress, service: String, settings: SSHConnectionSettings) throws(GitError) {
    let commandLine = SSHCommandLine(
      program: settings.program, address: address, service: service, batchMode: settings.batchMode)
    child = try ServerProcess.spawn(
      commandLine.executable, arguments: commandLine.arguments, label: "ssh", category: .ssh,
      environment: settings.environment, timeout: settings.timeout, ownProcessGroup: settings.batchMode)
    self.address = address
    self.settings = settings
  }

  /// Reads what the server sent; 0 at a clean end.
  ///
  /// - Throws: When ssh failed (with OpenSSH's message and a hint) or timed out.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(GitError) -> Int {
    let count: Int
    do { count = try child.read(into: buffer) } catch { throw withContext(error) }
    if count > 0 { return count }
    if let status = child.waitForExit(grace: settings.exitGrace), status != .exited(0) {
      throw SSHFailure.error(status: status, errorOutput: child.errorTail.text, address: address)
    }
    return 0
  }

  /// Sends all of `buffer` to the server.
  ///
  /// - Throws: When ssh exited (with its message) or stopped reading for the timeout.
  func write(_ buffer: UnsafeRawBufferPointer) throws(GitError) {
    do {
      try child.write(buffer)
    } catch where error.code == .endOfFile {
      if let status = child.waitForExit(grace: settings.exitGrace), status != .exited(0) {
        throw SSHFailure.error(status: status, errorOutput: child.errorTail.text, address: address)
      }
      throw SSHFailure.closed(errorOutput: child.errorTail.text, address: address)
    } catch {
      throw withContext(error)
    }
  }

  /// Prefixes the destination and appends what ssh said, for errors that are not ssh's own.
  private func withContext(_ error: GitError) -> GitError {
    var message = "ssh to \(address.destination): \(error.message)"
    let said = ServerProcess.oneLine(child.errorTail.text)
    if !said.isEmpty { message += ": " + said }
    return GitError(code: error.code, category: error.category, message: message, function: error.function)
  }

  deinit { child.finish(grace: settings.exitGrace) }
}
