import Foundation

/// Runs a helper program (`git credential …`) to completion with `posix_spawn` and
/// `waitpid`, feeding it `input` and collecting its standard output.
///
/// Not Foundation's `Process`: its termination monitoring can miss the exit of a child
/// started from a thread that blocks signals, and then `waitUntilExit` never returns. The
/// child gets an empty signal mask and default signal handlers, whatever the caller blocks
/// or ignores.
enum ChildProcess {
  /// The exit status and standard output of `arguments` (looked up on `PATH`), or nil when
  /// it could not be started. Past `timeout` seconds (nil: none) the child is killed.
  static func run(
    _ arguments: [String], environment: [String: String], input: String, timeout: Double?
  ) -> (status: Int32, output: String)? {
    guard let pipes = try? ChildPipes() else { return nil }
    let argv = (["env"] + arguments).map { strdup($0) }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") }
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    let spawned = pipes.spawn(
      "/usr/bin/env", arguments: argv.compactMap { $0.map { UnsafePointer($0) } },
      environment: envp.compactMap { $0.map { UnsafePointer($0) } }, ownProcessGroup: false)
    pipes.closeChildEnds()
    guard case .success(let pid) = spawned else {
      pipes.closeParentEnds()
      return nil
    }
    // Small input: it fits the pipe buffer, so this cannot block on a child that does not read.
    // A child that exits early makes this an EPIPE error (SIGPIPE is ignored by the `notes` main).
    let bytes = Array(input.utf8)
    _ = bytes.withUnsafeBytes { write(pipes.input, $0.baseAddress, $0.count) }
    close(pipes.input)
    let output = readAll(pipes.output, draining: pipes.errors, pid: pid, timeout: timeout)
    close(pipes.output)
    close(pipes.errors)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = (status & 0x7f) == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }

  /// Reads `descriptor` to its end (and discards what the child writes on `errors`,
  /// so it never blocks on a full pipe); past the deadline the child is killed.
  private static func readAll(_ descriptor: Int32, draining errors: Int32, pid: pid_t, timeout: Double?) -> String {
    let deadline = timeout.map { ContinuousClock.now + .seconds($0) }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var open: Set<Int32> = [descriptor, errors]
    while !open.isEmpty {
      if let deadline, ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        break
      }
      var entries = open.sorted().map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&entries, nfds_t(entries.count), 100)
      if ready < 0 && errno != EINTR { break }
      if ready <= 0 { continue }
      for entry in entries where entry.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 {
          open.remove(entry.fd)
        } else if entry.fd == descriptor {
          data.append(contentsOf: buffer[0..<count])
        }
      }
    }
    return String(decoding: data, as: UTF8.self)
  }
}
