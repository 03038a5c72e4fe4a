import Foundation
import Testing

/// A temporary home for one test: its own `HOME` (with a git identity), a working
/// directory, and helpers to run `notes` and `git` there. Removed when released.
final class Sandbox {
  let directory: String
  let home: String
  var extraEnvironment: [String: String] = [:]

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString)")
    directory = base.path
    home = base.appendingPathComponent("home").path
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try "[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n"
      .write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
  }

  deinit {
    // A detached `notes gc --auto` still drawing previews would write into the folders
    // being removed and leave them behind.
    DetachedProcesses.finish(under: directory)
    try? FileManager.default.removeItem(atPath: directory)
  }

  var environment: [String: String] {
    var environment: [String: String] = [
      "HOME": home, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1",
    ]
    for (key, value) in extraEnvironment { environment[key] = value }
    return environment
  }

  /// Runs `notes` in `directory` (default: the sandbox).
  @discardableResult
  func notes(_ arguments: String..., in directory: String? = nil, input: String? = nil) -> RunResult {
    notes(arguments, in: directory, input: input.map { Data($0.utf8) })
  }

  @discardableResult
  func notes(_ arguments: [String], in directory: String? = nil, input: Data? = nil, environment extra: [String: String] = [:]) -> RunResult {
    var environment = self.environment
    for (key, value) in extra { environment[key] = value }
    return CommandRunner.run(
      CommandRunner.notesBinary, arguments, in: directory ?? self.directory, input: input, environment: environment)
  }

  /// Runs the git CLI.
  @discardableResult
  func git(_ arguments: String..., in directory: String) -> RunResult {
    CommandRunner.run("/usr/bin/git", arguments, in: directory, environment: environment)
  }

  /// Makes a store at `<sandbox>/<name>` for `device` and returns its path.
  func makeStore(_ name: String = "store", device: String = "laptop") throws -> String {
    let result = notes("init", name, "--device", device)
    try #require(result.status == 0, "notes init failed: \(result.stderr)")
    return directory + "/" + name
  }

  /// Writes a file in the sandbox and returns its path.
  @discardableResult
  func writeFile(_ name: String, _ content: String) throws -> String {
    try writeFile(name, Data(content.utf8))
  }

  /// Writes a script `name` in the sandbox, executable; returns its path.
  @discardableResult
  func writeScript(_ name: String, _ content: String) throws -> String {
    let path = directory + "/" + name
    try writeExecutable(path, content)
    return path
  }

  @discardableResult
  func writeFile(_ name: String, _ data: Data) throws -> String {
    let path = directory + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The subjects of the store's commits, newest first.
  func subjects(_ store: String) -> [String] {
    git("log", "--format=%s", in: store).stdout.split(separator: "\n").map(String.init)
  }

  /// The commit the device branch points at.
  func head(_ store: String) -> String {
    git("rev-parse", "HEAD", in: store).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
