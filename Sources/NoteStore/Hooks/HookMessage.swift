/// A commit message as the message hooks hand it back.
enum HookMessage {
  /// `text` tidied as `git commit -m` tidies a message (git's "whitespace" clean-up):
  /// trailing spaces off every line, runs of blank lines made one, no blank lines at
  /// either end, one final newline; empty when nothing is left.
  static func cleaned(_ text: String) -> String {
    var lines: [Substring] = []
    var blankPending = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var trimmed = line
      while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
      if trimmed.isEmpty {
        blankPending = !lines.isEmpty
        continue
      }
      if blankPending { lines.append("") }
      blankPending = false
      lines.append(trimmed)
    }
    return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
  }
}
