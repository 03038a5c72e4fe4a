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
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard makePipe(&toChild) else { return nil }
    guard makePipe(&fromChild) else {
      close(toChild[0])
      close(toChild[1])
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = (["env"] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    close(toChild[0])
    close(fromChild[1])
    guard spawned == 0 else {
      close(toChild[1])
      close(fromChild[0])
      return nil
    }
    // Small input: it fits the pipe buffer, so this cannot block on a child that does not read.
    // A child that exits early makes this an EPIPE error (SIGPIPE is ignored by the `notes` main).
    let bytes = Array(input.utf8)
    _ = bytes.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
    close(toChild[1])
    let output = readAll(fromChild[0], pid: pid, timeout: timeout)
    close(fromChild[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = (status & 0x7f) == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
  }

  /// A pipe whose ends are closed in other children (close-on-exec).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  private static func readAll(_ descriptor: Int32, pid: pid_t, timeout: Double?) -> String {
    let deadline = timeout.map { ContinuousClock.now + .seconds($0) }
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let deadline, ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        break
      }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&entry, 1, 100)
      if ready < 0 && errno != EINTR { break }
      if ready <= 0 { continue }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: data, as: UTF8.self)
  }
}
