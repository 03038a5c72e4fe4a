import Foundation

/// How a hook's output is shown: each line after the hook's name, so it reads apart
/// from NoteStore's own messages.
enum HookOutput {
  /// `output` with every line prefixed by `hook: ` (or indented when `hook` is nil).
  static func prefixed(_ output: String, hook: HookName?) -> String {
    guard !output.isEmpty else { return "" }
    let prefix = hook.map { $0.rawValue + ": " } ?? "  "
    var text = ""
    for line in output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(output.hasSuffix("\n") ? 1 : 0) {
      text += prefix + line + "\n"
    }
    return text
  }

  /// `output` after a colon, each line indented, for an error or warning message;
  /// empty when the hook printed nothing.
  static func indented(_ output: String) -> String {
    let trimmed = output.trimmingCharacters(in: .newlines)
    guard !trimmed.isEmpty else { return "" }
    return ":\n" + prefixed(trimmed + "\n", hook: nil).dropLast()
  }
}
