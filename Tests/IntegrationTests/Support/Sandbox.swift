import Foundation
import Git

/// Process-wide test setup, run once by every sandbox: a write to a reset connection must
/// be an error, not a SIGPIPE that kills the test process (the `notes` main does the same).
private let ignoreBrokenPipes: Void = {
  _ = signal(SIGPIPE, SIG_IGN)
}()

/// A temporary directory for one test, removed when the sandbox ends.
final class Sandbox {
  let path: String

  init() throws {
    _ = ignoreBrokenPipes
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "IntegrationTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.resolvingSymlinksInPath().path
  }

  func file(_ relative: String) -> String { path + "/" + relative }

  func write(_ relative: String, _ text: String, executable: Bool = false) throws {
    let url = URL(fileURLWithPath: file(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    if executable {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
  }

  func read(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: file(relative))), as: UTF8.self)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A failed command, with everything it printed.
struct CommandFailure: Error, CustomStringConvertible {
  var command: [String]
  var status: Int32
  var output: String
  var description: String { "\(command.joined(separator: " ")) exited \(status): \(output)" }
}

/// Runs a program (looked up on `PATH`) to completion, returning its standard output
/// without the final newline. Output goes through files, and the child gets a clean signal
/// mask: Foundation's `Process` can miss a child's exit when the child leaves a detached
/// server behind, and the test runner's threads block SIGTERM, which children would inherit.
@discardableResult
func runCommand(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
  var environment = ProcessInfo.processInfo.environment
  environment.merge(extra) { _, new in new }
  let capture = FileManager.default.temporaryDirectory.appendingPathComponent(
    "command-\(UUID().uuidString)").path
  defer {
    unlink(capture + ".out")
    unlink(capture + ".err")
  }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, capture + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, capture + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  closeInheritedDescriptors(&actions)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  posix_spawnattr_setsigmask(&attributes, &none)
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
  guard spawned == 0 else {
    throw CommandFailure(command: arguments, status: spawned, output: "cannot start")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let text = (try? String(contentsOfFile: capture + ".out", encoding: .utf8)) ?? ""
  let errors = (try? String(contentsOfFile: capture + ".err", encoding: .utf8)) ?? ""
  guard status == 0 else {
    throw CommandFailure(command: arguments, status: status, output: text + errors)
  }
  return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

/// Adds to `actions` the closing of every descriptor above standard error in the child.
///
/// Foundation opens files and pipes without close-on-exec, and other suites of this process
/// do so while a child starts: a server that kept such a descriptor would keep another test's
/// script busy for writing ("Text file busy" when it runs) or its pipe from ever ending.
/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34) is looked up at run time: the C
/// headers declare it only for `_GNU_SOURCE`.
func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
  _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
}

/// Runs the git CLI in `directory`, isolated from the machine's global and system config.
@discardableResult
func git(_ directory: String, _ arguments: String...) throws -> String {
  try runCommand(
    ["git", "-C", directory, "-c", "user.name=Test", "-c", "user.email=test@example.com"]
      + arguments,
    environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"])
}

/// A TCP port on 127.0.0.1 that nothing listens on right now.
func freePort() throws -> UInt16 {
  let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw CommandFailure(command: ["socket"], status: errno, output: "") }
  defer { close(descriptor) }
  var address = loopbackAddress(port: 0)
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
    }
  }
  guard bound else { throw CommandFailure(command: ["bind"], status: errno, output: "") }
  return UInt16(bigEndian: address.sin_port)
}

/// `127.0.0.1:port` as a socket address.
func loopbackAddress(port: UInt16) -> sockaddr_in {
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  return address
}
