/// Cells deleted from or typed into a table's rows through its shown text: rows with
/// one cell fewer than before or one more, the other rows with as many. A row's cells
/// are its lines joined and split at TABs: a cell of several paragraphs spans lines.
///
/// When every row is one line, every line changed the same way and the rows had one
/// cell count, the cell is one column, the one whose removal (from the old lines, or
/// from the new) leaves most lines as typed: a column deleted or typed. Otherwise each
/// changed row has its own cell, the one whose removal leaves most of the row's cells
/// as typed, then the longest text kept at the start of the cell beside it, then at its
/// end: a cell deleted or typed in that row alone (RTF rows need not have one cell
/// count; Word, LibreOffice and TextEdit show each row with its own cells). So a TAB
/// deleted between two cells joins the right one's text to the left one, and a TAB
/// typed inside a cell's text splits it, the right part going into a new cell after
/// it. In a row of several lines the cell deleted or typed is one line, and every
/// other cell keeps its paragraphs: a TAB that would move a paragraph into another
/// cell is not taken. The cells left are then edited in place. Rows that gained a cell
/// and rows that lost one in the same edit take two steps: this edit holds the rows
/// that changed as the first changed row did, and `editingCells` takes the others
/// after it. Nil when no row changed its cell count, a row changed it by more than one
/// or moved a paragraph, a row would lose its last cell, or the table has list items
/// in its cells.
struct RTFColumnEdit: Equatable {
  /// The cell deleted from or typed into each changed row, by row (0: the first
  /// cell; a typed cell's index is where it is in the new row).
  var cellOfRow: [Int: Int]
  /// Whether cells were typed (else deleted).
  var isInserted: Bool

  init?(old: String, new: String, rows: [RTFTableRow], hasLists: Bool) {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard !hasLists, oldLines.count == newLines.count, let layout = RTFTableLayout(rows: rows, lines: oldLines)
    else { return nil }
    // Each row's cells: its lines joined, split at TABs (a cell of several paragraphs
    // spans lines). The new text's lines are the rows' lines too: as many as before.
    let oldCells = rows.indices.map { Self.cells(of: oldLines[layout.lines(of: $0)]) }
    let newCells = rows.indices.map { Self.cells(of: newLines[layout.lines(of: $0)]) }
    guard oldCells.indices.allSatisfy({ abs(oldCells[$0].count - newCells[$0].count) <= 1 }),
      let first = oldCells.indices.first(where: { oldCells[$0].count != newCells[$0].count })
    else { return nil }
    // The rows that changed as the first did; `editingCells` then takes the others.
    let isInserted = newCells[first].count > oldCells[first].count
    let changed = oldCells.indices.filter { newCells[$0].count - oldCells[$0].count == (isInserted ? 1 : -1) }
    guard isInserted || changed.allSatisfy({ oldCells[$0].count >= 2 }) else { return nil }
    let (longer, shorter) = isInserted ? (newCells, oldCells) : (oldCells, newCells)
    self.isInserted = isInserted
    var cellOfRow: [Int: Int] = [:]
    // A column: every row changed, all of one line and one cell count, and some row is
    // its old line without that column's cell (or with one more).
    if changed.count == rows.count, rows.allSatisfy({ $0.lines == 1 }), let columns = oldCells.first?.count,
      oldCells.allSatisfy({ $0.count == columns })
    {
      var best: (column: Int, rows: Int)?
      for column in longer[0].indices {
        let matching = zip(longer, shorter).count { long, short in
          var without = long
          without.remove(at: column)
          return without == short
        }
        if matching > (best?.rows ?? 0) { best = (column, matching) }
      }
      if let best { cellOfRow = Dictionary(uniqueKeysWithValues: rows.indices.map { ($0, best.column) }) }
    }
    if cellOfRow.isEmpty {
      for row in changed {
        cellOfRow[row] = Self.changedCell(longer: longer[row], shorter: shorter[row])
      }
    }
    // A row of several lines keeps its paragraphs where they were: the cell typed or
    // deleted is on one line, and every other cell has as many lines as before (a TAB
    // typed inside a cell of several paragraphs would move some into a new cell).
    for (row, cell) in cellOfRow where rows[row].lines > 1 {
      var kept = longer[row]
      guard !kept.remove(at: cell).contains("\n"),
        zip(kept, shorter[row]).allSatisfy({ Self.lineCount($0) == Self.lineCount($1) })
      else { return nil }
    }
    self.cellOfRow = cellOfRow
  }

  /// The cells of a row whose shown lines are `lines`: the lines joined, split at TABs.
  static func cells(of lines: ArraySlice<Substring>) -> [Substring] {
    guard lines.count > 1 else {
      return lines.first.map { $0.split(separator: "\t", omittingEmptySubsequences: false) } ?? [""]
    }
    let joined = lines.joined(separator: "\n")
    return joined.split(separator: "\t", omittingEmptySubsequences: false)
  }

  private static func lineCount(_ cell: Substring) -> Int {
    cell.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The cell of `longer` whose removal leaves most cells equal to `shorter`'s, then
  /// the longest text shared at the start of the cell that differs, then at its end
  /// (the first such cell on a tie).
  static func changedCell(longer: [Substring], shorter: [Substring]) -> Int {
    var best: (cell: Int, score: (Int, Int, Int))?
    for cell in longer.indices {
      var without = longer
      without.remove(at: cell)
      var equal = 0
      var prefix = 0
      var suffix = 0
      for (long, short) in zip(without, shorter) {
        if long == short {
          equal += 1
        } else {
          prefix += zip(long, short).prefix(while: { $0 == $1 }).count
          suffix += zip(long.reversed(), short.reversed()).prefix(while: { $0 == $1 }).count
        }
      }
      let score = (equal, prefix, suffix)
      if best.map({ score > $0.score }) ?? true { best = (cell, score) }
    }
    return best?.cell ?? 0
  }
}

extension RTFElement {
  /// The cell paragraphs (pieces, in the order `cells` holds them) of each cell of each
  /// row, from the rows' lines of the shown text: one for a cell of one paragraph, one
  /// per paragraph for a cell of several; nil when the cells, rows and lines are out of
  /// step, or the rows' ends are not in order inside the RTF.
  private func rowCellPieces(lines: [Substring]) -> [[Range<Int>]]? {
    guard kind == .table, let rows, let cells, cellLists == nil,
      let layout = RTFTableLayout(rows: rows, lines: lines), layout.pieceCount == cells.count,
      zip(rows, rows.dropFirst()).allSatisfy({ $0.end < $1.end }), let lastEnd = rows.last?.end, lastEnd <= rtf.count
    else { return nil }
    return rows.indices.map { Self.cellPieces(of: lines[layout.lines(of: $0)], from: layout.pieces(of: $0).lowerBound) }
  }

  /// The pieces of each cell of the row shown as `lines`, whose pieces start at
  /// `firstPiece`.
  private static func cellPieces(of lines: ArraySlice<Substring>, from firstPiece: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var piece = firstPiece
    var cellStart = firstPiece
    for (index, line) in zip(lines.indices, lines) {
      if index != lines.startIndex { piece += 1 }  // a line feed: the cell's next paragraph
      for byte in line.utf8 where byte == UInt8(ascii: "\t") {
        result.append(cellStart..<(piece + 1))
        piece += 1
        cellStart = piece
      }
    }
    result.append(cellStart..<(piece + 1))
    return result
  }

  /// The table without the cell `cellOfRow[row]` of each row named: in that row, its
  /// cell definition (the `\cl…` words up to its `\cellx`, in each row definition of
  /// the row: Word writes two) and its cell (the bytes after the previous cell's
  /// `\cell` up to its own `\cell`, which leave the formatting words they set outside
  /// their groups, as a deleted row does). The other cells keep their widths: the
  /// cell's space goes to its neighbours. Nil when a row named has no row definition
  /// of its own, its definitions or cells do not have its cell count, or it has one
  /// cell only.
  func removingCells(_ cellOfRow: [Int: Int]) -> RTFElement? {
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard let rows, let cells, let cellPieces = rowCellPieces(lines: lines) else { return nil }
    var cuts: [(range: Range<Int>, replacement: [UInt8])] = []
    for (index, row) in rows.enumerated() {
      guard let column = cellOfRow[index] else { continue }
      let count = cellPieces[index].count
      // A cell of several paragraphs spans lines: its row would lose lines.
      guard count >= 2, column >= 0, column < count, cellPieces[index][column].count == 1 else { return nil }
      let region = (index == 0 ? 0 : rows[index - 1].end)..<row.end
      let definitions = Self.cellDefinitions(in: rtf, region)
      guard !definitions.isEmpty, definitions.allSatisfy({ $0.count == count }) else { return nil }
      for definition in definitions { cuts.append((definition[column].bytes, [])) }
      guard let cell = cellRegions(of: cellPieces[index].map { cells[$0.upperBound - 1] }, definitions: definitions)?[column],
        let words = Self.stateWords(rtf[cell])
      else { return nil }
      cuts.append((cell, words))
    }
    cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts)
    guard RTFScan.groupsBalance(cut.bytes) else { return nil }
    var newCells: [RTFCellText] = []
    for (index, pieces) in cellPieces.enumerated() {
      for (column, cell) in pieces.enumerated() where column != cellOfRow[index] {
        for piece in cell { newCells.append(cut.moved(cells[piece])) }
      }
    }
    return reshaped(cut, cells: newCells, lines: lines, rows: rows) { row, cells in
      if let column = cellOfRow[row] { cells.remove(at: column) }
    }
  }

  /// The table with a cell typed at `cellOfRow[row]` of each row named: in that row,
  /// a copy of the cell definition of the cell to its left (the first cell: of the
  /// first cell) as wide as that cell, the cells to its right moved by that width, and
  /// a copy of that cell with its text (which the edit then replaces). Nil when a row
  /// named has no row definition of its own, or its definitions or cells do not have
  /// its cell count.
  func insertingCells(_ cellOfRow: [Int: Int]) -> RTFElement? {
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard let rows, let cells, let cellPieces = rowCellPieces(lines: lines) else { return nil }
    // A copied cell's cut also names the piece it copies and where its bytes start.
    var cuts: [(range: Range<Int>, replacement: [UInt8], copied: (piece: Int, source: Int)?)] = []
    // The shown text of each row's copied cell (its last paragraph's), from the pieces.
    let pieceTexts = shownText.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\t" || $0 == "\n" })
    var copiedText: [Int: Substring] = [:]
    for (index, row) in rows.enumerated() {
      guard let column = cellOfRow[index] else { continue }
      let columns = cellPieces[index].count
      guard column >= 0, column <= columns else { return nil }
      let template = max(0, column - 1)
      let region = (index == 0 ? 0 : rows[index - 1].end)..<row.end
      let definitions = Self.cellDefinitions(in: rtf, region)
      guard !definitions.isEmpty, definitions.allSatisfy({ $0.count == columns }) else { return nil }
      for definition in definitions {
        let edges = definition.compactMap(\.edge)
        guard edges.count == definition.count else { return nil }
        let width = template > 0 ? edges[template] - edges[template - 1]
          : columns > 1 ? edges[1] - edges[0] : edges[0]
        guard width > 0 else { return nil }
        // The copy, its right edge where the cell it copies ends, moved by its width
        // when it goes after it.
        let copied = definition[template]
        let copy = Array(rtf[copied.bytes.lowerBound..<copied.edgeWord.lowerBound])
          + Array("\\cellx\(edges[template] + (column > 0 ? width : 0))".utf8)
        let at = column > 0 ? copied.bytes.upperBound : definition[0].bytes.lowerBound
        cuts.append((at..<at, copy, nil))
        for moved in (column > 0 ? column : 0)..<columns {
          cuts.append((definition[moved].edgeWord, Array("\\cellx\(edges[moved] + width)".utf8), nil))
        }
      }
      let templatePieces = cellPieces[index][template]
      guard let cell = cellRegions(of: cellPieces[index].map { cells[$0.upperBound - 1] }, definitions: definitions)?[template]
      else { return nil }
      // The copy is the template's last paragraph (all of it, for a cell of one): a
      // typed cell is one line, so it takes one paragraph.
      var copyStart = cell.lowerBound
      if templatePieces.count > 1 {
        guard let paragraphEnd = RTFWordScan(rtf, at: cells[templatePieces.upperBound - 2].insertion)?.end,
          paragraphEnd <= cells[templatePieces.upperBound - 1].insertion
        else { return nil }
        copyStart = paragraphEnd
      }
      let at = column > 0 ? cell.upperBound : cell.lowerBound
      cuts.append((at..<at, Array(rtf[copyStart..<cell.upperBound]), (templatePieces.upperBound - 1, copyStart)))
      copiedText[index] = pieceTexts[templatePieces.upperBound - 1]
    }
    cuts.sort { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts.map { ($0.range, $0.replacement) })
    guard RTFScan.groupsBalance(cut.bytes) else { return nil }
    // The copied cells, by the piece they copy: where its bytes went, less where they came from.
    var copiedCells: [Int: RTFCellText] = [:]
    for (index, copy) in cuts.enumerated() {
      guard let copied = copy.copied else { continue }
      let shift = cut.starts[index] - copied.source
      let cell = cells[copied.piece]
      copiedCells[copied.piece] = RTFCellText(
        text: cell.text.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }, insertion: cell.insertion + shift)
    }
    var newCells: [RTFCellText] = []
    for (index, pieces) in cellPieces.enumerated() {
      let column = cellOfRow[index]
      let copied = column.flatMap { copiedCells[pieces[max(0, $0 - 1)].upperBound - 1] }
      for (position, cell) in pieces.enumerated() {
        if position == column, let copied { newCells.append(copied) }
        for piece in cell { newCells.append(cut.moved(cells[piece])) }
      }
      if column == pieces.count, let copied { newCells.append(copied) }
    }
    guard newCells.count == cells.count + cellOfRow.count else { return nil }
    return reshaped(cut, cells: newCells, lines: lines, rows: rows) { row, cells in
      if let column = cellOfRow[row], let text = copiedText[row] { cells.insert(text, at: column) }
    }
  }

  /// The table of `rows` whose RTF is `cut`'s, with `cells`, and the cells of each
  /// row of `lines` changed by `change` (given the row; a cell of several paragraphs
  /// spans lines, and the cells it changes are one line each, so every row keeps its
  /// line count).
  private func reshaped(
    _ cut: RTFByteCuts, cells: [RTFCellText], lines: [Substring], rows: [RTFTableRow],
    change: (_ row: Int, inout [Substring]) -> Void
  ) -> RTFElement {
    var newLines: [Substring] = []
    var line = 0
    for (index, row) in rows.enumerated() {
      var rowCells = RTFColumnEdit.cells(of: lines[line..<(line + row.lines)])
      change(index, &rowCells)
      newLines += rowCells.joined(separator: "\t").split(separator: "\n", omittingEmptySubsequences: false)
      line += row.lines
    }
    var edited = RTFElement(kind: .table, shownText: newLines.joined(separator: "\n"), rtf: cut.bytes)
    edited.cells = cells
    edited.rows = rows.map { RTFTableRow(lines: $0.lines, end: cut.moved($0.end)) }
    edited.resources = resources
    return edited
  }

  /// The bytes of each cell of a row, given by the last paragraph (`rowCells`) of each
  /// (whose `\cell` ends it) and the row's `definitions`: from the end of the previous
  /// cell (the first cell: of the row's first definition) to the end of its `\cell`,
  /// all its paragraphs, with the group ends that close what it opened (Word writes `{\b Name\cell }`), so that the bytes balance. Nil when
  /// they do not.
  private func cellRegions(of rowCells: [RTFCellText], definitions: [[CellDefinition]]) -> [Range<Int>]? {
    guard var start = definitions.first?.last?.bytes.upperBound else { return nil }
    var regions: [Range<Int>] = []
    for cell in rowCells {
      guard let wordEnd = RTFWordScan(rtf, at: cell.insertion)?.end, start <= wordEnd,
        let end = RTFScan.groupsClosed(in: rtf, from: start, to: wordEnd, limit: rtf.count)
      else { return nil }
      regions.append(start..<end)
      start = end
    }
    return regions
  }

  /// The cell definitions of each row definition (`\trowd`) in `region`: for each
  /// cell, from its first `\cl…` word (the first cell: the first after `\trowd`;
  /// the others: just after the previous `\cellx`) to the end of its `\cellx`.
  private static func cellDefinitions(in rtf: [UInt8], _ region: Range<Int>) -> [[CellDefinition]] {
    var result: [[CellDefinition]] = []
    var index = region.lowerBound
    var current: [CellDefinition]?
    var cellStart: Int?
    while index < region.upperBound {
      let byte = rtf[index]
      guard byte == UInt8(ascii: "\\") else {
        if byte != UInt8(ascii: " ") && byte != 0x0A && byte != 0x0D, let definition = current {
          result.append(definition)  // text or a group: the definition ended
          current = nil
        }
        index += 1
        continue
      }
      guard let word = RTFWordScan(rtf, at: index) else {
        index += 2
        continue
      }
      if word.name == "trowd" {
        if let definition = current { result.append(definition) }
        current = []
        cellStart = nil
      } else if current != nil {
        if word.name == "cellx" {
          current?.append(
            CellDefinition(bytes: (cellStart ?? index)..<word.end, edgeWord: index..<word.parameterEnd, edge: word.parameter))
          cellStart = word.end
        } else if word.name.hasPrefix("cl") {
          if cellStart == nil { cellStart = index }
        } else if !(word.name.hasPrefix("tr") || word.name.hasPrefix("brdr") || Self.rowDefinitionWords.contains(word.name)) {
          if let definition = current { result.append(definition) }
          current = nil
        }
      }
      index = word.end
    }
    if let definition = current { result.append(definition) }
    return result
  }

  /// A cell's definition: its `\cl…` words and its `\cellx`.
  struct CellDefinition {
    /// All of it.
    var bytes: Range<Int>
    /// Its `\cellx` word with its value.
    var edgeWord: Range<Int>
    /// The value: where the cell ends, in twips (nil when out of reason).
    var edge: Int?
  }

  /// Words of a row definition that name neither a row (`\tr…`) nor a cell (`\cl…`).
  private static let rowDefinitionWords: Set<Substring> = [
    "irow", "irowband", "ltrrow", "rtlrow", "lastrow", "ts", "tblind", "tblindtype", "taflags", "gaph",
    "tbllkhdrrows", "tbllklastrow", "tbllkhdrcols", "tbllklastcol", "tbllknocolband", "tbllknorowband",
  ]
}
