/// A text style from the small palette `notes` uses.
public enum Style: Sendable, CaseIterable {
  /// Headers and names that matter.
  case bold
  /// Secondary details such as dates and hashes.
  case dim
  /// Errors and conflicts.
  case red
  /// Success.
  case green
  /// Warnings.
  case yellow
  /// Hints and suggested commands.
  case cyan

  /// The ANSI SGR parameter that turns the style on.
  var sgrCode: Int {
    switch self {
    case .bold: return 1
    case .dim: return 2
    case .red: return 31
    case .green: return 32
    case .yellow: return 33
    case .cyan: return 36
    }
  }
}

/// `s` wrapped in the ANSI codes for `style` when `terminal` allows colour on standard
/// output, and `s` unchanged otherwise.
public func styled(_ s: String, _ style: Style, terminal: Terminal) -> String {
  styled(s, style, enabled: terminal.useColor)
}

/// `s` wrapped in the ANSI codes for `style` when `enabled`; use it with
/// ``Terminal/useColorOnStderr`` for messages on standard error.
public func styled(_ s: String, _ style: Style, enabled: Bool) -> String {
  guard enabled, !s.isEmpty else { return s }
  return "\u{1B}[\(style.sgrCode)m" + s + "\u{1B}[0m"
}
