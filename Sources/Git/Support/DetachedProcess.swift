import CLibGit2
import Foundation

/// Starts a program that outlives the caller and is never waited for: a session of its
/// own (no terminal signals reach it), `/dev/null` as standard input, output and error
/// (no pipe of the caller's stays open because of it), and no other descriptor inherited.
public enum DetachedProcess {
  /// `POSIX_SPAWN_SETSID` (glibc 2.26+), which Swift does not see without `_GNU_SOURCE`.
  private static let newSession: Int32 = 0x80

  /// Starts `executable` with `arguments` (without the program name) and the caller's
  /// environment; false when it could not be started.
  @discardableResult
  public static func start(_ executable: String, arguments: [String]) -> Bool {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    guard posix_spawn_file_actions_init(&actions) == 0 else { return false }
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawnattr_init(&attributes) == 0 else { return false }
    defer { posix_spawnattr_destroy(&attributes) }
    for (descriptor, flags) in [(Int32(0), O_RDONLY), (1, O_WRONLY), (2, O_WRONLY)] {
      guard posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0) == 0 else { return false }
    }
    guard posix_spawn_file_actions_addclosefrom_np(&actions, 3) == 0 else { return false }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    let flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | newSession
    guard posix_spawnattr_setsigmask(&attributes, &emptyMask) == 0,
      posix_spawnattr_setsigdefault(&attributes, &defaults) == 0,
      posix_spawnattr_setflags(&attributes, Int16(flags)) == 0
    else { return false }
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
    var pid: pid_t = 0
    return posix_spawn(&pid, executable, &actions, &attributes, &pointers, environ) == 0
  }
}
