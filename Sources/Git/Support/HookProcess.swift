import CLibGit2  // for the GNU spawn and pipe extensions the C headers declare
import Foundation

/// One run of a hook program: started in `directory` in a process group of its own,
/// fed `input` on standard input, its standard output and error captured together (in
/// the order written), and killed with its whole group when it outlives the timeout.
///
/// Not Foundation's `Process`: a hung hook must be killed with every child it started
/// (a `sleep` under `sh`), which needs the process group, and the store's writer must
/// never wait on a monitoring thread it does not control.
public enum HookProcess {
  /// How a run ended.
  public struct Outcome: Sendable {
    /// The exit status (128 + the signal for a killed hook); nil when it was killed
    /// for taking too long.
    public var status: Int32?
    /// What the hook wrote on standard output and error, at most `outputLimit` bytes.
    public var output: String
  }

  /// Why a hook could not be started: an `errno` value.
  public struct StartFailure: Error, Sendable {
    /// The `errno` value.
    public var code: Int32
    /// What it means, in words.
    public var reason: String { String(cString: strerror(code)) }
  }

  /// The most output kept from one run; what comes after is dropped.
  public static let outputLimit = 1 << 20

  /// After the hook itself has exited, how long output from children it left running
  /// (holding the pipe open) is still read before the run counts as done.
  static let drainGrace: Duration = .milliseconds(200)

  /// Runs `executable` with `arguments` to completion or to `timeout` seconds.
  ///
  /// A file without a `#!` line (ENOEXEC) is run by `/bin/sh`, as git does.
  public static func run(
    _ executable: String, arguments: [String], environment: [String: String], directory: String,
    input: [UInt8], timeout: Double
  ) throws(StartFailure) -> Outcome {
    ignoreBrokenPipes()
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    guard pipe2(&inputPipe, O_CLOEXEC) == 0 else { throw StartFailure(code: errno) }
    guard pipe2(&outputPipe, O_CLOEXEC) == 0 else {
      let code = errno
      inputPipe.forEach { close($0) }
      throw StartFailure(code: code)
    }
    var spawned = spawnWhenWritten(
      executable, arguments: [executable] + arguments, environment: environment, directory: directory,
      stdin: inputPipe[0], output: outputPipe[1])
    if case .failure(let failure) = spawned, failure.code == ENOEXEC {
      // No `#!` line: run it with sh, as git does.
      spawned = spawn(
        "/bin/sh", arguments: ["/bin/sh", executable] + arguments, environment: environment, directory: directory,
        stdin: inputPipe[0], output: outputPipe[1])
    }
    close(inputPipe[0])
    close(outputPipe[1])
    let pid: pid_t
    switch spawned {
    case .success(let started): pid = started
    case .failure(let failure):
      close(inputPipe[1])
      close(outputPipe[0])
      throw failure
    }
    for descriptor in [inputPipe[1], outputPipe[0]] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    let outcome = communicate(pid: pid, input: input, inputEnd: inputPipe[1], outputEnd: outputPipe[0], timeout: timeout)
    close(outputPipe[0])
    return outcome
  }

  /// Feeds the input, collects the output and waits for the hook, killing its process
  /// group past the deadline. Closes `inputEnd`.
  private static func communicate(pid: pid_t, input: [UInt8], inputEnd: Int32, outputEnd: Int32, timeout: Double) -> Outcome {
    let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
    var inputEnd: Int32? = inputEnd
    var written = 0
    if input.isEmpty, let end = inputEnd {
      close(end)
      inputEnd = nil
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    var exitStatus: Int32?
    var exitedAt: ContinuousClock.Instant?
    var outputOpen = true
    while true {
      if exitStatus == nil {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          exitStatus = decode(status)
          exitedAt = .now
        }
      }
      if let exitedAt, !outputOpen || ContinuousClock.now - exitedAt > drainGrace { break }
      if exitStatus == nil && ContinuousClock.now >= deadline {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if let end = inputEnd { close(end) }
        return Outcome(status: nil, output: String(decoding: output, as: UTF8.self))
      }
      var entries: [pollfd] = []
      if outputOpen { entries.append(pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)) }
      if let end = inputEnd { entries.append(pollfd(fd: end, events: Int16(POLLOUT), revents: 0)) }
      let ready = entries.isEmpty ? 0 : poll(&entries, nfds_t(entries.count), 20)
      if entries.isEmpty { usleep(5_000) }
      if ready <= 0 { continue }
      for entry in entries where entry.revents != 0 {
        if entry.fd == outputEnd {
          let count = buffer.withUnsafeMutableBytes { read(outputEnd, $0.baseAddress, $0.count) }
          if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          if count <= 0 {
            outputOpen = false
          } else if output.count < outputLimit {
            output.append(contentsOf: buffer[0..<min(count, outputLimit - output.count)])
          }
        } else if let end = inputEnd {
          let count = input[written...].withUnsafeBytes { write(end, $0.baseAddress, $0.count) }
          if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          // A hook that does not read its input closes the pipe early (EPIPE): not an error.
          if count > 0 { written += count }
          if count <= 0 || written == input.count {
            close(end)
            inputEnd = nil
          }
        }
      }
    }
    if let end = inputEnd { close(end) }
    return Outcome(status: exitStatus, output: String(decoding: output, as: UTF8.self))
  }

  /// How long a hook whose file another process still holds open for writing
  /// (`ETXTBSY`: an installer that has just written it, or a process forked while it
  /// was written that has not yet reached its own `exec`) is tried again.
  static let busyFileWait: Duration = .seconds(2)

  /// `spawn`, tried again while the kernel refuses the file as busy being written.
  private static func spawnWhenWritten(
    _ executable: String, arguments: [String], environment: [String: String], directory: String,
    stdin: Int32, output: Int32
  ) -> Result<pid_t, StartFailure> {
    let deadline = ContinuousClock.now + busyFileWait
    var pause = 0.001
    while true {
      let spawned = spawn(
        executable, arguments: arguments, environment: environment, directory: directory, stdin: stdin, output: output)
      guard case .failure(let failure) = spawned, failure.code == ETXTBSY, ContinuousClock.now < deadline else {
        return spawned
      }
      Thread.sleep(forTimeInterval: pause)
      pause = min(pause * 2, 0.1)
    }
  }

  private static func spawn(
    _ executable: String, arguments: [String], environment: [String: String], directory: String,
    stdin: Int32, output: Int32
  ) -> Result<pid_t, StartFailure> {
    guard let changeDirectory = addChangeDirectory else {
      // Without the chdir action, sh changes into the directory and runs the program.
      return spawnPlain(
        "/bin/sh", arguments: ["/bin/sh", "-c", #"cd -- "$0" && exec "$@""#, directory] + arguments,
        environment: environment, stdin: stdin, output: output, directory: nil, changeDirectory: nil)
    }
    return spawnPlain(
      executable, arguments: arguments, environment: environment, stdin: stdin, output: output,
      directory: directory, changeDirectory: changeDirectory)
  }

  private typealias ChangeDirectoryAction =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), looked up at run
  /// time: the C headers declare it only for `_GNU_SOURCE`, which Swift does not set.
  private static let addChangeDirectory: ChangeDirectoryAction? = {
    #if os(macOS)
      let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
      let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np") else { return nil }
    return unsafeBitCast(symbol, to: ChangeDirectoryAction.self)
  }()

  private static func spawnPlain(
    _ executable: String, arguments: [String], environment: [String: String], stdin: Int32, output: Int32,
    directory: String?, changeDirectory: ChangeDirectoryAction?
  ) -> Result<pid_t, StartFailure> {
    var actions = posix_spawn_file_actions_t()
    var attributes = posix_spawnattr_t()
    guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(StartFailure(code: errno)) }
    defer { posix_spawn_file_actions_destroy(&actions) }
    guard posix_spawnattr_init(&attributes) == 0 else { return .failure(StartFailure(code: errno)) }
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    let flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
    for result in [
      posix_spawn_file_actions_adddup2(&actions, stdin, 0),
      posix_spawn_file_actions_adddup2(&actions, output, 1),
      posix_spawn_file_actions_adddup2(&actions, output, 2),
      posix_spawn_file_actions_addclosefrom_np(&actions, 3),
      posix_spawnattr_setsigmask(&attributes, &emptyMask),
      posix_spawnattr_setsigdefault(&attributes, &defaults),
      posix_spawnattr_setpgroup(&attributes, 0),
      posix_spawnattr_setflags(&attributes, flags),
    ] where result != 0 {
      return .failure(StartFailure(code: result))
    }
    if let directory, let changeDirectory {
      let result = changeDirectory(&actions, directory)
      if result != 0 { return .failure(StartFailure(code: result)) }
    }
    let argv = arguments.map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
    return result == 0 ? .success(pid) : .failure(StartFailure(code: result))
  }

  /// The exit code, or 128 + the signal that ended the process (as a shell reports it).
  private static func decode(_ status: Int32) -> Int32 {
    (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  /// A hook that exits without reading its input must make writing to it an error
  /// (EPIPE), not a SIGPIPE that ends the store's process; a handler the program
  /// installed itself is left alone.
  private static func ignoreBrokenPipes() {
    var current = sigaction()
    guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
    if current.__sigaction_handler.sa_handler == nil { _ = signal(SIGPIPE, SIG_IGN) }
  }
}
