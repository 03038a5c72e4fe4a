import NoteStore

/// The one place that decides how text looks: semantic functions that commands call
/// (`style.note(name)`, `style.added(word)`, `style.warning(text)`), each coloured only when
/// the stream it is written to may carry colour (see ``Terminal``).
///
/// Make one per stream: ``CommandContext/style`` for standard output and
/// ``CommandContext/errorStyle`` for standard error. With colour off every function returns
/// its text unchanged, so the same code prints plain text through a pipe.
///
/// ```swift
/// context.out(context.style.note(note.name) + "  " + context.style.date(when) + "\n")
/// context.say(context.errorStyle.warning("warning:") + " the remote is slow\n")
/// ```
public struct Style: Sendable, Equatable {
  /// Whether escape codes are written at all.
  public var isEnabled: Bool

  /// A style that colours when `isEnabled`.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// The style for text on standard output of `terminal`.
  public static func stdout(_ terminal: Terminal) -> Style { Style(isEnabled: terminal.useColor) }

  /// The style for text on standard error of `terminal`.
  public static func stderr(_ terminal: Terminal) -> Style {
    Style(isEnabled: terminal.useColorOnStderr)
  }

  /// A style that never colours.
  public static let plain = Style(isEnabled: false)

  /// Text that was added (diff insertions, new notes).
  public func added(_ text: String) -> String { apply(text, .green) }
  /// Text that was removed (diff deletions, deleted notes).
  public func removed(_ text: String) -> String { apply(text, .red) }
  /// A note's name.
  public func note(_ text: String) -> String { apply(text, .bold) }
  /// A table's or section's header.
  public func header(_ text: String) -> String { apply(text, .bold) }
  /// Secondary details: dates, commit and version ids.
  public func detail(_ text: String) -> String { apply(text, .dim) }
  /// A warning, or a label such as `warning:`.
  public func warning(_ text: String) -> String { apply(text, .yellow) }
  /// An error, or a label such as `error:`.
  public func error(_ text: String) -> String { apply(text, .red) }
  /// Something in conflict.
  public func conflict(_ text: String) -> String { apply(text, .red) }
  /// Something that went well (`pushed`, `resolved`).
  public func success(_ text: String) -> String { apply(text, .green) }
  /// A command to run next, or a hint.
  public func hint(_ text: String) -> String { apply(text, .cyan) }
  /// Changes that arrived from another device and are not merged yet.
  public func incoming(_ text: String) -> String { apply(text, .blue) }
  /// The words a search matched.
  public func match(_ text: String) -> String { apply(text, .highlight) }

  /// A note's status word (`current`, `modified`, `conflict`, …) in the colour of its state.
  public func status(_ status: NoteStatus) -> String {
    switch status {
    case .current: return status.rawValue
    case .modified: return warning(status.rawValue)
    case .conflict: return conflict(status.rawValue)
    case .ahead: return hint(status.rawValue)
    case .incoming: return incoming(status.rawValue)
    case .new: return added(status.rawValue)
    }
  }

  /// `text` with the characters in `ranges` shown as matches (see ``match(_:)``).
  public func highlighting(_ text: String, ranges: [Range<String.Index>]) -> String {
    guard isEnabled, !ranges.isEmpty else { return text }
    var result = ""
    var position = text.startIndex
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
      result += text[position..<range.lowerBound]
      result += match(String(text[range]))
      position = range.upperBound
    }
    result += text[position...]
    return result
  }

  private func apply(_ text: String, _ tone: Tone) -> String {
    styled(text, tone, enabled: isEnabled)
  }
}
