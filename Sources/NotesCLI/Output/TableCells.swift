import NoteStore

/// A table's cells as they print: the bytes of each, one after another in one buffer,
/// and each one's width in characters. Laying out a line then copies bytes, without
/// going back to the strings.
struct TableCells {
  private var bytes: ByteSink
  /// Where each cell's bytes end in `bytes`.
  private var ends: [Int] = []
  /// Each cell's width in characters.
  private(set) var widths: [Int] = []

  /// Room for `count` cells of about `bytesPerCell` bytes each.
  init(count: Int, bytesPerCell: Int = 16) {
    bytes = ByteSink(capacity: count * bytesPerCell)
    ends.reserveCapacity(count)
    widths.reserveCapacity(count)
  }

  /// Adds a cell of plain text: printable ASCII as it is, its width its byte count
  /// (checked on its bytes, the usual case); anything else through
  /// ``TerminalText/escaped(_:)``, its width that of the escaped text.
  mutating func append(escaping cell: String) {
    var text = cell
    let printable = text.withUTF8 { utf8 in
      guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
      bytes.append(UnsafeRawBufferPointer(utf8))
      return true
    }
    if printable {
      add(width: text.utf8.count)
    } else {
      append(raw: TerminalText.escaped(cell))
    }
  }

  /// Adds a cell that prints as it is (a header).
  mutating func append(raw cell: String) {
    bytes.append(cell)
    add(width: Self.width(of: cell))
  }

  /// Calls `body` with the bytes of the cell at `index`.
  func withCell<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    bytes.withBytes(in: (index == 0 ? 0 : ends[index - 1])..<ends[index], body)
  }

  private mutating func add(width: Int) {
    ends.append(bytes.count)
    widths.append(width)
  }

  /// A text's width in characters: its byte count when it is ASCII, else its count
  /// of characters.
  private static func width(of text: String) -> Int {
    var bytes = text
    return bytes.withUTF8 { $0.allSatisfy { $0 < 0x80 } } ? text.utf8.count : text.count
  }
}
