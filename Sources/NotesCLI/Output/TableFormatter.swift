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
    var cells: [String] = []
    cells.reserveCapacity(rows.count * columns.count)
    for row in rows {
      for column in columns.indices { cells.append(column < row.count ? row[column] : "") }
    }
    return String(decoding: renderUTF8(cells: cells, terminal: terminal, tint: tint), as: UTF8.self)
  }

  /// ``render(_:terminal:tint:)`` for cells given row after row in one array,
  /// `columns.count` to a row (a last, shorter row gets blank cells), as UTF-8 bytes:
  /// for long tables, with no array per row.
  public func renderUTF8(
    cells: [String], terminal: Terminal? = nil,
    tint: ((_ column: Int, _ cell: String) -> String)? = nil
  ) -> [UInt8] {
    let count = columns.count
    guard !cells.isEmpty, count > 0 else { return [] }
    let rowCount = (cells.count + count - 1) / count
    var shown = TableCells(count: rowCount * count)
    for position in 0..<(rowCount * count) {
      shown.append(escaping: position < cells.count ? cells[position] : "")
    }
    var headers = TableCells(count: count)
    for column in columns { headers.append(raw: column.header) }
    var widths = showsHeader ? headers.widths : Array(repeating: 0, count: count)
    for (position, width) in shown.widths.enumerated() where width > widths[position % count] {
      widths[position % count] = width
    }
    let separator = Array(separator.utf8)
    let lineBound = widths.reduce(count * separator.count, +) + 1
    var output = ByteSink(capacity: (rowCount + 1) * lineBound)
    if showsHeader {
      appendLine(0, of: headers, widths: widths, separator: separator, tint: nil, to: &output)
      if let terminal {
        let text = output.string(from: 0)
        output.truncate(to: 0)
        output.append(Style.stdout(terminal).header(text))
      }
      output.append(UInt8(ascii: "\n"), times: 1)
    }
    for row in 0..<rowCount {
      appendLine(row, of: shown, widths: widths, separator: separator, tint: tint, to: &output)
      output.append(UInt8(ascii: "\n"), times: 1)
    }
    return output.bytes()
  }

  /// One line appended to `output`: the cells of `row` laid out (dressed by `tint`
  /// after layout, so escape codes never count towards a width), trailing spaces
  /// trimmed, cut at ``maxWidth``. `separator` is ``separator``'s bytes.
  private func appendLine(
    _ row: Int, of cells: borrowing TableCells, widths: [Int], separator: [UInt8],
    tint: ((_ column: Int, _ cell: String) -> String)?, to output: inout ByteSink
  ) {
    let start = output.count
    func layout(_ dress: ((_ column: Int, _ cell: String) -> String)?) {
      for column in columns.indices {
        let position = row * columns.count + column
        if column > 0 { separator.withUnsafeBytes { output.append($0) } }
        let padding = widths[column] - cells.widths[position]
        let alignment = columns[column].alignment
        if alignment == .right { output.append(UInt8(ascii: " "), times: padding) }
        cells.withCell(position) { bytes in
          if let dress, !bytes.isEmpty {
            output.append(dress(column, String(decoding: bytes, as: UTF8.self)))
          } else {
            output.append(bytes)
          }
        }
        if alignment == .left && column < columns.count - 1 { output.append(UInt8(ascii: " "), times: padding) }
      }
      output.trimTrailing(UInt8(ascii: " "), downTo: start)
    }
    if let maxWidth, maxWidth > 0 {
      layout(nil)
      let text = output.string(from: start)
      if text.count > maxWidth {
        output.truncate(to: start)
        output.append(String(text.prefix(maxWidth - 1)) + "…")
        return
      }
      if tint == nil { return }
      output.truncate(to: start)
    }
    layout(tint)
  }
}
