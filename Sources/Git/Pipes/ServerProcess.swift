import Foundation

/// One running server process (ssh, or git's own `git-upload-pack`/`git-receive-pack`) and
/// the three pipes to it: the single owner of its process id (reaped exactly once) and of the
/// parent's pipe ends (each closed exactly once).
///
/// Every wait is bounded by `timeout` seconds without progress: a stalled server ends in an
/// error that says so, and the process (its whole group when it has one) is killed. The last
/// 4 KB the process wrote to its standard error are kept for error messages.
final class ServerProcess {
  let pid: pid_t
  /// What the process is called in messages (`ssh`, `git-upload-pack`).
  let label: String
  /// The category of the errors it raises.
  let category: GitError.Category
  let timeout: TimeInterval
  private let ownsProcessGroup: Bool
  private var input: Int32
  private var output: Int32
  private var errors: Int32
  private(set) var errorTail = BoundedTail(limit: 4096)
  private(set) var exitStatus: ExitStatus?

  private init(
    pid: pid_t, label: String, category: GitError.Category, pipes: ChildPipes, timeout: TimeInterval,
    ownsProcessGroup: Bool
  ) {
    self.pid = pid
    self.label = label
    self.category = category
    self.timeout = timeout
    self.ownsProcessGroup = ownsProcessGroup
    input = pipes.input
    output = pipes.output
    errors = pipes.errors
  }

  /// Starts `executable` with `arguments` (`argv`, starting with the program's name) and its
  /// standard input, output and error connected to us; `label` names it in messages.
  ///
  /// With `ownProcessGroup` the process leads a new process group, so that a timeout kills
  /// what it started too (a shell wrapper's ssh, receive-pack's hooks); that also cuts it off
  /// from the terminal's foreground group, so only use it when the process must not prompt.
  static func spawn(
    _ executable: String, arguments: [String], label: String, category: GitError.Category,
    environment: [String: String], timeout: TimeInterval, ownProcessGroup: Bool
  ) throws(GitError) -> ServerProcess {
    let pipes = try ChildPipes()
    let spawned = withCStrings(arguments) { arguments in
      withCStrings(environment.map { "\($0.key)=\($0.value)" }) { variables in
        pipes.spawn(
          executable, arguments: arguments, environment: variables,
          ownProcessGroup: ownProcessGroup)
      }
    }
    pipes.closeChildEnds()
    switch spawned {
    case .success(let pid):
      return ServerProcess(
        pid: pid, label: label, category: category, pipes: pipes, timeout: timeout,
        ownsProcessGroup: ownProcessGroup)
    case .failure(let failure):
      pipes.closeParentEnds()
      let reason = String(cString: strerror(failure.code))
      throw .synthesized(.generic, category, "cannot start '\(executable)': \(reason)", "posix_spawn")
    }
  }

  /// Reads what the process wrote to its standard output into `buffer`; 0 means it closed it.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(GitError) -> Int {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      let ready = try waitFor(output, events: Int16(POLLIN), until: deadline, doing: "reading from")
      guard ready else { continue }
      let count = Foundation.read(output, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EAGAIN || errno == EINTR { continue }
      throw .system("read", "cannot read from \(label)")
    }
  }

  /// Writes all of `buffer` to the process's standard input.
  ///
  /// - Throws: When the process stops reading (it exited, or `timeout` passed without progress).
  func write(_ buffer: UnsafeRawBufferPointer) throws(GitError) {
    var offset = 0
    var deadline = Date(timeIntervalSinceNow: timeout)
    while offset < buffer.count {
      let ready = try waitFor(input, events: Int16(POLLOUT), until: deadline, doing: "writing to")
      guard ready else { continue }
      let count = Foundation.write(input, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if count > 0 {
        offset += count
        deadline = Date(timeIntervalSinceNow: timeout)
      } else if count < 0, errno != EAGAIN, errno != EINTR {
        if errno == EPIPE { throw .synthesized(.endOfFile, category, "\(label) closed its input", "write") }
        throw .system("write", "cannot write to \(label)")
      }
    }
  }

  /// Waits until `descriptor` is ready for `events` while keeping standard error drained.
  /// True when ready; false to poll again; throws (after killing the process) at `deadline`.
  private func waitFor(
    _ descriptor: Int32, events: Int16, until deadline: Date, doing action: String
  ) throws(GitError) -> Bool {
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else {
      kill()
      throw .synthesized(
        .generic, category,
        "timed out \(action) \(label): nothing happened for \(Self.describe(timeout)); the \(label) process was stopped",
        "poll")
    }
    var descriptors = [
      pollfd(fd: descriptor, events: events, revents: 0),
      pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
    ]
    let result = poll(&descriptors, 2, Int32(min(remaining * 1000, 1000).rounded(.up)))
    if result < 0 {
      if errno == EINTR { return false }
      throw .system("poll", "cannot wait for \(label)")
    }
    if descriptors[1].revents != 0 { drainErrors() }
    return descriptors[0].revents != 0
  }

  /// Reads what is available on standard error into `errorTail`; closes it at end of file.
  private func drainErrors() {
    guard errors >= 0 else { return }
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(errors, $0.baseAddress, $0.count) }
      if count > 0 {
        errorTail.append(chunk[..<count])
      } else if count < 0, errno == EINTR {
        continue
      } else {
        if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closeDescriptor(&errors) }
        return
      }
    }
  }

  /// Closes standard input and output and waits up to `grace` seconds for the process to exit,
  /// then kills it. Reaps it in every case. Returns how it ended.
  @discardableResult
  func finish(grace: TimeInterval) -> ExitStatus {
    if let exitStatus { return exitStatus }
    closeDescriptor(&input)
    closeDescriptor(&output)
    return waitForExit(grace: grace) ?? kill()
  }

  /// Waits up to `grace` seconds for the process to exit on its own, draining standard error.
  func waitForExit(grace: TimeInterval) -> ExitStatus? {
    let deadline = Date(timeIntervalSinceNow: grace)
    while true {
      if let status = reap(blocking: false) { return status }
      let remaining = deadline.timeIntervalSinceNow
      if remaining <= 0 { return nil }
      var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, Int32(min(remaining * 1000, 20).rounded(.up))) > 0 { drainErrors() }
    }
  }

  /// Kills the process (its group, when it leads one) and reaps it.
  @discardableResult
  func kill() -> ExitStatus {
    if let exitStatus { return exitStatus }
    _ = Foundation.kill(ownsProcessGroup ? -pid : pid, SIGKILL)
    return reap(blocking: true) ?? .signaled(SIGKILL)
  }

  private func reap(blocking: Bool) -> ExitStatus? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid {
        let ended = ExitStatus(waitStatus: status)
        exitStatus = ended
        drainErrors()
        closeDescriptor(&errors)
        return ended
      }
      if result < 0, errno == EINTR { continue }
      if result < 0 {
        // Not our child any more (someone else reaped it): nothing left to wait for.
        exitStatus = .unknown
        return .unknown
      }
      return nil
    }
  }

  private func closeDescriptor(_ descriptor: inout Int32) {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  /// A server's standard error lines (ssh ends some with CR LF) joined into one.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  private static func describe(_ seconds: TimeInterval) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }

  deinit {
    finish(grace: 0)
    closeDescriptor(&errors)
  }
}

/// How a child process ended.
enum ExitStatus: Equatable, Sendable {
  case exited(Int32)
  case signaled(Int32)
  /// Reaped elsewhere; the status is lost.
  case unknown

  /// Decodes a `waitpid` status (the `WIFEXITED`/`WEXITSTATUS` macros, which Swift cannot import).
  init(waitStatus status: Int32) {
    let signal = status & 0x7f
    self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }
}

/// The last `limit` bytes of a stream, as text.
struct BoundedTail {
  let limit: Int
  private(set) var bytes: [UInt8] = []

  init(limit: Int) { self.limit = limit }

  mutating func append(_ more: ArraySlice<UInt8>) {
    bytes += more
    if bytes.count > limit { bytes.removeFirst(bytes.count - limit) }
  }

  /// The bytes decoded as UTF-8 (invalid bytes repaired), surrounding whitespace trimmed.
  var text: String {
    String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
