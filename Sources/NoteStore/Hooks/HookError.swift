/// Why a hook stopped an operation. The message names the hook, says what it stopped
/// and shows the hook's own output.
public enum HookError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The hook exited non-zero.
  case refused(hook: HookName, path: String, status: Int32, output: String)
  /// The hook ran past the time limit and was killed with its children.
  case timedOut(hook: HookName, path: String, seconds: Double, output: String)
  /// The hook could not be started (for instance a `#!` line naming a missing program).
  case cannotStart(hook: HookName, path: String, reason: String)
  /// The message hooks left an empty commit message.
  case emptyMessage(hook: HookName)
  /// `notes.hookTimeout` is not a number of seconds above 0 and up to a day.
  case invalidTimeout(String)
  /// The temporary index or message file for the hooks could not be written or read.
  case cannotPrepare(file: String, reason: String)

  public var description: String {
    switch self {
    case .refused(let hook, let path, let status, let output):
      return "the \(hook.rawValue) hook (\(path)) exited with status \(status), so \(HookError.stopped(hook))"
        + HookOutput.indented(output) + HookError.bypass(hook)
    case .timedOut(let hook, let path, let seconds, let output):
      return "the \(hook.rawValue) hook (\(path)) was still running after \(HookError.format(seconds)) s and was killed,"
        + " so \(HookError.stopped(hook)); raise notes.hookTimeout if it needs longer" + HookOutput.indented(output)
    case .cannotStart(let hook, let path, let reason):
      return "the \(hook.rawValue) hook (\(path)) could not be started (\(reason)), so \(HookError.stopped(hook))"
    case .emptyMessage(let hook):
      return "the \(hook.rawValue) hook left an empty commit message, so nothing was committed"
    case .invalidTimeout(let value):
      return "notes.hookTimeout is '\(value)', not a number of seconds above 0 and up to 86400; fix it with `git config notes.hookTimeout 60`"
    case .cannotPrepare(let file, let reason):
      return "cannot prepare \(file) for the hooks: \(reason); nothing was changed"
    }
  }

  /// What a refusal by `hook` left undone.
  private static func stopped(_ hook: HookName) -> String {
    switch hook {
    case .preMergeCommit: "the sync merged nothing and moved no branch"
    case .prePush: "nothing was pushed to that remote"
    default: "nothing was committed"
    }
  }

  private static func bypass(_ hook: HookName) -> String {
    hook.isVerification ? "\n(--no-verify skips it)" : ""
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
