/// Where a table row is in its table's RTF, and how many lines of the table's shown
/// text it has (one per paragraph: more when a cell holds several paragraphs or a
/// nested table).
struct RTFTableRow: Hashable, Sendable {
  /// The row's lines in the shown text.
  var lines: Int
  /// Just after the `\row` that ends the row.
  var end: Int
}

/// Where each row of a table starts among its shown text's lines and pieces (cell
/// paragraphs, split at tabs and line feeds).
struct RTFTableLayout {
  /// The first line of each row, and the line count last.
  let firstLine: [Int]
  /// The first piece of each row, and the piece count last.
  let firstPiece: [Int]

  /// The layout of `rows` over `lines`; nil when the rows' lines are not the lines.
  init?(rows: [RTFTableRow], lines: [Substring]) {
    var firstLine = [0]
    var firstPiece = [0]
    for row in rows {
      let line = firstLine[firstLine.count - 1]
      guard row.lines > 0, line + row.lines <= lines.count else { return nil }
      firstPiece.append(lines[line..<(line + row.lines)].reduce(firstPiece[firstPiece.count - 1]) {
        $0 + RTFRowEdit.cellCount($1)
      })
      firstLine.append(line + row.lines)
    }
    guard firstLine.last == lines.count else { return nil }
    self.firstLine = firstLine
    self.firstPiece = firstPiece
  }

  /// The lines of row `row`.
  func lines(of row: Int) -> Range<Int> { firstLine[row]..<firstLine[row + 1] }
  /// The pieces of row `row`.
  func pieces(of row: Int) -> Range<Int> { firstPiece[row]..<firstPiece[row + 1] }
  /// How many pieces the table has.
  var pieceCount: Int { firstPiece[firstPiece.count - 1] }
}

extension RTFTableRow {
  /// The row of each line of the shown text of a table of `rows`.
  static func rowOfLine(_ rows: [RTFTableRow]) -> [Int] {
    rows.indices.flatMap { repeatElement($0, count: rows[$0].lines) }
  }

  /// The row of each piece of a table's shown text, when `rows` has its lines.
  static func pieceRows(_ rows: [RTFTableRow], shownText: String) -> [Int]? {
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard let layout = RTFTableLayout(rows: rows, lines: lines) else { return nil }
    return rows.indices.flatMap { repeatElement($0, count: layout.pieces(of: $0).count) }
  }

  /// `rows` after their table's cells were edited in place: each end moved with the
  /// bytes kept around it (`offsets`), and each row's lines changed by `lines`.
  static func moved(_ rows: [RTFTableRow], offsets: RTFOffsetMap, lines: [Int]?) -> [RTFTableRow]? {
    guard let lines, lines.count == rows.count else { return nil }
    var result: [RTFTableRow] = []
    for (index, row) in rows.enumerated() {
      guard row.lines + lines[index] > 0 else { return nil }
      result.append(RTFTableRow(lines: row.lines + lines[index], end: offsets.moved(row.end)))
    }
    return result
  }
}

extension RTFCellEdit {
  /// How many lines each of `rows` gains (list items typed) or loses (paragraphs
  /// deleted) through the edit; nil when the rows do not fit `shownText`.
  func linesAdded(byPieceOf rows: [RTFTableRow], in shownText: String) -> [Int]? {
    guard let pieceRows = RTFTableRow.pieceRows(rows, shownText: shownText) else { return nil }
    var delta = [Int](repeating: 0, count: rows.count)
    for (piece, paragraphs) in added where piece < pieceRows.count { delta[pieceRows[piece]] += paragraphs.count }
    for piece in removed where piece < pieceRows.count { delta[pieceRows[piece]] -= 1 }
    return delta
  }
}

/// Rows typed into or deleted from a table's shown text: the rows whose lines were all
/// deleted, and the lines typed as new rows after a row, each taking a copy of a row
/// of the table as its template (its RTF, so its borders, shading and widths).
///
/// The rule, on the line diff of the old and new shown text: where lines were
/// deleted, the lines that go must be whole rows; where lines were typed, they must
/// come after a row's last line (never before the table's first line, which stays a
/// paragraph of its own) and have as many cells (tab-separated) as the row they copy,
/// or failing that one more or fewer: the row above them, else the one below, which
/// must be a one-line row whose cells are not list items. The old lines kept are paired with
/// new lines of the same cell count, whose text then edits those cells.
struct RTFRowEdit: Equatable {
  /// The old rows that go.
  var removed: Set<Int> = []
  /// The rows typed after old row `key`, as the template row each copies, in order.
  var inserted: [Int: [Int]] = [:]

  /// The edit from `old` (a table's shown text, whose rows are `rows`) to `new`; nil
  /// when the line counts are the same, or the change does not follow the rule.
  init?(old: String, new: String, rows: [RTFTableRow], cellLists: [ListMarker?]?) {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard oldLines.count != newLines.count, let layout = RTFTableLayout(rows: rows, lines: oldLines) else { return nil }
    if let cellLists, cellLists.count != layout.pieceCount { return nil }
    let rowOfLine = RTFTableRow.rowOfLine(rows)
    let lastLine = { (row: Int) in layout.firstLine[row + 1] - 1 }
    /// The row a line typed after row `above` copies, if one fits `cells`: the row
    /// above, else the one below; after the first row (often a heading), the second.
    /// A row of as many cells fits; failing that, one of a cell more or fewer (the
    /// copy then loses or gains that cell, as a row's line does: `RTFColumnEdit`).
    let template = { (above: Int, cells: Int) -> Int? in
      let candidates = above == 0 ? [1, 0] : [above, above + 1]
      for difference in [0, 1] {
        for candidate in candidates where candidate < rows.count && rows[candidate].lines == 1 {
          guard abs(layout.pieces(of: candidate).count - cells) == difference else { continue }
          let listed = cellLists.map { $0[layout.pieces(of: candidate)].contains { $0 != nil } }
          if listed != true { return candidate }
        }
      }
      return nil
    }

    var interner = TokenInterner<Substring>()
    let diff = TokenDiff(from: interner.intern(oldLines), to: interner.intern(newLines))
    for change in diff.changes where change.old.count != change.new.count {
      let kept = min(change.old.count, change.new.count)
      var planned = false
      // The kept old lines are the change's first ones, else its last ones.
      for keptFirst in [true, false] {
        let oldKept = keptFirst
          ? change.old.lowerBound..<(change.old.lowerBound + kept) : (change.old.upperBound - kept)..<change.old.upperBound
        let newKept = keptFirst
          ? change.new.lowerBound..<(change.new.lowerBound + kept) : (change.new.upperBound - kept)..<change.new.upperBound
        guard zip(oldKept, newKept).allSatisfy({ Self.cellCount(oldLines[$0]) == Self.cellCount(newLines[$1]) })
        else { continue }
        if change.old.count > change.new.count {
          let gone = Set(change.old.filter { !oldKept.contains($0) })
          let goneRows = Set(gone.map { rowOfLine[$0] })
          guard goneRows.allSatisfy({ layout.lines(of: $0).allSatisfy(gone.contains) }) else { continue }
          removed.formUnion(goneRows)
        } else {
          let typed = change.new.filter { !newKept.contains($0) }
          let after = keptFirst ? change.old.lowerBound + kept - 1 : change.old.lowerBound - 1
          // After a row's last line (the table's last too: `PlainTextElements` gives
          // the table only lines typed after it that have its last line's cells).
          guard after >= 0, after < oldLines.count, lastLine(rowOfLine[after]) == after else { continue }
          var templates: [Int] = []
          for line in typed {
            guard let row = template(rowOfLine[after], Self.cellCount(newLines[line])) else { break }
            templates.append(row)
          }
          guard templates.count == typed.count else { continue }
          inserted[rowOfLine[after], default: []] += templates
        }
        planned = true
        break
      }
      guard planned else { return nil }
    }
    guard removed.count < rows.count, !(removed.isEmpty && inserted.isEmpty) else { return nil }
  }

  /// The cells of a line of a table's shown text.
  static func cellCount(_ line: Substring) -> Int {
    line.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\t") ? 1 : 0) }
  }
}

extension RTFElement {
  /// The table with the rows of `edit` deleted and copies of its template rows put
  /// in (their cells' text as in the template), so that its shown text has the lines
  /// of the new text, each with the same cells; nil when the result would not be
  /// well-formed RTF.
  ///
  /// A deleted row leaves the control words it set outside its groups, other than
  /// its text, cell and row words and its row and cell definitions, so the rows after
  /// it start in the state they started in (Cocoa writes only the formatting that
  /// changes from one cell to the next), and its unmatched group braces (Word puts
  /// each row's end in a group that the next row's bytes close).
  func reshapingRows(_ edit: RTFRowEdit) -> RTFElement? {
    guard kind == .table, let rows, let cells, !rows.isEmpty else { return nil }
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard let layout = RTFTableLayout(rows: rows, lines: lines), layout.pieceCount == cells.count,
      cellLists.map({ $0.count == cells.count }) ?? true,
      zip(rows, rows.dropFirst()).allSatisfy({ $0.end < $1.end }), let lastEnd = rows.last?.end, lastEnd <= rtf.count,
      rows[0].end > 0
    else { return nil }
    let rowEnd = { (row: Int) in row < 0 ? 0 : rows[row].end }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(rtf.count + 256 * edit.inserted.values.reduce(0) { $0 + $1.count })
    var newCells: [RTFCellText] = []
    var newLists: [ListMarker?] = []
    var newRows: [RTFTableRow] = []
    var newLines: [Substring] = []
    // Writers mark the last row (`\lastrow`; TextEdit writes it before the `\row`):
    // a table that had the mark keeps it on its last row alone.
    let marksLastRow = !RTFScan.words(named: "lastrow", in: rtf[rowEnd(rows.count - 2)..<rowEnd(rows.count - 1)]).isEmpty
    // The rows in their new order; a deleted row leaves its words.
    var plan: [(row: Int, gap: Range<Int>?, isDeleted: Bool)] = []
    for row in rows.indices {
      plan.append((row, nil, edit.removed.contains(row)))
      for template in edit.inserted[row] ?? [] {
        // A copy of the first row takes the bytes between it and the next row before
        // it (they close what the first row opened); a later row has them in front.
        let gap = template == 0
          ? rows[0].end..<(rows.count > 1 ? rowEnd(0) + Self.gapLength(rtf, from: rowEnd(0)) : rtf.count) : nil
        plan.append((template, gap, false))
      }
    }
    let lastCopy = plan.lastIndex { !$0.isDeleted }
    /// Copies old row `row` with the bytes before it (since the previous row's end):
    /// its cells, list entries, lines and end move with it.
    func copy(row: Int, gap: Range<Int>?, isLast: Bool) {
      let source = rowEnd(row - 1)..<rows[row].end
      if let gap { bytes.append(contentsOf: rtf[gap]) }
      let start = bytes.count
      // `\lastrow` goes from every row but the last, and the last gets one before its `\row`.
      var cuts: [(range: Range<Int>, replacement: [UInt8])] = []
      if marksLastRow {
        let marks = RTFScan.words(named: "lastrow", in: rtf[source])
        if !isLast {
          cuts = marks.map { ($0, []) }
        } else if marks.isEmpty, let end = Self.rowWordStart(in: rtf, before: source.upperBound) {
          cuts = [(end..<end, Array("\\lastrow".utf8))]
        }
      }
      let copied = RTFByteCuts(rtf, cuts, within: source)
      bytes += copied.bytes
      let moved = { (offset: Int) in start + copied.moved(offset) }
      for index in layout.pieces(of: row) {
        let cell = cells[index]
        newCells.append(RTFCellText(
          text: cell.text.map { moved($0.lowerBound)..<moved($0.upperBound) }, insertion: moved(cell.insertion)))
        newLists.append(cellLists?[index] ?? nil)
      }
      newLines += lines[layout.lines(of: row)]
      newRows.append(RTFTableRow(lines: rows[row].lines, end: bytes.count))
    }
    for (index, step) in plan.enumerated() {
      if step.isDeleted {
        guard let words = Self.stateWords(rtf[rowEnd(step.row - 1)..<rows[step.row].end]) else { return nil }
        bytes += words
      } else {
        copy(row: step.row, gap: step.gap, isLast: index == lastCopy)
      }
    }
    bytes.append(contentsOf: rtf[rowEnd(rows.count - 1)...])
    guard RTFScan.groupsBalance(bytes), RTFScan.groupsBalance(rtf) else { return nil }
    var reshaped = RTFElement(kind: .table, shownText: newLines.joined(separator: "\n"), rtf: bytes)
    reshaped.cells = newCells
    reshaped.rows = newRows
    reshaped.cellLists = cellLists == nil ? nil : newLists
    reshaped.resources = resources
    return reshaped
  }

  /// How many bytes from `start` (just after a `\row`) come before the next row's
  /// first control word other than a group end, `\pard` or `\itap` (what writers put
  /// between rows).
  private static func gapLength(_ rtf: [UInt8], from start: Int) -> Int {
    var index = start
    while index < rtf.count {
      switch rtf[index] {
      case UInt8(ascii: "}"), 0x0A, 0x0D, UInt8(ascii: " "): index += 1
      case UInt8(ascii: "\\"):
        let word = RTFWordScan(rtf, at: index)
        guard let word, word.name == "pard" || word.name == "itap" else { return index - start }
        index = word.end
      default: return index - start
      }
    }
    return index - start
  }

  /// Where the `\row` that ends just before `end` starts.
  private static func rowWordStart(in rtf: [UInt8], before end: Int) -> Int? {
    let word = Array("\\row".utf8)
    for start in stride(from: end - word.count, through: max(0, end - word.count - 2), by: -1)
    where start >= 0 && rtf[start..<(start + word.count)].elementsEqual(word) {
      return start
    }
    return nil
  }

  /// Words a deleted row's bytes leave: control words outside the groups that open
  /// and close in them, other than text, cell, row and paragraph ends and row and
  /// cell definitions; and the braces that do not match within them. Nil when they
  /// hold `\bin`.
  static func stateWords(_ region: ArraySlice<UInt8>) -> [UInt8]? {
    guard RTFScan.words(named: "bin", in: region).isEmpty else { return nil }
    var kept: [UInt8] = []
    var index = region.startIndex
    while index < region.endIndex {
      let byte = region[index]
      switch byte {
      case UInt8(ascii: "{"):
        guard let close = matchingClose(region, from: index) else {
          kept.append(byte)
          index += 1
          continue
        }
        index = close + 1
      case UInt8(ascii: "}"):
        kept.append(byte)
        index += 1
      case UInt8(ascii: "\\"):
        guard let word = RTFWordScan(region, at: index) else {
          // A control symbol: `\*` marks a destination (kept), the others are text
          // (`\'hh` with its two digits).
          let symbol = index + 1 < region.endIndex ? region[index + 1] : 0
          if symbol == UInt8(ascii: "*") { kept += [UInt8(ascii: "\\"), symbol] }
          index += symbol == UInt8(ascii: "'") ? 4 : 2
          continue
        }
        if !Self.isContentOrRowWord(word.name) {
          // The word and a space, so the next kept word cannot extend it.
          kept += region[index..<word.parameterEnd]
          kept.append(UInt8(ascii: " "))
        }
        index = word.end
      default:
        index += 1
      }
    }
    return kept
  }

  /// The `}` that closes the group opened at `open`, within `region`.
  private static func matchingClose(_ region: ArraySlice<UInt8>, from open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < region.endIndex {
      switch region[index] {
      case UInt8(ascii: "\\"):
        index += 2
        continue
      case UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// Control words that are a deleted row's text or structure: what it shows, where
  /// its paragraphs, cells and row end, and its row and cell definitions.
  private static func isContentOrRowWord(_ name: Substring) -> Bool {
    Self.contentAndRowWords.contains(name) || Self.rowWordPrefixes.contains { name.hasPrefix($0) }
  }

  private static let rowWordPrefixes = ["tr", "cl", "brdr", "nest", "irow", "tbl", "ts"]

  private static let contentAndRowWords: Set<Substring> = [
    "cell", "row", "par", "sect", "page", "line", "tab", "column", "emdash", "endash", "emspace",
    "enspace", "qmspace", "bullet", "lquote", "rquote", "ldblquote", "rdblquote", "zwj", "zwnj",
    "ltrmark", "rtlmark", "u", "chftn", "chdate", "chtime", "chpgn", "trowd", "intbl", "itap",
    "cellx", "lastrow", "ltrrow", "rtlrow", "taflags", "gaph",
  ]
}
