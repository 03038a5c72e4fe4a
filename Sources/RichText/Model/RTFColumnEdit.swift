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
      for definition in definitions { cuts.append((definition[column], [])) }
      guard let cell = cellRegions(of: rowCells, definitions: definitions)?[column],
        let words = Self.stateWords(rtf[cell])
      else { return nil }
      cuts.append((cell, words))
    }
    cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts)
    guard Self.groupsBalance(cut.bytes) else { return nil }
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
        var edges: [(word: Range<Int>, value: Int)] = []
        for cell in definition {
          guard let edge = Self.cellEdge(in: rtf, cell) else { return nil }
          edges.append(edge)
        }
        let width = template > 0 ? edges[template].value - edges[template - 1].value
          : columns > 1 ? edges[1].value - edges[0].value : edges[0].value
        guard width > 0 else { return nil }
        // The copy, its right edge where the column it copies ends, moved by its width
        // when it goes after it.
        let copiedEdge = edges[template].value + (column > 0 ? width : 0)
        let copy = Array(rtf[definition[template].lowerBound..<edges[template].word.lowerBound])
          + Array("\\cellx\(copiedEdge)".utf8)
        cuts.append((column > 0 ? definition[template].upperBound..<definition[template].upperBound
          : definition[0].lowerBound..<definition[0].lowerBound, copy, nil))
        for moved in (column > 0 ? column : 0)..<columns {
          cuts.append((edges[moved].word, Array("\\cellx\(edges[moved].value + width)".utf8), nil))
        }
      }
      guard let cell = cellRegions(of: rowCells, definitions: definitions)?[template] else { return nil }
      let at = column > 0 ? cell.upperBound : cell.lowerBound
      cuts.append((at..<at, Array(rtf[cell]), (rowCells.startIndex + template, cell.lowerBound)))
    }
    cuts.sort { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
    guard zip(cuts, cuts.dropFirst()).allSatisfy({ $0.range.upperBound <= $1.range.lowerBound }) else { return nil }

    let cut = RTFByteCuts(rtf, cuts.map { ($0.range, $0.replacement) })
    guard Self.groupsBalance(cut.bytes) else { return nil }
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
  private func cellRegions(of rowCells: ArraySlice<RTFCellText>, definitions: [[Range<Int>]]) -> [Range<Int>]? {
    /// Past the group ends that close groups opened since `start`, up to `end`.
    func closing(from start: Int, to end: Int) -> Int? {
      var depth = 0
      var index = start
      while index < end {
        switch rtf[index] {
        case UInt8(ascii: "\\"):
          index = RTFWordScan(rtf, at: index)?.end ?? index + 2
          continue
        case UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "}"):
          depth -= 1
          if depth < 0 { return nil }
        default: break
        }
        index += 1
      }
      while depth > 0, index < rtf.count {
        switch rtf[index] {
        case UInt8(ascii: "}"): depth -= 1
        case UInt8(ascii: " "), 0x0A, 0x0D: break
        default: return nil
        }
        index += 1
      }
      return depth == 0 ? index : nil
    }
    guard var start = definitions.first?.last?.upperBound else { return nil }
    var regions: [Range<Int>] = []
    for cell in rowCells {
      guard let wordEnd = RTFWordScan(rtf, at: cell.insertion)?.end, start <= wordEnd,
        let end = closing(from: start, to: wordEnd)
      else { return nil }
      regions.append(start..<end)
      start = end
    }
    return regions
  }

  /// The `\cellx` word that ends a cell definition, and its value.
  private static func cellEdge(in rtf: [UInt8], _ definition: Range<Int>) -> (word: Range<Int>, value: Int)? {
    let word = Array("\\cellx".utf8)
    var start = definition.upperBound - word.count
    while start >= definition.lowerBound {
      if rtf[start..<(start + word.count)].elementsEqual(word) {
        var end = start + word.count
        var negative = false
        if end < definition.upperBound, rtf[end] == UInt8(ascii: "-") {
          negative = true
          end += 1
        }
        var value = 0
        let digits = end
        while end < definition.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rtf[end]), value < 10_000_000 {
          value = value * 10 + Int(rtf[end] - UInt8(ascii: "0"))
          end += 1
        }
        // No digits, or more than a table's width can have: not a width to move.
        guard end > digits, end == definition.upperBound || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(rtf[end])
        else { return nil }
        return (start..<end, negative ? -value : value)
      }
      start -= 1
    }
    return nil
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

/// Byte edits of a table's RTF, applied in order: each range replaced (an empty range:
/// bytes inserted there), and where an old offset outside them is now.
struct RTFByteCuts {
  /// The edited bytes.
  let bytes: [UInt8]
  /// Where each edit's replacement starts in `bytes`.
  let starts: [Int]
  /// Where each stretch kept unchanged starts, in the old and the new bytes.
  private let stretches: [(old: Int, new: Int)]

  /// `rtf` with `cuts` (in order, not overlapping) applied.
  init(_ rtf: [UInt8], _ cuts: [(range: Range<Int>, replacement: [UInt8])]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rtf.count + cuts.reduce(0) { $0 + $1.replacement.count })
    var starts: [Int] = []
    var stretches: [(old: Int, new: Int)] = [(0, 0)]
    var position = 0
    for cut in cuts {
      bytes += rtf[position..<cut.range.lowerBound]
      starts.append(bytes.count)
      bytes += cut.replacement
      position = cut.range.upperBound
      stretches.append((position, bytes.count))
    }
    bytes += rtf[position...]
    self.bytes = bytes
    self.starts = starts
    self.stretches = stretches
  }

  /// Where old offset `offset` (outside every edit) is now.
  func moved(_ offset: Int) -> Int {
    var low = 0
    var high = stretches.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if stretches[middle].old <= offset { low = middle } else { high = middle }
    }
    return offset - stretches[low].old + stretches[low].new
  }

  /// Where a cell (outside every edit) is now.
  func moved(_ cell: RTFCellText) -> RTFCellText {
    RTFCellText(text: cell.text.map { moved($0.lowerBound)..<moved($0.upperBound) }, insertion: moved(cell.insertion))
  }
}
