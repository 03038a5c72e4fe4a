import Foundation

/// A long-running helper process (sshd, ssh-agent) that the fixture owns: started with
/// `posix_spawn`, stopped and reaped exactly once by ``stop()`` or `deinit`.
///
/// Not Foundation's `Process`: sshd closes every inherited descriptor, including the one
/// Foundation watches to learn that a child exited, and Foundation's monitor thread then
/// blocks in `waitpid` on sshd until it ends, so no other `Process` is reaped meanwhile.
final class SSHDaemon {
  let pid: pid_t
  private var reaped = false

  /// Starts `executable` with standard input from /dev/null and output appended to `log`.
  init(_ executable: String, _ arguments: [String], log: String) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    closeInheritedDescriptors(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The test process ignores SIGPIPE, and its worker threads block most signals; the
    // daemon should inherit neither (a blocked SIGTERM would not stop ssh-agent).
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard result == 0 else { throw FixtureError("cannot start \(executable): \(String(cString: strerror(result)))") }
    self.pid = pid
  }

  /// Whether the process is still running (it has not exited).
  var isRunning: Bool {
    guard !reaped else { return false }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid { reaped = true }
    return !reaped
  }

  /// Stops the process (SIGTERM, then SIGKILL after 5 s) and reaps it.
  func stop() {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<100 {
      if waitpid(pid, &status, WNOHANG) == pid {
        reaped = true
        return
      }
      usleep(50_000)
    }
    kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
    reaped = true
  }

  deinit { stop() }
}
