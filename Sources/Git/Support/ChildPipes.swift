import CLibGit2
import Foundation

/// The three pipes for a child's standard input, output and error, and the `posix_spawn` call
/// that connects them.
///
/// All six descriptors are close-on-exec, so no other process started meanwhile inherits them;
/// the child gets its three ends as 0, 1 and 2 through `dup2`. The parent's ends are
/// non-blocking: every wait on them goes through `poll` with a deadline.
struct ChildPipes {
  /// The parent's ends.
  let input: Int32, output: Int32, errors: Int32
  /// The child's ends, closed in the parent once the child has started.
  private let childInput: Int32, childOutput: Int32, childErrors: Int32

  init() throws(GitError) {
    var made: [Int32] = []
    do throws(GitError) {
      for _ in 0..<3 {
        var pair: [Int32] = [-1, -1]
        guard pipe2(&pair, O_CLOEXEC) == 0 else { throw GitError.system("pipe2", "cannot create a pipe for a child process") }
        made += pair
      }
    } catch {
      made.forEach { close($0) }
      throw error
    }
    // made: [stdin read, stdin write, stdout read, stdout write, stderr read, stderr write]
    childInput = made[0]
    input = made[1]
    output = made[2]
    childOutput = made[3]
    errors = made[4]
    childErrors = made[5]
    for descriptor in [input, output, errors] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
  }

  /// Starts `executable`; the process id, or the `errno` of the failure.
  ///
  /// The child starts with an empty signal mask and SIGPIPE (and the other signals a parent
  /// commonly ignores) back at their defaults, and with no descriptors above 2 open.
  func spawn(
    _ executable: String, arguments: [UnsafePointer<CChar>], environment: [UnsafePointer<CChar>],
    ownProcessGroup: Bool
  ) -> Result<pid_t, SpawnFailure> {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(SpawnFailure(code: errno)) }
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawnattr_init(&attributes) == 0 else { return .failure(SpawnFailure(code: errno)) }
    defer { posix_spawnattr_destroy(&attributes) }

    for (from, to) in [(childInput, 0), (childOutput, 1), (childErrors, 2)] {
      let result = posix_spawn_file_actions_adddup2(&actions, from, Int32(to))
      if result != 0 { return .failure(SpawnFailure(code: result)) }
    }
    let closing = posix_spawn_file_actions_addclosefrom_np(&actions, 3)
    if closing != 0 { return .failure(SpawnFailure(code: closing)) }

    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    if ownProcessGroup { flags |= Int32(POSIX_SPAWN_SETPGROUP) }
    for result in [
      posix_spawnattr_setsigmask(&attributes, &emptyMask),
      posix_spawnattr_setsigdefault(&attributes, &defaults),
      posix_spawnattr_setpgroup(&attributes, 0),
      posix_spawnattr_setflags(&attributes, Int16(flags)),
    ] where result != 0 {
      return .failure(SpawnFailure(code: result))
    }

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { UnsafeMutablePointer(mutating: $0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { UnsafeMutablePointer(mutating: $0) } + [nil]
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
    return result == 0 ? .success(pid) : .failure(SpawnFailure(code: result))
  }

  /// Closes the child's ends in the parent (after the spawn, whether or not it worked).
  func closeChildEnds() {
    [childInput, childOutput, childErrors].forEach { close($0) }
  }

  /// Closes the parent's ends, when no child was started to own them.
  func closeParentEnds() {
    [input, output, errors].forEach { close($0) }
  }
}

/// Why `posix_spawn` (or its setup) failed: an `errno` value.
struct SpawnFailure: Error {
  let code: Int32
}
