/// One git conversation with a local repository: a running `git-upload-pack <path>` (or
/// `git-receive-pack <path>`), the way `git fetch /path` runs it.
final class LocalConnection: ServerConnection {
  private let child: ServerProcess
  private let exitGrace: Double
  /// The first failure: libgit2 may read again after one (while closing), and must not
  /// see a later, vaguer error ("killed by signal 9" after a timeout) replace it.
  private var failure: GitError?

  /// Starts `program` (`git-upload-pack` or `git-receive-pack`, full path) for the
  /// repository at `path`, labelled `service` in messages.
  init(
    program: String, service: String, path: String, environment: [String: String], timeout: Double
  ) throws(GitError) {
    // No shell: the path is one argument, whatever characters it has. `--` is not needed
    // (the path is absolute, so it cannot start with `-`) and receive-pack does not take it.
    child = try ServerProcess.spawn(
      program, arguments: [service, path], label: "\(service) '\(path)'", category: .net,
      environment: environment, timeout: timeout, ownProcessGroup: true)
    exitGrace = min(timeout, 5)
  }

  /// Reads what the server sent; 0 at a clean end.
  ///
  /// - Throws: When the server failed (with what it wrote to its standard error) or timed out.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(GitError) -> Int {
    try remembering { () throws(GitError) -> Int in
      let count: Int
      do throws(GitError) { count = try child.read(into: buffer) } catch { throw withWhatItSaid(error) }
      if count > 0 { return count }
      if let status = child.waitForExit(grace: exitGrace), status != .exited(0) { throw ended(status) }
      return 0
    }
  }

  /// Sends all of `buffer` to the server.
  ///
  /// - Throws: When the server exited (with its message) or stopped reading for the timeout.
  func write(_ buffer: UnsafeRawBufferPointer) throws(GitError) {
    try remembering { () throws(GitError) in
      do throws(GitError) {
        try child.write(buffer)
      } catch where error.code == .endOfFile {
        if let status = child.waitForExit(grace: exitGrace), status != .exited(0) { throw ended(status) }
        throw withWhatItSaid(error)
      } catch {
        throw withWhatItSaid(error)
      }
    }
  }

  /// Runs `body` unless an earlier call failed (then throws that failure again); keeps
  /// the first failure.
  private func remembering<R>(_ body: () throws(GitError) -> R) throws(GitError) -> R {
    if let failure { throw failure }
    do {
      return try body()
    } catch {
      failure = error
      throw error
    }
  }

  /// The error for a server that ended with `status`: its own words from standard error.
  private func ended(_ status: ExitStatus) -> GitError {
    var message: String
    switch status {
    case .exited(let code): message = "\(child.label) failed (exit status \(code))"
    case .signaled(let signal): message = "\(child.label) was killed by signal \(signal)"
    case .unknown: message = "\(child.label) failed"
    }
    let said = ServerProcess.oneLine(child.errorTail.text)
    if !said.isEmpty { message += ": " + said }
    return GitError(code: .generic, category: .net, message: message, function: child.label)
  }

  /// `error` with what the server wrote to its standard error appended.
  private func withWhatItSaid(_ error: GitError) -> GitError {
    let said = ServerProcess.oneLine(child.errorTail.text)
    guard !said.isEmpty else { return error }
    return GitError(
      code: error.code, category: error.category, message: error.message + ": " + said, function: error.function)
  }

  deinit { child.finish(grace: exitGrace) }
}
