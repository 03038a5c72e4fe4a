/// A text attribute from the small palette `notes` uses; commands name what a text *is*
/// through ``Style`` and never pick a tone (or write an escape code) themselves.
public enum Tone: Sendable, CaseIterable {
  /// Headers and names that matter.
  case bold
  /// Secondary details such as dates and hashes.
  case dim
  /// Errors, conflicts and removed text.
  case red
  /// Success and added text.
  case green
  /// Warnings and unsaved changes.
  case yellow
  /// Hints and suggested commands.
  case cyan
  /// Incoming changes.
  case blue
  /// Search matches: bold and reversed, so they stand out in any colour scheme.
  case highlight

  /// The ANSI SGR parameters that turn the tone on.
  var sgrCode: String {
    switch self {
    case .bold: return "1"
    case .dim: return "2"
    case .red: return "31"
    case .green: return "32"
    case .yellow: return "33"
    case .cyan: return "36"
    case .blue: return "34"
    case .highlight: return "1;7"
    }
  }
}

/// `s` wrapped in the ANSI codes for `tone` when `terminal` allows colour on standard
/// output, and `s` unchanged otherwise.
public func styled(_ s: String, _ tone: Tone, terminal: Terminal) -> String {
  styled(s, tone, enabled: terminal.useColor)
}

/// `s` wrapped in the ANSI codes for `tone` when `enabled`; use it with
/// ``Terminal/useColorOnStderr`` for messages on standard error.
public func styled(_ s: String, _ tone: Tone, enabled: Bool) -> String {
  guard enabled, !s.isEmpty else { return s }
  return "\u{1B}[\(tone.sgrCode)m" + s + "\u{1B}[0m"
}
