/// A column deleted from or typed into a table through its shown text: every line
/// of a table of one-line rows, each with the same number of cells, has one cell
/// fewer, or one more. The column is the one whose removal (from the old lines, or
/// from the new) leaves most lines as typed (the others are then edited in place);
/// nil when no line is its old line without one cell (or with one more), or the table
/// has list items in its cells, a row of several lines, or rows of different cell
/// counts.
struct RTFColumnEdit: Equatable {
  /// The column deleted, or where the new one is (0: the first).
  var column: Int
  /// Whether the column was typed (else deleted).
  var isInserted: Bool

  init?(old: String, new: String, rows: [RTFTableRow], hasLists: Bool) {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard !hasLists, oldLines.count == newLines.count, rows.count == oldLines.count,
      rows.allSatisfy({ $0.lines == 1 })
    else { return nil }
    let oldCells = oldLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    let newCells = newLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    guard let columns = oldCells.first?.count, oldCells.allSatisfy({ $0.count == columns }) else { return nil }
    let isInserted = newCells.allSatisfy { $0.count == columns + 1 }
    guard isInserted || (columns >= 2 && newCells.allSatisfy { $0.count == columns - 1 }) else { return nil }
    let (longer, shorter) = isInserted ? (newCells, oldCells) : (oldCells, newCells)
    var best: (column: Int, rows: Int)?
    for column in longer[0].indices {
      let matching = zip(longer, shorter).count { long, short in
        var without = long
        without.remove(at: column)
        return without == short
      }
      if matching > (best?.rows ?? 0) { best = (column, matching) }
    }
    guard let best else { return nil }
    self.column = best.column
    self.isInserted = isInserted
  }
}

extension RTFElement {
  /// The table without column `column`: in every row, its cell definition (the
  /// `\cl…` words up to its `\cellx`, in each row definition of the row: Word writes
  /// two) and its cell (the bytes after the previous cell's `\cell` up to its own
  /// `\cell`, which leave the formatting words they set outside their groups, as a
  /// deleted row does). The other cells keep their widths: the column's space goes
  /// to its neighbours. Nil when a row has no row definition of its own, or its
  /// definitions or cells do not have the table's cell count.
  func removingColumn(_ column: Int) -> RTFElement? {
    guard kind == .table, let rows, let cells, cellLists == nil, rows.allSatisfy({ $0.lines == 1 }) else { return nil }
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == rows.count, let columns = lines.first.map(RTFRowEdit.cellCount), columns > column,
      columns >= 2, cells.count == columns * rows.count,
      zip(rows, rows.dropFirst()).allSatisfy({ $0.end < $1.end }), let lastEnd = rows.last?.end, lastEnd <= rtf.count
    else { return nil }
    var cuts: [(range: Range<Int>, replacement: [UInt8])] = []
    for (index, row) in rows.enumerated() {
      let region = (index == 0 ? 0 : rows[index - 1].end)..<row.end
      let rowCells = cells[(index * columns)..<((index + 1) * columns)]
      let definitions = Self.cellDefinitions(in: rtf, region)
      guard !definitions.isEmpty, definitions.allSatisfy({ $0.count == columns }) else { return nil }
      for definition in definitions { cuts.append((definition[column].bytes, [])) }
      guard let cell = cellRegions(of: rowCells, definitions: definitions)?[column],
        let words = Self.stateWords(rtf[cell])
      else { return nil }
      cuts.append((cell, words))
    }
    cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts)
    guard RTFScan.groupsBalance(cut.bytes) else { return nil }
    var newCells: [RTFCellText] = []
    for (index, cell) in cells.enumerated() where index % columns != column { newCells.append(cut.moved(cell)) }
    return reshaped(cut, cells: newCells, lines: lines, rows: rows) { $0.remove(at: column) }
  }

  /// The table with a column typed at `column`: in every row, a copy of the cell
  /// definition of the column to its left (the first column: of the first column)
  /// as wide as that column, the cells to its right moved by that width, and a copy of
  /// that column's cell with its text (which the edit then replaces). Nil when a row
  /// has no row definition of its own, or its definitions or cells do not have the
  /// table's cell count.
  func insertingColumn(at column: Int) -> RTFElement? {
    guard kind == .table, let rows, let cells, cellLists == nil, rows.allSatisfy({ $0.lines == 1 }) else { return nil }
    let lines = shownText.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == rows.count, let columns = lines.first.map(RTFRowEdit.cellCount), column <= columns,
      cells.count == columns * rows.count,
      zip(rows, rows.dropFirst()).allSatisfy({ $0.end < $1.end }), let lastEnd = rows.last?.end, lastEnd <= rtf.count
    else { return nil }
    let template = max(0, column - 1)
    // A copied cell's cut also names the template cell and where its bytes start.
    var cuts: [(range: Range<Int>, replacement: [UInt8], copied: (cell: Int, source: Int)?)] = []
    for (index, row) in rows.enumerated() {
      let region = (index == 0 ? 0 : rows[index - 1].end)..<row.end
      let rowCells = cells[(index * columns)..<((index + 1) * columns)]
      let definitions = Self.cellDefinitions(in: rtf, region)
      guard !definitions.isEmpty, definitions.allSatisfy({ $0.count == columns }) else { return nil }
      for definition in definitions {
        let edges = definition.compactMap(\.edge)
        guard edges.count == definition.count else { return nil }
        let width = template > 0 ? edges[template] - edges[template - 1]
          : columns > 1 ? edges[1] - edges[0] : edges[0]
        guard width > 0 else { return nil }
        // The copy, its right edge where the column it copies ends, moved by its width
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
      guard let cell = cellRegions(of: rowCells, definitions: definitions)?[template] else { return nil }
      let at = column > 0 ? cell.upperBound : cell.lowerBound
      cuts.append((at..<at, Array(rtf[cell]), (rowCells.startIndex + template, cell.lowerBound)))
    }
    cuts.sort { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts.map { ($0.range, $0.replacement) })
    guard RTFScan.groupsBalance(cut.bytes) else { return nil }
    // The copied cells, by their template cell: where its bytes went, less where they came from.
    var copiedCells: [Int: RTFCellText] = [:]
    for (index, copy) in cuts.enumerated() {
      guard let copied = copy.copied else { continue }
      let shift = cut.starts[index] - copied.source
      let cell = cells[copied.cell]
      copiedCells[copied.cell] = RTFCellText(
        text: cell.text.map { ($0.lowerBound + shift)..<($0.upperBound + shift) }, insertion: cell.insertion + shift)
    }
    var newCells: [RTFCellText] = []
    for (index, cell) in cells.enumerated() {
      if index % columns == column, let copied = copiedCells[index - column + template] { newCells.append(copied) }
      newCells.append(cut.moved(cell))
      if column == columns, index % columns == columns - 1, let copied = copiedCells[index] { newCells.append(copied) }
    }
    guard newCells.count == (columns + 1) * rows.count else { return nil }
    return reshaped(cut, cells: newCells, lines: lines, rows: rows) { $0.insert($0[template], at: column) }
  }

  /// The table of one-line `rows` whose RTF is `cut`'s, with `cells`, and each line of
  /// `lines` with its cells changed by `change`.
  private func reshaped(
    _ cut: RTFByteCuts, cells: [RTFCellText], lines: [Substring], rows: [RTFTableRow],
    change: (inout [Substring]) -> Void
  ) -> RTFElement {
    let newLines = lines.map { line in
      var cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      change(&cells)
      return cells.joined(separator: "\t")
    }
    var edited = RTFElement(kind: .table, shownText: newLines.joined(separator: "\n"), rtf: cut.bytes)
    edited.cells = cells
    edited.rows = rows.map { RTFTableRow(lines: 1, end: cut.moved($0.end)) }
    edited.resources = resources
    return edited
  }

  /// The bytes of each cell of a row (`rowCells`, whose definitions are
  /// `definitions`): from the end of the previous cell (the first cell: of the row's
  /// first definition) to the end of its `\cell`, with the group ends that close what
  /// it opened (Word writes `{\b Name\cell }`), so that the bytes balance. Nil when
  /// they do not.
  private func cellRegions(of rowCells: ArraySlice<RTFCellText>, definitions: [[CellDefinition]]) -> [Range<Int>]? {
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
