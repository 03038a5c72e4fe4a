/// Something in a note body that the model does not edit as text: a table, a
/// picture or embedded object, a footnote and its mark, hidden text (`\v`), a
/// bookmark. It sits in the text as one U+FFFC (OBJECT REPLACEMENT CHARACTER), in a
/// run whose attributes hold the element (`CharacterAttributes.element`), as Cocoa
/// keeps attachments.
///
/// An element keeps the RTF it was read from and is written back as it was, so
/// TextEdit, Word and LibreOffice show the same table, picture or footnote after an
/// edit elsewhere. Word diff and merge see it as one token: it is kept, deleted or
/// (a table's cells) edited as a whole.
public struct RTFElement: Hashable, Sendable {
  /// What an element is.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A table (`\trowd … \row`): a paragraph of its own.
    case table
    /// A picture (`\pict`, `\shppict`, `\nonshppict`, Cocoa's `\NeXTGraphic`).
    case picture
    /// An embedded object or drawing (`\object`, `\shp`, `\do`).
    case object
    /// A footnote or endnote (`\footnote`) with its own text.
    case footnote
    /// The automatic number of a footnote (`\chftn`).
    case footnoteMark
    /// Hidden text (`\v`): never shown.
    case hiddenText
    /// A bookmark's start or end (`\bkmkstart`, `\bkmkend`), or an annotation.
    case bookmark
    /// A field other than a link (`\field` with `PAGE`, `DATE`, `TOC`, `MERGEFIELD`,
    /// `REF`…): shows its result, and keeps its instruction byte for byte.
    case field
  }

  /// What the element is.
  public var kind: Kind
  /// What `plainText` shows in its place: a table's cells (tab-separated, a row per
  /// line), a footnote mark's number, a field's result, nothing for the others.
  public var shownText: String
  /// The text of a footnote, shown after the body; nil for other elements.
  public var noteText: String?
  /// The element's RTF as read (written back unchanged).
  public var rtf: [UInt8]
  /// For a table: where each cell's text is in `rtf`, in the order of the cells in
  /// `shownText` (split at tabs and line feeds); nil when the cells cannot be edited
  /// in place.
  var cells: [RTFCellText]?
  /// For a table whose `cells` are known: its rows, in order, so rows can be deleted
  /// and typed (see `RTFRowEdit`).
  var rows: [RTFTableRow]?
  /// For a table: the list each cell paragraph is an item of (nil for one that is
  /// none), in the order of the pieces of `shownText` (split at tabs and line feeds);
  /// nil when no cell paragraph is a list item. `plainText` shows their markers, as
  /// readers do. Follows from `rtf` and the document's list table: not part of
  /// equality.
  public internal(set) var cellLists: [ListMarker?]?
  /// The fonts and colours `rtf` refers to, by value (nil when unknown): a body
  /// written whole renumbers them into its own tables. Not part of equality.
  var resources: RTFElementResources?

  /// Creates an element.
  public init(kind: Kind, shownText: String = "", noteText: String? = nil, rtf: [UInt8]) {
    self.kind = kind
    self.shownText = shownText
    self.noteText = noteText
    self.rtf = rtf
  }

  /// Whether the element is a paragraph of its own (a table): its RTF ends the
  /// paragraph.
  public var isBlock: Bool { kind == .table }

  /// A table's cells: one array per line of `shownText`, cells split at tabs.
  public var tableRows: [[String]] {
    guard kind == .table else { return [] }
    return shownText.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Equal kind, shown text and RTF (where the cells are in the RTF follows from it).
  public static func == (lhs: RTFElement, rhs: RTFElement) -> Bool {
    lhs.kind == rhs.kind && lhs.shownText == rhs.shownText && lhs.noteText == rhs.noteText
      && lhs.rtf == rhs.rtf
  }

  /// Hashes the kind, the shown text and the RTF.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(shownText)
    hasher.combine(rtf)
  }

  /// The same table with its cells' text replaced by `newText` (cells split at tabs,
  /// rows at line feeds, as `shownText`): each changed cell's text is rewritten in
  /// the RTF, everything else keeps its bytes. Nil when the table's shape changed
  /// (a cell or row added or removed) or a changed cell holds formatting groups.
  public func editingCells(_ newText: String) -> RTFElement? {
    editingCells(newText, typedMarkers: [])
  }

  /// `editingCells(_:)`, where `typedMarkers` holds the list marker typed on each line
  /// of `newText` (nil: none): a new line that is a list item typed inside the table
  /// becomes a new item of the cell above it, and a cell's later paragraph deleted
  /// whole goes (see `RTFCellEdit` for the rule): the RTF from the `\par` before it to
  /// its text is cut, so the paragraph before it ends where it ended. It is
  /// written as `\par\intbl` and its text just before the end of the item above it,
  /// so it takes that item's paragraph formatting and list (`\intbl` again, for
  /// readers that take a paragraph without a table word before its text as one
  /// outside the table, as this reader does).
  ///
  /// Rows deleted whole, and lines typed between rows with as many cells as a row
  /// next to them, delete and add rows (see `RTFRowEdit` for the rule); a cell gone
  /// from every line, or typed on every line, deletes or adds a column, and a cell gone
  /// from or typed on some lines deletes or adds that cell in those rows alone
  /// (`RTFColumnEdit`); the other cells are then edited as above.
  func editingCells(_ newText: String, typedMarkers: [ListMarkerText.Parsed?]) -> RTFElement? {
    guard kind == .table, cells != nil else { return nil }
    if newText == shownText { return self }
    if let edited = editingCellsInPlace(newText, typedMarkers: typedMarkers) { return edited }
    guard let rows else { return nil }
    if let rowEdit = RTFRowEdit(old: shownText, new: newText, rows: rows, cellLists: cellLists),
      let reshaped = reshapingRows(rowEdit)
    {
      return reshaped.editingCells(newText, typedMarkers: [])
    }
    if let columnEdit = RTFColumnEdit(old: shownText, new: newText, rows: rows, hasLists: cellLists != nil),
      let reshaped = columnEdit.isInserted ? insertingCells(columnEdit.cellOfRow) : removingCells(columnEdit.cellOfRow)
    {
      return reshaped.editingCells(newText, typedMarkers: [])
    }
    return nil
  }

  /// `editingCells(_:typedMarkers:)` for edits that keep every row.
  private func editingCellsInPlace(_ newText: String, typedMarkers: [ListMarkerText.Parsed?]) -> RTFElement? {
    guard let cells,
      let edit = RTFCellEdit(old: shownText, new: newText, typedMarkers: typedMarkers, cellLists: cellLists)
    else { return nil }
    let pieces = edit.pieces
    let oldPieces = shownText.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\t" || $0 == "\n" })
    guard pieces.count == cells.count, oldPieces.count == cells.count else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rtf.count + newText.utf8.count + 8 * edit.added.count)
    var newCells: [RTFCellText] = []
    var newLists: [ListMarker?] = []
    var copied = 0
    // Where each stretch copied unchanged starts, in the old and the new bytes.
    var stretches: [(old: Int, new: Int)] = [(0, 0)]
    for (index, cell) in cells.enumerated() {
      if edit.removed.contains(index) {
        // Cut from the `\par` that ends the paragraph above to this one's text end:
        // the paragraph above then ends where this one did.
        guard index > 0, !newCells.isEmpty, cells[index - 1].insertion >= copied,
          let cut = removalEnd(from: cells[index - 1].insertion, through: cell)
        else { return nil }
        bytes.append(contentsOf: rtf[copied..<cells[index - 1].insertion])
        copied = cut
        stretches.append((copied, bytes.count))
        newCells[newCells.count - 1].insertion = bytes.count + cell.insertion - copied
        continue
      }
      // A cell that shows text the reader did not place in the bytes cannot be edited
      // in place: the new text would go in beside the old, not over it.
      guard cell.text != nil || oldPieces[index].isEmpty || pieces[index] == oldPieces[index] else { return nil }
      let replaced = cell.text ?? (cell.insertion..<cell.insertion)
      bytes.append(contentsOf: rtf[copied..<replaced.lowerBound])
      let start = bytes.count
      if pieces[index] == oldPieces[index] {
        bytes.append(contentsOf: rtf[replaced])
      } else {
        guard !rtf[replaced].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
        else { return nil }
        Self.appendText(pieces[index], to: &bytes)
      }
      let end = bytes.count
      var insertion = cell.insertion - replaced.upperBound + end
      copied = replaced.upperBound
      stretches.append((copied, end))
      newLists.append(cellLists?[index] ?? nil)
      if let added = edit.added[index] {
        // Each new paragraph: `\par\intbl` and its text before the end of the one above.
        bytes.append(contentsOf: rtf[copied..<cell.insertion])
        copied = cell.insertion
        var text = end > start ? start..<end : nil
        for paragraph in added {
          insertion = bytes.count
          newCells.append(RTFCellText(text: text, insertion: insertion))
          bytes.append(contentsOf: Array("\\par\\intbl ".utf8))
          let paragraphStart = bytes.count
          Self.appendText(paragraph, to: &bytes)
          text = bytes.count > paragraphStart ? paragraphStart..<bytes.count : nil
          newLists.append(cellLists?[index] ?? nil)
        }
        newCells.append(RTFCellText(text: text, insertion: bytes.count))
        stretches.append((copied, bytes.count))
      } else {
        newCells.append(RTFCellText(text: end > start ? start..<end : nil, insertion: insertion))
      }
    }
    bytes.append(contentsOf: rtf[copied...])
    var edited = RTFElement(kind: .table, shownText: newText, rtf: bytes)
    edited.cells = newCells
    // Nil when no cell paragraph is an item any more, as the reader leaves it.
    edited.cellLists = edit.added.isEmpty && edit.removed.isEmpty
      ? cellLists : newLists.contains(where: { $0 != nil }) ? newLists : nil
    edited.resources = resources
    edited.rows = rows.flatMap { rows in
      RTFTableRow.moved(rows, offsets: RTFOffsetMap(stretches), lines: edit.linesAdded(byPieceOf: rows, in: shownText))
    }
    return edited
  }

  /// Where a cut that removes the cell paragraph `cell` ends, when it starts at the
  /// `\par` at `start` that ends the paragraph before it: after its text and the
  /// group ends that close groups opened in the cut. Nil when `start` is no `\par`,
  /// the cut closes a group it did not open, holds `\bin`, or its groups do not
  /// close before the cell paragraph's end.
  private func removalEnd(from start: Int, through cell: RTFCellText) -> Int? {
    guard start < rtf.count, rtf[start] == UInt8(ascii: "\\"), RTFWordScan(rtf, at: start)?.name == "par"
    else { return nil }
    let textEnd = cell.text?.upperBound ?? cell.insertion
    return RTFScan.groupsClosed(in: rtf, from: start, to: textEnd, limit: cell.insertion)
  }

  /// Appends `text` as RTF to `bytes`, in a group when it needs control words.
  private static func appendText(_ text: Substring, to bytes: inout [UInt8]) {
    var out = RTFByteBuffer(capacity: text.utf8.count + 8)
    out.text(String(text), usesCodePage1252: false)
    // `\uc0` must not reach the rest of the table: keep it in a group.
    let grouped = out.bytes.contains(UInt8(ascii: "\\"))
    if grouped { bytes.append(UInt8(ascii: "{")) }
    // A space keeps the text apart from a control word before it.
    if !grouped, !out.bytes.isEmpty, RTFControlWordEnd.endsInControlWord(bytes) { bytes.append(UInt8(ascii: " ")) }
    bytes.append(contentsOf: out.bytes)
    if grouped { bytes.append(UInt8(ascii: "}")) }
  }
}

/// Where a table cell's text is in the table's RTF: the bytes from its first to its
/// last text token, and where text goes when the cell is empty.
struct RTFCellText: Hashable, Sendable {
  /// The bytes of the cell's text (with any control words between), or nil.
  var text: Range<Int>?
  /// The offset of the `\cell` (or `\par`) that ends the cell.
  var insertion: Int
}

extension AttributedText {
  /// The elements of the body (tables, pictures, footnotes, hidden text, …), in
  /// order.
  public var elements: [RTFElement] {
    var result: [RTFElement] = []
    for paragraph in paragraphs {
      for run in paragraph.runs {
        guard let element = run.attributes.element else { continue }
        for scalar in run.text.unicodeScalars where scalar == "\u{FFFC}" { result.append(element) }
      }
    }
    return result
  }
}
