import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// Finds and runs one store's hooks as git does (githooks(5)): from `core.hooksPath`,
/// else `.git/hooks`; in the root of the working tree; with `GIT_DIR` (and the extra
/// variables a hook needs) in the environment; under the `notes.hookTimeout` limit.
///
/// A hook that lies in a path the store tracks (a `core.hooksPath` inside the working
/// tree that a fetched tree could fill) is never run: it is reported and skipped. Hooks
/// in `.git/hooks` cannot arrive by fetch at all.
struct HookRunner {
  /// The default time limit of one hook run, in seconds.
  static let defaultTimeout: Double = 60
  /// The git config key of the time limit.
  static let timeoutKey = "notes.hookTimeout"

  /// The git directory (absolute).
  var gitDirectory: String
  /// The root of the working tree (absolute); hooks run there.
  var workingDirectory: String
  /// Where hooks are looked up.
  var hooksDirectory: String
  /// Seconds a hook may run.
  var timeout: Double
  /// Skipping, output and report encoding.
  var settings: HookSettings
  /// Whether a path relative to the working tree is tracked by the store (in the
  /// current commit or the one about to be adopted).
  var isTracked: (String) throws -> Bool

  /// Where a hook stands.
  enum Lookup: Equatable {
    /// No such file: nothing runs.
    case absent
    /// It runs.
    case runnable(String)
    /// The file exists but is not executable: git ignores it with a hint.
    case notExecutable(String)
    /// The file lies in a tracked path of the store: refused.
    case tracked(String)
    /// `--no-verify` skips it.
    case skipped
  }

  /// What stands at the hook's path.
  func lookup(_ hook: HookName) throws -> Lookup {
    if settings.skipsVerification && hook.isVerification { return .skipped }
    let path = hooksDirectory + "/" + hook.rawValue
    guard (try? FileKind.of(path, followingLinks: true))?.isRegularFile == true else { return .absent }
    if let relative = pathInsideWorkingTree(path), try isTracked(relative) { return .tracked(path) }
    return access(path, X_OK) == 0 ? .runnable(path) : .notExecutable(path)
  }

  /// Whether running the hook would do anything: run it, or say why it does not.
  func isPresent(_ hook: HookName) throws -> Bool {
    switch try lookup(hook) {
    case .absent, .skipped: false
    case .runnable, .notExecutable, .tracked: true
    }
  }

  /// Runs `hook` when it is there and may run.
  ///
  /// - Returns: whether it ran.
  /// - Throws: `HookError` when a hook that can refuse exits non-zero, hangs or cannot
  ///   start; for post- hooks these are warnings shown through the settings instead.
  @discardableResult
  func run(
    _ hook: HookName, arguments: [String] = [], input: [UInt8] = [], environment extra: [String: String] = [:]
  ) throws -> Bool {
    let path: String
    switch try lookup(hook) {
    case .absent, .skipped:
      return false
    case .notExecutable(let file):
      settings.show(
        "hint: the \(hook.rawValue) hook was ignored because it is not executable; make it so with `chmod +x \(file)`\n")
      return false
    case .tracked(let file):
      settings.show(
        "warning: the \(hook.rawValue) hook was not run: \(file) is tracked by the store, so a sync could replace it;"
          + " keep hooks in .git/hooks or a core.hooksPath outside the store\n")
      return false
    case .runnable(let file):
      path = file
    }
    let outcome: HookProcess.Outcome
    do {
      outcome = try HookProcess.run(
        path, arguments: arguments, environment: environment(extra), directory: workingDirectory, input: input,
        timeout: timeout)
    } catch {
      return try fail(.cannotStart(hook: hook, path: path, reason: error.reason))
    }
    guard let status = outcome.status else {
      return try fail(.timedOut(hook: hook, path: path, seconds: timeout, output: outcome.output))
    }
    guard status == 0 else {
      return try fail(.refused(hook: hook, path: path, status: status, output: outcome.output))
    }
    settings.show(HookOutput.prefixed(outcome.output, hook: hook))
    return true
  }

  /// Throws for hooks that can refuse; for post- hooks, shows a warning and goes on
  /// (what they follow has happened and stays).
  private func fail(_ error: HookError) throws -> Bool {
    let warning: String
    switch error {
    case .refused(let hook, let path, let status, let output) where !hook.canRefuse:
      warning = "the \(hook.rawValue) hook (\(path)) exited with status \(status)" + HookOutput.indented(output)
    case .timedOut(let hook, let path, let seconds, let output) where !hook.canRefuse:
      warning = "the \(hook.rawValue) hook (\(path)) was still running after \(HookError.format(seconds)) s and was killed"
        + HookOutput.indented(output)
    case .cannotStart(let hook, let path, let reason) where !hook.canRefuse:
      warning = "the \(hook.rawValue) hook (\(path)) could not be started: \(reason)"
    default:
      throw error
    }
    settings.show("warning: \(warning)\n")
    return true
  }

  /// The process environment with git's variables for hooks: `GIT_DIR` and
  /// `GIT_WORK_TREE` always, `GIT_INDEX_FILE` only where given in `extra`.
  private func environment(_ extra: [String: String]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_INDEX_FILE"] = nil
    environment["GIT_DIR"] = gitDirectory
    environment["GIT_WORK_TREE"] = workingDirectory
    environment.merge(settings.environment) { _, new in new }
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// `path` relative to the working tree, when it lies inside it but outside `.git`.
  private func pathInsideWorkingTree(_ path: String) -> String? {
    let resolved = HookRunner.realPath(path)
    let root = HookRunner.realPath(workingDirectory)
    let git = HookRunner.realPath(gitDirectory)
    guard resolved.hasPrefix(root + "/"), !resolved.hasPrefix(git + "/") else { return nil }
    return String(resolved.dropFirst(root.count + 1))
  }

  static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The hooks folder for a `core.hooksPath` value (nil: unset), as git resolves it:
  /// `~/` is the home folder, a relative path is relative to the working tree.
  static func hooksDirectory(configured: String?, gitDirectory: String, workingDirectory: String) -> String {
    guard let configured, !configured.isEmpty else { return gitDirectory + "/hooks" }
    if configured == "~" || configured.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      return home + configured.dropFirst()
    }
    if configured.hasPrefix("/") { return configured }
    return workingDirectory + "/" + configured
  }

  /// The longest time limit accepted: a day.
  static let longestTimeout: Double = 86_400

  /// The time limit from a `notes.hookTimeout` value (nil: unset).
  static func timeout(configured: String?) throws -> Double {
    guard let configured else { return defaultTimeout }
    guard let seconds = Double(configured.trimmingCharacters(in: .whitespaces)), seconds > 0,
      seconds <= longestTimeout
    else {
      throw HookError.invalidTimeout(configured)
    }
    return seconds
  }
}
