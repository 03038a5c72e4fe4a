import Foundation
import NoteStore

/// The colours of the history commands (`log`, `diff`, `blame`), decided in one place
/// over the shared `Style` layer so a change of palette is one edit.
enum HistoryStyle {
  /// One `notes log` line: commit, date, device, change (padded to `whatWidth`, see
  /// ``whatWidth(_:)``) and note.
  static func logLine(
    commit: String, date: String, device: String, note: String, change: NoteChangeKind, what: String,
    whatWidth: Int, terminal: Terminal
  ) -> String {
    let paint = { (text: String, tone: Tone) in styled(text, tone, terminal: terminal) }
    return "\(paint(commit, .yellow))  \(paint(date, .dim))  \(paint(pad(device, 10), .cyan))  "
      + "\(paint(pad(what, whatWidth), style(of: change)))  \(note)"
  }

  /// The width of the change column for `whats`: 16, or the longest up to 40 (a longer
  /// one, such as a rename from a long name, overflows its own line only).
  static func whatWidth(_ whats: [String]) -> Int {
    min(40, max(16, whats.map(\.count).max() ?? 0))
  }

  /// The style of a change kind: creations green, deletions red, conflicts' work yellow.
  static func style(of change: NoteChangeKind) -> Tone {
    switch change {
    case .created, .restored: return .green
    case .deleted: return .red
    case .merged, .resolved: return .yellow
    case .edited, .renamed, .attached, .detached: return .bold
    }
  }

  /// Removed text of a word diff: red on a terminal, else git's `[-…-]` markers.
  static func removed(_ text: String, terminal: Terminal) -> String {
    terminal.useColor ? styled(text, .red, terminal: terminal) : "[-" + text + "-]"
  }

  /// Inserted text of a word diff: green on a terminal, else git's `{+…+}` markers.
  static func inserted(_ text: String, terminal: Terminal) -> String {
    terminal.useColor ? styled(text, .green, terminal: terminal) : "{+" + text + "+}"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

/// Reads the date options of the history commands with the one date parser.
enum HistoryDateOption {
  /// The first moment of the date given to `--name`, or nil when absent.
  static func start(_ arguments: ParsedArguments, _ name: String) throws -> Date? {
    try parse(arguments, name)?.start
  }

  /// The last moment of the date given to `--name`, or nil when absent.
  static func end(_ arguments: ParsedArguments, _ name: String) throws -> Date? {
    try parse(arguments, name)?.end
  }

  private static func parse(_ arguments: ParsedArguments, _ name: String) throws -> HistoryDate? {
    guard let text = arguments.value(name) else { return nil }
    guard let date = HistoryDate.parse(text, now: Date()) else {
      throw UsageError.invalidValue(
        value: text, option: "--" + name, allowed: ["2026-11-01", "2026-11-01T14:00", "yesterday", "3 days ago"],
        commandPath: arguments.commandPath)
    }
    return date
  }
}
