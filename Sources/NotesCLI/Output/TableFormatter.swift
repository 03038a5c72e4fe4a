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
    // The cells as shown and their widths, row after row in one array each (not an
    // array per row: 10,000 rows at 10,000 notes).
    let count = columns.count
    var cells: [String] = []
    var cellWidths: [Int] = []
    cells.reserveCapacity(rows.count * count)
    cellWidths.reserveCapacity(rows.count * count)
    let headers = columns.map(\.header)
    var widths = showsHeader ? headers.map(Self.width(of:)) : Array(repeating: 0, count: count)
    for row in rows {
      for column in 0..<count {
        let (cell, width) = column < row.count ? Self.shownWithWidth(row[column]) : ("", 0)
        cells.append(cell)
        cellWidths.append(width)
        if width > widths[column] { widths[column] = width }
      }
    }
    var output: [UInt8] = []
    output.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + separator.utf8.count * count + 1))
    if showsHeader {
      var header: [UInt8] = []
      appendLine(headers[...], cellWidths: headers.map(Self.width(of:))[...], widths: widths, tint: nil, to: &header)
      let text = String(decoding: header, as: UTF8.self)
      output += (terminal.map { Style.stdout($0).header(text) } ?? text).utf8
      output.append(UInt8(ascii: "\n"))
    }
    for start in stride(from: 0, to: cells.count, by: count) {
      appendLine(
        cells[start..<(start + count)], cellWidths: cellWidths[start..<(start + count)], widths: widths, tint: tint,
        to: &output)
      output.append(UInt8(ascii: "\n"))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A cell as shown and its width: printable ASCII as it is, its width its byte count
  /// (checked byte by byte, the usual case); anything else through
  /// ``TerminalText/escaped(_:)``, its width that of the escaped text.
  private static func shownWithWidth(_ cell: String) -> (String, Int) {
    let printable = bytes(of: cell) { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    if printable { return (cell, cell.utf8.count) }
    let shown = TerminalText.escaped(cell)
    return (shown, width(of: shown))
  }

  /// A cell's width in characters: its byte count when it is ASCII (most cells: dates,
  /// counts, statuses), else its count of characters.
  private static func width(of cell: String) -> Int {
    bytes(of: cell) { $0.allSatisfy { $0 < 0x80 } } ? cell.utf8.count : cell.count
  }

  /// `body` over the cell's UTF-8 bytes in one buffer (a native string's own storage), not
  /// byte by byte through the string's view: 50,000 cells at 10,000 notes.
  private static func bytes<T>(of cell: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    var cell = cell
    return cell.withUTF8(body)
  }

  /// One line appended to `output`: the cells laid out (dressed by `tint` after layout,
  /// so escape codes never count towards a width), trailing spaces trimmed, cut at
  /// ``maxWidth``.
  private func appendLine(
    _ cells: ArraySlice<String>, cellWidths: ArraySlice<Int>, widths: [Int],
    tint: ((_ column: Int, _ cell: String) -> String)?, to output: inout [UInt8]
  ) {
    func layout(_ dress: ((_ column: Int, _ cell: String) -> String)?, to text: inout [UInt8]) {
      let start = text.count
      for (index, cell) in cells.enumerated() {
        if index > 0 { Self.bytes(of: separator) { text.append(contentsOf: $0) } }
        let padding = widths[index] - cellWidths[cellWidths.startIndex + index]
        let shown = cell.isEmpty ? cell : dress.map { $0(index, cell) } ?? cell
        switch columns[index].alignment {
        case .left:
          Self.bytes(of: shown) { text.append(contentsOf: $0) }
          if index < cells.count - 1 { text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding)) }
        case .right:
          text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
          Self.bytes(of: shown) { text.append(contentsOf: $0) }
        }
      }
      while text.count > start && text.last == UInt8(ascii: " ") { text.removeLast() }
    }
    if let maxWidth, maxWidth > 0 {
      var plain: [UInt8] = []
      layout(nil, to: &plain)
      let text = String(decoding: plain, as: UTF8.self)
      if text.count > maxWidth {
        output += (String(text.prefix(maxWidth - 1)) + "…").utf8
        return
      }
      if tint == nil {
        output += plain
        return
      }
    }
    layout(tint, to: &output)
  }
}
