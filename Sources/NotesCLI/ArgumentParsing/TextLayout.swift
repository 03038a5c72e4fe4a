/// Word wrapping and two-column layout for help text.
enum TextLayout {
  /// The narrowest width laid out; narrower terminals get lines that overflow instead of
  /// one word per line.
  static let minimumWidth = 40

  /// Wraps `text` at `width` columns. The first line starts with `firstPrefix`, the others
  /// with `prefix`. Existing line breaks are kept; a word longer than a line is not split.
  static func wrap(_ text: String, width: Int, firstPrefix: String, prefix: String) -> [String] {
    let width = max(width, minimumWidth)
    var lines: [String] = []
    for sourceLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = lines.isEmpty ? firstPrefix : prefix
      var lineHasWord = false
      for word in sourceLine.split(separator: " ") {
        if lineHasWord && line.count + 1 + word.count > width {
          lines.append(line)
          line = prefix + word
        } else {
          line += (lineHasWord ? " " : "") + word
        }
        lineHasWord = true
      }
      lines.append(trimmingTrailingSpaces(line))
    }
    return lines
  }

  /// Lays out `label` in a column and `text` wrapped beside it, starting at column `column`;
  /// a label too long for its column puts the text on the next line.
  static func twoColumns(label: String, text: String, width: Int, column: Int) -> [String] {
    let indent = String(repeating: " ", count: column)
    let labelLine = "  " + label
    guard !text.isEmpty else { return [labelLine] }
    if labelLine.count + 2 <= column {
      let padded = labelLine + String(repeating: " ", count: column - labelLine.count)
      return wrap(text, width: width, firstPrefix: padded, prefix: indent)
    }
    return [labelLine] + wrap(text, width: width, firstPrefix: indent, prefix: indent)
  }

  /// The column where help text starts beside `labels`: just past the longest label, but
  /// no further right than two fifths of the width (longer labels get a line of their own).
  static func helpColumn(width: Int, labels: [String]) -> Int {
    let longest = labels.map(\.count).max() ?? 0
    return min(longest + 4, max(width, minimumWidth) * 2 / 5)
  }

  /// `[a]` → `'a'`; `[a, b]` → `'a' and 'b'`; `[a, b, c]` → `'a', 'b' or 'c'` with `or`.
  static func quotedList(_ items: [String], conjunction: String) -> String {
    let quoted = items.map { "'\($0)'" }
    guard let last = quoted.last else { return "" }
    if quoted.count == 1 { return last }
    return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  /// The paragraphs of `text`, split at blank lines; lines inside a paragraph are joined.
  static func paragraphs(_ text: String) -> [String] {
    var result: [String] = []
    var current: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        current = []
      } else {
        current.append(line)
      }
    }
    if !current.isEmpty { result.append(current.joined(separator: " ")) }
    return result
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
