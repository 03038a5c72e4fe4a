/// What the reader notes about table paragraphs while it reads: where each table
/// starts and ends in the file and where each cell's text is, so that a table
/// becomes one element of the body that keeps its RTF and can have its cells edited.
struct TableTracker {
  /// One paragraph of a table as read.
  struct Paragraph {
    /// The first table word (`\trowd`, `\intbl`, …) of the paragraph, when no text
    /// came before it.
    var start: Int?
    var depthAtStart: Int
    /// Just after the `\row` or `\par` that ended the paragraph.
    var end: Int
    var depthAtEnd: Int
    /// Whether `\row` (not `\nestrow` or `\par`) ended it.
    var endsRow: Bool
    /// How many bookmarks came before `start`: the paragraph's first runs, kept
    /// before the table.
    var leadingBookmarks: Int
    var cells: [RTFCellText]
    /// The list of the paragraph each of `cells` ends, as at its `\cell`; nil for
    /// the last when `\par` ended it (the paragraph's own style has it).
    var cellLists: [ListMarker??]
    var editable: Bool
  }

  /// Table paragraphs by their index in the body.
  var paragraphs: [Int: Paragraph] = [:]

  // The paragraph being read.
  private(set) var inTable = false
  private var hadText = false
  private var leadingBookmarks = 0
  private var start: Int?
  private var depthAtStart = 0
  private var cells: [RTFCellText] = []
  private var cellLists: [ListMarker??] = []
  private var cellText: Range<Int>?
  /// Where the paragraph's text before its first table word starts and ends: a cell's
  /// later paragraph (`first\par second\cell`) has no table word before its text,
  /// and that text is the cell's.
  private var textBeforeTable: (start: Int, end: Int)?
  private var editable = true
  private var rowEnded = false
  private var endsRow = false

  /// Text from `start` to `end` went into the body.
  @inline(__always)
  mutating func noteText(_ start: Int, _ end: Int) {
    guard inTable || !hadText else {
      textBeforeTable?.end = end
      return
    }
    noteTextInTableOrFirst(start, end)
  }

  /// `noteText` in a table, or for the first text outside one.
  private mutating func noteTextInTableOrFirst(_ start: Int, _ end: Int) {
    if !inTable {
      hadText = true
      textBeforeTable = (start, end)
      return
    }
    if let text = cellText {
      cellText = text.lowerBound..<max(text.upperBound, end)
    } else {
      cellText = start..<end
    }
  }

  /// A bookmark from `start` to `end` went into the body: text in a table's cell, but
  /// before a paragraph's first table word it does not keep the paragraph from being
  /// a table (Word writes a heading's bookmark before its row's first cell).
  mutating func noteBookmark(_ start: Int, _ end: Int) {
    if inTable {
      noteTextInTableOrFirst(start, end)
    } else if !hadText {
      leadingBookmarks += 1
    } else {
      textBeforeTable?.end = end
    }
  }

  /// A `\uN` fallback up to `end` was skipped: it belongs to the cell's text.
  mutating func extendCell(to end: Int) {
    guard inTable else {
      if let text = textBeforeTable, end > text.end { textBeforeTable?.end = end }
      return
    }
    guard let text = cellText, end > text.upperBound else { return }
    cellText = text.lowerBound..<end
  }

  /// A table word (`\trowd`, `\intbl`) at `offset`.
  mutating func noteTableWord(at offset: Int, depth: Int) {
    if !inTable {
      inTable = true
      if !hadText {
        start = offset
        depthAtStart = depth
      } else if cellText == nil, let text = textBeforeTable {
        cellText = text.start..<text.end
      }
    }
  }

  /// `\cell` or `\nestcell` at `offset`, ending a paragraph of `list` (nil: none).
  mutating func noteCellEnd(at offset: Int, depth: Int, list: ListMarker?) {
    noteTableWord(at: offset, depth: depth)
    cells.append(RTFCellText(text: cellText, insertion: offset))
    cellLists.append(.some(list))
    cellText = nil
  }

  /// `\row` or `\nestrow`.
  mutating func noteRowEnd(at offset: Int, depth: Int, outer: Bool) {
    noteTableWord(at: offset, depth: depth)
    if cellText != nil { editable = false }
    cellText = nil
    rowEnded = true
    endsRow = outer
  }

  /// The paragraph `index` ended at `offset` (its `\par` or `\row`, at `end`).
  mutating func noteParagraphEnd(_ index: Int, at offset: Int, end: Int, depth: Int) {
    defer {
      inTable = false
      hadText = false
      leadingBookmarks = 0
      start = nil
      cells = []
      cellLists = []
      cellText = nil
      textBeforeTable = nil
      editable = true
      rowEnded = false
      endsRow = false
    }
    guard inTable else { return }
    if !rowEnded {
      cells.append(RTFCellText(text: cellText, insertion: offset))
      cellLists.append(nil)
    }
    paragraphs[index] = Paragraph(
      start: start, depthAtStart: depthAtStart, end: end, depthAtEnd: depth, endsRow: endsRow,
      leadingBookmarks: start == nil ? 0 : leadingBookmarks, cells: cells, cellLists: cellLists,
      editable: editable)
  }
}

extension ReaderMachine {
  /// Keeps the group that `keyword` starts as an element of `kind` (its bytes are
  /// skipped and kept), when it is in the body.
  mutating func captureElement(_ kind: RTFElement.Kind, counted: Bool) {
    skipGroup(counted: counted)
    guard state.destination == .body, elementCapture == nil else { return }
    let start = max(0, groupContentStart - 1)
    // The body starts at the group, not where the element is added after it.
    recorder.noteBody(at: start, depth: depth - 1)
    elementCapture = (kind, start)
  }

  /// The captured group ended (the state is the enclosing group's again).
  mutating func finishElementCapture(_ kind: RTFElement.Kind, start: Int) {
    let end = tokenizer.position
    guard start < end, bytes[start] == UInt8(ascii: "{") else { return }
    var rtf = Array(bytes[start..<end])
    // Cocoa's attachment is followed by its 0xAC placeholder, which the reader drops.
    if pendingAttachmentDepth != nil { rtf.append(0xAC) }
    // Raised by `\upN` (a footnote after its mark): written without `\super`, which
    // LibreOffice does not take for a footnote's raise.
    var element = RTFElement(kind: kind, rtf: rtf)
    if kind == .footnote {
      element.noteText = FootnoteText.read(rtf, codePage: documentCodePage, fonts: fonts)
    }
    appendElement(element, keepingRaise: state.character.raise != nil)
  }

  /// `\chftn` in the body: the footnote's number.
  mutating func footnoteMark() {
    guard state.destination == .body, !state.character.isHidden else { return }
    footnoteMarks += 1
    let raise = state.character.raise
    // Not in a group: LibreOffice ties a footnote to the mark before it in its group.
    let rtf = raise.map { "\\up\($0) \\chftn \\up0 " } ?? "\\chftn "
    appendElement(
      RTFElement(kind: .footnoteMark, shownText: String(footnoteMarks), rtf: Array(rtf.utf8)),
      keepingRaise: raise != nil)
  }

  /// Appends an element to the body with the current character attributes (an
  /// element that raises itself without the run's raise).
  mutating func appendElement(_ element: RTFElement, keepingRaise: Bool = false) {
    if element.kind != .hiddenText, !hiddenText.isEmpty { flushHiddenText() }
    prepareBody()
    if element.kind == .bookmark {
      tables.noteBookmark(tokenizer.tokenStart, tokenizer.position)
    } else {
      tables.noteText(tokenizer.tokenStart, tokenizer.position)
    }
    body.flushRun()
    var attributes = body.runAttributes
    attributes.element = element
    bodyHasElements = true
    if keepingRaise { attributes.verticalPosition = nil }
    body.append(TextRun(text: "\u{FFFC}", attributes: attributes))
  }

  /// Hidden text from the file: kept, never shown.
  mutating func hiddenBytes(_ start: Int, _ end: Int) {
    recorder.noteBody(at: tokenizer.tokenStart, depth: depth)
    updateCodePage()
    decoder.append(bytes, start, end, to: &hiddenText)
  }

  /// Hidden text as one element `{\v …}`.
  mutating func flushHiddenText() {
    guard !hiddenText.isEmpty else { return }
    if decoder.hasPending { _ = decoder.flush(to: &hiddenText) }
    var out = RTFByteBuffer(capacity: hiddenText.count + 8)
    out.raw("{\\v ")
    out.text(String(decoding: hiddenText, as: UTF8.self), usesCodePage1252: false)
    out.raw("}")
    hiddenText.removeAll()
    appendElement(RTFElement(kind: .hiddenText, rtf: out.bytes))
  }

  /// Each stretch of table paragraphs that starts with a table word and ends with a
  /// `\row` at the same group depth becomes one paragraph holding the table
  /// element; other table paragraphs stay as they were read.
  mutating func collapseTables() {
    guard !tables.paragraphs.isEmpty else { return }
    var paragraphs = body.paragraphs
    var index = 0
    var collapsed: [(paragraphs: ClosedRange<Int>, end: Int?)] = []
    var result: [Paragraph] = []
    result.reserveCapacity(paragraphs.count)
    while index < paragraphs.count {
      guard let first = tables.paragraphs[index], let start = first.start else {
        result.append(paragraphs[index])
        index += 1
        continue
      }
      var last = index
      var lastRowEnd: Int?
      while let record = tables.paragraphs[last] {
        if record.endsRow { lastRowEnd = last }
        if last + 1 < paragraphs.count, tables.paragraphs[last + 1] != nil { last += 1 } else { break }
      }
      // Bookmarks read before the table's first word stay before it.
      let leading = Array(paragraphs[index].runs.prefix(first.leadingBookmarks))
      guard let end = lastRowEnd, let record = tables.paragraphs[end], start < record.end,
        let tableEnd = balancedEnd(from: start, to: record.end, depth: record.depthAtEnd - first.depthAtStart),
        leading.count == first.leadingBookmarks,
        leading.allSatisfy({ $0.attributes.element?.kind == .bookmark && $0.text == "\u{FFFC}" })
      else {
        result.append(paragraphs[index])
        index += 1
        continue
      }
      let range = index...end
      let shown = paragraphs[range].map(\.shownText).joined(separator: "\n")
      var element = RTFElement(kind: .table, shownText: shown, rtf: Array(bytes[start..<tableEnd]))
      let cells = range.flatMap { tables.paragraphs[$0]?.cells ?? [] }.map { cell in
        RTFCellText(
          text: cell.text.map { ($0.lowerBound - start)..<($0.upperBound - start) },
          insertion: cell.insertion - start)
      }
      let pieces = shown.reduce(1) { $0 + ($1 == "\t" || $1 == "\n" ? 1 : 0) }
      if range.allSatisfy({ tables.paragraphs[$0]?.editable ?? false }), cells.count == pieces,
        cells.allSatisfy({ ($0.text?.lowerBound ?? 0) >= 0 })
      {
        element.cells = cells
        element.rows = tableRows(range, start: start)
      }
      // The list of each cell paragraph, for `plainText`'s markers (LibreOffice shows
      // them); the table itself is no list item.
      let cellLists = range.flatMap { index in
        (tables.paragraphs[index]?.cellLists ?? []).map { $0 ?? paragraphs[index].style.list }
      }
      if cellLists.count == pieces, cellLists.contains(where: { $0 != nil }) {
        element.cellLists = cellLists
      }
      var style = paragraphs[index].style
      style.list = nil
      var attributes = paragraphs[index].runs.dropFirst(leading.count).first?.attributes ?? CharacterAttributes()
      attributes.link = nil
      attributes.element = element
      bodyHasElements = true
      result.append(
        Paragraph(runs: leading + [TextRun(text: "\u{FFFC}", attributes: attributes)], style: style))
      collapsed.append((range, tableEnd == record.end ? nil : tableEnd))
      index = end + 1
    }
    guard !collapsed.isEmpty else { return }
    paragraphs = result
    body.paragraphs = paragraphs
    recorder.collapse(collapsed)
  }

  /// The rows of the table made of the body paragraphs `range`, whose RTF starts at
  /// `start`: a row's lines end with the paragraph that its `\row` ends. Nil when a
  /// paragraph after the last `\row` would belong to no row.
  private func tableRows(_ range: ClosedRange<Int>, start: Int) -> [RTFTableRow]? {
    var rows: [RTFTableRow] = []
    var lines = 0
    for index in range {
      guard let record = tables.paragraphs[index] else { return nil }
      lines += 1
      if record.endsRow {
        rows.append(RTFTableRow(lines: lines, end: record.end - start))
        lines = 0
      }
    }
    return lines == 0 && !rows.isEmpty ? rows : nil
  }

  /// Where a table that starts at `start` and whose last `\row` ends at `end`,
  /// `extra` groups deeper than it started (Word closes each row's group after
  /// `\row`), ends once those groups close; nil when its braces do not balance.
  private func balancedEnd(from start: Int, to end: Int, depth extra: Int) -> Int? {
    var tableEnd = end
    var open = extra
    while open > 0, tableEnd < bytes.count {
      switch bytes[tableEnd] {
      case UInt8(ascii: "}"): open -= 1
      case 0x20, 0x0A, 0x0D, 0x09: break
      default: return nil
      }
      tableEnd += 1
    }
    guard open == 0 else { return nil }
    // The bytes must never close a group they did not open.
    var level = 0
    var index = start
    while index < tableEnd {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 1
      case UInt8(ascii: "{"): level += 1
      case UInt8(ascii: "}"):
        level -= 1
        if level < 0 { return nil }
      default: break
      }
      index += 1
    }
    return level == 0 ? tableEnd : nil
  }
}
