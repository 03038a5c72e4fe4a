import NoteStore

/// Lays out rows as aligned columns for list output meant for people.
///
/// ```swift
/// let table = TableFormatter(columns: [.init("NAME"), .init("SIZE", alignment: .right)])
/// table.render([["shopping", "12 KB"], ["todo", "1 KB"]])
/// // NAME        SIZE
/// // shopping   12 KB
/// // todo        1 KB
/// ```
///
/// Widths are counted in characters. Trailing spaces are trimmed; scripts should use `--json`.
public struct TableFormatter: Sendable {
  /// How a column's cells line up.
  public enum Alignment: Sendable {
    /// Cells start at the column's left edge (text).
    case left
    /// Cells end at the column's right edge (numbers, sizes).
    case right
  }

  /// One column: its header and alignment.
  public struct Column: Sendable {
    /// The text of the header line, such as `NAME`.
    public var header: String
    /// How the column's cells line up.
    public var alignment: Alignment
    /// Creates a column.
    public init(_ header: String, alignment: Alignment = .left) {
      self.header = header
      self.alignment = alignment
    }
  }

  /// The columns, left to right.
  public var columns: [Column]
  /// Whether the first line shows the headers.
  public var showsHeader: Bool
  /// The text between two columns.
  public var separator: String
  /// When set, lines are cut to this many characters, the cut marked with `…`.
  public var maxWidth: Int?

  /// Creates a formatter.
  public init(
    columns: [Column], showsHeader: Bool = true, separator: String = "  ", maxWidth: Int? = nil
  ) {
    self.columns = columns
    self.showsHeader = showsHeader
    self.separator = separator
    self.maxWidth = maxWidth
  }

  /// The table as text, one line per row and a newline after each; empty for no rows.
  /// Headers are bold when `terminal` allows colour. Missing cells are blank; extra cells
  /// are ignored. Cells are plain text: a control character in one (a crafted note
  /// name) is shown escaped, never sent to the terminal.
  ///
  /// `tint` may dress a cell for the screen (``Style``): it gets the column index and the
  /// cell's text (escaped) and returns what to print; widths are measured on the text before it.
  public func render(
    _ rows: [[String]], terminal: Terminal? = nil,
    tint: ((_ column: Int, _ cell: String) -> String)? = nil
  ) -> String {
    guard !rows.isEmpty else { return "" }
    let cells = rows.map { row in columns.indices.map { $0 < row.count ? TerminalText.escaped(row[$0]) : "" } }
    let headers = columns.map(\.header)
    let widths = columns.indices.map { index in
      ((showsHeader ? [headers] : []) + cells).map { Self.width(of: $0[index]) }.max() ?? 0
    }
    var lines: [String] = []
    if showsHeader {
      let header = line(headers, widths: widths, tint: nil)
      lines.append(terminal.map { Style.stdout($0).header(header) } ?? header)
    }
    lines += cells.map { line($0, widths: widths, tint: tint) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// A cell's width in characters: its byte count when it is ASCII (most cells: dates,
  /// counts, statuses), else its count of characters.
  private static func width(of cell: String) -> Int {
    cell.utf8.allSatisfy { $0 < 0x80 } ? cell.utf8.count : cell.count
  }

  private func line(
    _ cells: [String], widths: [Int], tint: ((_ column: Int, _ cell: String) -> String)?
  ) -> String {
    var parts: [String] = []
    let cellWidths = cells.map(Self.width(of:))
    for (index, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[index] - cellWidths[index])
      let isLast = index == cells.count - 1
      switch columns[index].alignment {
      case .left: parts.append(isLast ? cell : cell + padding)
      case .right: parts.append(padding + cell)
      }
    }
    var text = parts.joined(separator: separator)
    while text.last == " " { text.removeLast() }
    if let maxWidth, maxWidth > 0, text.count > maxWidth {
      text = String(text.prefix(maxWidth - 1)) + "…"
      return text
    }
    guard let tint else { return text }
    // Dress each cell after layout, so escape codes never count towards a width.
    var dressed: [String] = []
    for (index, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[index] - cellWidths[index])
      let isLast = index == cells.count - 1
      let shown = cell.isEmpty ? cell : tint(index, cell)
      switch columns[index].alignment {
      case .left: dressed.append(isLast ? shown : shown + padding)
      case .right: dressed.append(padding + shown)
      }
    }
    var result = dressed.joined(separator: separator)
    while result.last == " " { result.removeLast() }
    return result
  }
}
