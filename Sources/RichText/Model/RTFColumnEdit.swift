/// A column deleted from a table through its shown text: every line of a table of
/// one-line rows, each with the same number of cells, has one cell fewer. The column
/// is the one whose removal leaves most lines as typed (the others are then edited in
/// place); nil when no line is its old line without one cell, or the table has list
/// items in its cells, a row of several lines, or rows of different cell counts.
struct RTFColumnEdit: Equatable {
  /// The deleted column (0: the first).
  var column: Int

  init?(old: String, new: String, rows: [RTFTableRow], hasLists: Bool) {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    guard !hasLists, oldLines.count == newLines.count, rows.count == oldLines.count,
      rows.allSatisfy({ $0.lines == 1 })
    else { return nil }
    let oldCells = oldLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    let newCells = newLines.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    guard let columns = oldCells.first?.count, columns >= 2,
      oldCells.allSatisfy({ $0.count == columns }), newCells.allSatisfy({ $0.count == columns - 1 })
    else { return nil }
    var best: (column: Int, rows: Int)?
    for column in 0..<columns {
      let matching = zip(oldCells, newCells).count { old, new in
        var without = old
        without.remove(at: column)
        return without == new
      }
      if matching > (best?.rows ?? 0) { best = (column, matching) }
    }
    guard let best else { return nil }
    self.column = best.column
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
      for definition in definitions { cuts.append((definition[column], [])) }
      // The cell: after the previous cell's `\cell` (the first cell: after the row's
      // first definition) to the end of its own `\cell`.
      let start = column == 0
        ? definitions[0][columns - 1].upperBound
        : RTFWordScan(rtf, at: rowCells[rowCells.startIndex + column - 1].insertion)?.end
      guard let start, let end = RTFWordScan(rtf, at: rowCells[rowCells.startIndex + column].insertion)?.end,
        start <= end, let words = Self.stateWords(rtf[start..<end])
      else { return nil }
      cuts.append((start..<end, words))
    }
    cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    var bytes: [UInt8] = []
    bytes.reserveCapacity(rtf.count)
    // Where each stretch kept unchanged starts, in the old and the new bytes.
    var stretches: [(old: Int, new: Int)] = [(0, 0)]
    var position = 0
    for cut in cuts {
      bytes += rtf[position..<cut.range.lowerBound]
      bytes += cut.replacement
      position = cut.range.upperBound
      stretches.append((position, bytes.count))
    }
    bytes += rtf[position...]
    guard Self.groupsBalance(bytes) else { return nil }
    /// Where an old offset outside every cut is now.
    func moved(_ offset: Int) -> Int {
      var low = 0
      var high = stretches.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if stretches[middle].old <= offset { low = middle } else { high = middle }
      }
      return offset - stretches[low].old + stretches[low].new
    }
    var newCells: [RTFCellText] = []
    for (index, cell) in cells.enumerated() where index % columns != column {
      newCells.append(RTFCellText(text: cell.text.map { moved($0.lowerBound)..<moved($0.upperBound) }, insertion: moved(cell.insertion)))
    }
    let newLines = lines.map { line in
      var cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      cells.remove(at: column)
      return cells.joined(separator: "\t")
    }
    var edited = RTFElement(kind: .table, shownText: newLines.joined(separator: "\n"), rtf: bytes)
    edited.cells = newCells
    edited.rows = rows.map { RTFTableRow(lines: 1, end: moved($0.end)) }
    edited.resources = resources
    return edited
  }

  /// The cell definitions of each row definition (`\trowd`) in `region`: for each
  /// cell, from its first `\cl…` word (the first cell: the first after `\trowd`;
  /// the others: just after the previous `\cellx`) to the end of its `\cellx`.
  private static func cellDefinitions(in rtf: [UInt8], _ region: Range<Int>) -> [[Range<Int>]] {
    var result: [[Range<Int>]] = []
    var index = region.lowerBound
    var current: [Range<Int>]?
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
          current?.append((cellStart ?? index)..<word.end)
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

  /// Words of a row definition that name neither a row (`\tr…`) nor a cell (`\cl…`).
  private static let rowDefinitionWords: Set<Substring> = [
    "irow", "irowband", "ltrrow", "rtlrow", "lastrow", "ts", "tblind", "tblindtype", "taflags", "gaph",
    "tbllkhdrrows", "tbllklastrow", "tbllkhdrcols", "tbllklastcol", "tbllknocolband", "tbllknorowband",
  ]
}
