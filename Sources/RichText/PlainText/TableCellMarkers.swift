/// List markers of the cell paragraphs of tables in the plain-text view. LibreOffice
/// shows a list item in a table cell with its marker, and numbers a list on through
/// the cells and the paragraphs around the table, in reading order; so `plainText`
/// puts each cell paragraph's marker (tabs per level, the marker, a tab) before its
/// text, inside the table's tab-separated cells, and `applyingPlainText` takes those
/// markers off again before the table's cells are compared. The markers typed on new
/// lines are passed on to the table's cell edit, where a marked line typed inside the
/// table can be a new item of a cell (`RTFCellEdit`).
///
/// Only a paragraph that is one table (as the reader makes them), after nothing but
/// elements that show nothing (bookmarks read before its first cell), shows cell
/// markers.
enum TableCellMarkers {
  /// The table `paragraph` consists of: its last run, when that is one table and
  /// every run before it one element that shows nothing.
  static func table(of paragraph: Paragraph) -> RTFElement? {
    paragraph.withRuns { runs -> RTFElement? in
      // Most paragraphs end in text: told from the last run where it lies, without a
      // copy of the run (its text and its attributes).
      guard let base = runs.baseAddress, !runs.isEmpty,
        RTFInPlaceComparison.hasElement((base + (runs.count - 1)).attributes)
      else { return nil }
      guard let last = runs.last, let element = last.attributes.element, element.kind == .table,
        last.text == "\u{FFFC}"
      else { return nil }
      for run in runs.dropLast() {
        guard let before = run.attributes.element, before.shownText.isEmpty, run.text == "\u{FFFC}" else {
          return nil
        }
      }
      return element
    }
  }

  /// The cell lists of the table `paragraph` consists of, if it is one with any.
  static func cellLists(of paragraph: Paragraph) -> [ListMarker?]? {
    table(of: paragraph)?.cellLists
  }

  /// The list entries of `paragraphs` in reading order, for numbering and for list
  /// identities: each paragraph's own list, then, for a table with cell lists, the
  /// list of each cell paragraph. `owner` gives the paragraph of each entry and
  /// `cell` its piece of the table (nil for the paragraph's own entry).
  static func entries(
    of paragraphs: [Paragraph]
  ) -> (markers: [ListMarker?], owner: [Int], cell: [Int?])? {
    // Most bodies have no table with lists in its cells: one look at each paragraph.
    guard let first = paragraphs.firstIndex(where: { cellLists(of: $0) != nil }) else { return nil }
    var markers: [ListMarker?] = paragraphs[..<first].map(\.listMarker)
    var owner = Array(0..<first)
    var cell = [Int?](repeating: nil, count: first)
    for index in first..<paragraphs.count {
      let paragraph = paragraphs[index]
      markers.append(paragraph.listMarker)
      owner.append(index)
      cell.append(nil)
      guard let lists = cellLists(of: paragraph) else { continue }
      for (piece, list) in lists.enumerated() {
        markers.append(list)
        owner.append(index)
        cell.append(piece)
      }
    }
    return (markers, owner, cell)
  }

  /// The prefix of each paragraph's line, and of each cell of the tables with cell
  /// lists (by paragraph index; "" for a cell that is no item).
  static func prefixes(of paragraphs: [Paragraph]) -> (paragraphs: [String], cells: [Int: [String]]) {
    let planned = RTFListTable(planning: paragraphs)
    func prefix(_ item: RTFListTable.Item?, _ marker: ListMarker?) -> String {
      guard let item, let marker else { return "" }
      return String(repeating: "\t", count: max(0, marker.level)) + item.marker + marker.follow.shownText
    }
    let lines = paragraphs.indices.map { prefix(planned.items[$0], paragraphs[$0].style.list) }
    var cells: [Int: [String]] = [:]
    for (index, items) in planned.cellItems {
      guard let lists = cellLists(of: paragraphs[index]) else { continue }
      cells[index] = zip(items, lists).map { prefix($0, $1) }
    }
    return (lines, cells)
  }

  /// A table's shown text with `prefixes` before its cells (pieces split at tabs and
  /// line feeds).
  static func marked(_ shownText: String, prefixes: [String]) -> String {
    var result = ""
    var piece = 0
    var atPieceStart = true
    for scalar in shownText.unicodeScalars {
      if atPieceStart {
        if piece < prefixes.count { result += prefixes[piece] }
        atPieceStart = false
      }
      result.unicodeScalars.append(scalar)
      if scalar == "\t" || scalar == "\n" {
        piece += 1
        atPieceStart = true
      }
    }
    if atPieceStart, piece < prefixes.count { result += prefixes[piece] }
    return result
  }

  /// `line` of a table, whose cells had `prefixes`, without its cells' markers: a
  /// cell that had a marker loses the same text, or any marker it starts with.
  static func strip(_ line: Substring, prefixes: [String]) -> Substring {
    var result = ""
    var rest = line.unicodeScalars[...]
    for (index, prefix) in prefixes.enumerated() {
      if index > 0 {
        guard rest.first == "\t" else { break }
        rest = rest.dropFirst()
        result += "\t"
      }
      if !prefix.isEmpty {
        if rest.starts(with: prefix.unicodeScalars) {
          rest = rest.dropFirst(prefix.unicodeScalars.count)
        } else if let (_, after) = ListMarkerText.parse(Substring(rest)) {
          rest = after.unicodeScalars[...]
        }
      }
      let end = rest.firstIndex(of: "\t") ?? rest.endIndex
      result.unicodeScalars.append(contentsOf: rest[..<end])
      rest = rest[end...]
    }
    result.unicodeScalars.append(contentsOf: rest)
    return Substring(result)
  }
}
