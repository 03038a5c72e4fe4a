/// List markers in the plain-text view: each list item's line starts with one tab
/// per nesting level, the marker as readers show it ("•", "1.", "a)") and a tab, or
/// a space for a level whose `\levelfollow` puts a space or nothing after it.
enum ListMarkerText {
  /// A marker read from the start of a line.
  struct Parsed: Equatable {
    var level: Int
    var format: ListMarker.Format
    var prefix: String
    var suffix: String
    /// Whether the marker was a letter or letters that could also be a roman number.
    var couldBeRoman: Bool
    /// What followed the marker: a tab, or (an old item's marker, `OldMarkers`) what
    /// its level's `\levelfollow` puts there.
    var follow = ListMarker.Follow.tab

    var isBullet: Bool { ListMarker(format: format).isBullet }
  }

  static let bullets: [Unicode.Scalar: ListMarker.Format] = [
    "\u{2022}": .disc, "\u{25E6}": .circle, "\u{25AA}": .square, "\u{2043}": .hyphen,
    "-": .hyphen, "\u{2013}": .hyphen,
  ]

  /// Splits `text` into lines (`"\n"`, `"\r\n"` and `"\r"` end one) and takes the
  /// list marker off the start of each line that has one and is an item: a line
  /// equal to a line of `old` (`old.bodyPlainText`) is an item when that line was, so a
  /// paragraph whose own text starts like a marker stays as it is; a changed or new
  /// line is an item when it starts with a marker.
  static func strip(_ text: String, old: AttributedText) -> (text: String, markers: [Parsed?]) {
    // Line ends are found in the UTF-8 (never inside a grapheme: a line end is one
    // of its own, "\r\n" included); walking characters was most of this function's time.
    var lines: [Substring] = []
    let utf8 = text.utf8
    var lineStart = utf8.startIndex
    var index = utf8.startIndex
    var hasTab = false
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(text[lineStart..<index])
        index = utf8.index(after: index)
        if byte == 0x0D, index < utf8.endIndex, utf8[index] == 0x0A { index = utf8.index(after: index) }
        lineStart = index
        continue
      }
      if byte == 0x09 { hasTab = true }
      index = utf8.index(after: index)
    }
    lines.append(text[lineStart...])
    // Every marker ends with a tab, but those of levels followed by a space or
    // nothing (`\levelfollow1`, `2`). (With a tab byte, the lines are asked as before:
    // `Substring.contains("\t")` misses a tab before an emoji modifier.)
    guard (hasTab && lines.contains(where: { $0.contains("\t") })) || hasUntabbedMarkers(old.paragraphs) else {
      return (text, Array(repeating: nil, count: lines.count))
    }
    let oldParagraphs = old.paragraphs
    let oldLines = old.bodyPlainText.split(separator: "\n", omittingEmptySubsequences: false)
    // The paragraph of each old line (a table takes a line per row); -1 for lines
    // after a paragraph's first.
    var lineParagraph: [Int] = []
    // The markers of the cells of each old line of a table whose cells are items.
    var cellPrefixes: [Int: [String]] = [:]
    let tableCells = oldParagraphs.contains(where: { TableCellMarkers.cellLists(of: $0) != nil })
      ? TableCellMarkers.prefixes(of: oldParagraphs).cells : [:]
    for (index, paragraph) in oldParagraphs.enumerated() {
      if let prefixes = tableCells[index], let table = TableCellMarkers.table(of: paragraph) {
        var piece = 0
        for (row, line) in table.shownText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let count = line.reduce(1) { $0 + ($1 == "\t" ? 1 : 0) }
          cellPrefixes[lineParagraph.count] = Array(
            prefixes[min(piece, prefixes.count)..<min(piece + count, prefixes.count)])
          piece += count
          lineParagraph.append(row == 0 ? index : -1)
        }
        continue
      }
      lineParagraph.append(index)
      for _ in 1..<max(1, paragraph.shownLineCount) { lineParagraph.append(-1) }
    }
    guard lineParagraph.count == oldLines.count else {
      return (text, Array(repeating: nil, count: lines.count))
    }
    var interner = TokenInterner<Substring>()
    let diff = TokenDiff(from: interner.intern(oldLines), to: interner.intern(lines))
    let matched = diff.oldIndices()
    // The old line each new line stands for: its match, or the line at the same
    // place of a change that replaced as many lines as it removed.
    var counterpart = matched
    for change in diff.changes where change.old.count == change.new.count {
      for (old, new) in zip(change.old, change.new) { counterpart[new] = old }
    }
    var markers: [Parsed?] = []
    var stripped: [Substring] = []
    var anyMarker = false
    var oldMarkers = OldMarkers()
    for (index, line) in lines.enumerated() {
      if let old = counterpart[index], let prefixes = cellPrefixes[old] {
        markers.append(nil)
        stripped.append(TableCellMarkers.strip(line, prefixes: prefixes))
        anyMarker = true
        continue
      }
      let isItem = matched[index].map { lineParagraph[$0] >= 0 && oldParagraphs[lineParagraph[$0]].style.list != nil } ?? true
      // A marker followed by a space starts an item only on a line typed new or one
      // that stands for an item: a paragraph "1. Introduction" edited stays one.
      let mayBeUntabbed = counterpart[index].map { lineParagraph[$0] >= 0 && oldParagraphs[lineParagraph[$0]].style.list != nil } ?? true
      if isItem,
        let (marker, rest) = parse(line) ?? oldMarkers.take(line, old: oldParagraphs, untabbed: mayBeUntabbed)
      {
        markers.append(marker)
        stripped.append(rest)
        anyMarker = true
      } else {
        markers.append(nil)
        stripped.append(line)
      }
    }
    guard anyMarker else { return (text, markers) }
    return (stripped.joined(separator: "\n"), markers)
  }

  /// Whether an item of `paragraphs` (or of a table's cells) has a marker followed by
  /// a space or by nothing.
  private static func hasUntabbedMarkers(_ paragraphs: [Paragraph]) -> Bool {
    paragraphs.contains { paragraph in
      // The style read in place, not copied.
      if paragraph.withStyle({ RTFInPlaceComparison.hasList($0) && $0.pointee.list?.follow != .tab }) { return true }
      return TableCellMarkers.cellLists(of: paragraph)?.contains { ($0?.follow ?? .tab) != .tab } ?? false
    }
  }

  /// `\t…\t<marker>\t<rest>` → the marker and the rest.
  static func parse(_ line: Substring) -> (Parsed, Substring)? {
    let scalars = line.unicodeScalars
    var index = scalars.startIndex
    var level = 0
    while index < scalars.endIndex, scalars[index] == "\t" {
      level += 1
      index = scalars.index(after: index)
    }
    let markerStart = index
    guard let tab = scalars[markerStart...].firstIndex(of: "\t"), tab > markerStart else { return nil }
    let marker = Array(scalars[markerStart..<tab])
    guard marker.count <= 12, let parsed = parseMarker(marker, level: level) else { return nil }
    let rest = Substring(scalars[scalars.index(after: tab)...])
    return (parsed, rest)
  }

  private static func parseMarker(_ marker: [Unicode.Scalar], level: Int) -> Parsed? {
    if marker.count == 1, let format = bullets[marker[0]] {
      return Parsed(level: level, format: format, prefix: "", suffix: ".", couldBeRoman: false)
    }
    var body = marker[...]
    var prefix = ""
    if body.first == "(" {
      prefix = "("
      body = body.dropFirst()
    }
    guard let last = body.last, last == "." || last == ")" else { return nil }
    body = body.dropLast()
    guard !body.isEmpty else { return nil }
    let suffix = String(last)
    let text = String(String.UnicodeScalarView(body))
    if body.allSatisfy({ ("0"..."9").contains($0) }) {
      return Parsed(level: level, format: .decimal, prefix: prefix, suffix: suffix, couldBeRoman: false)
    }
    guard body.count <= 6 else { return nil }
    let romanLower = text.allSatisfy { "ivxlcdm".contains($0) }
    let romanUpper = text.allSatisfy { "IVXLCDM".contains($0) }
    if text.allSatisfy({ ("a"..."z").contains($0) }) {
      let format: ListMarker.Format = romanLower && text.count > 1 ? .lowerRoman : .lowerAlpha
      return Parsed(level: level, format: format, prefix: prefix, suffix: suffix, couldBeRoman: romanLower)
    }
    if text.allSatisfy({ ("A"..."Z").contains($0) }) {
      let format: ListMarker.Format = romanUpper && text.count > 1 ? .upperRoman : .upperAlpha
      return Parsed(level: level, format: format, prefix: prefix, suffix: suffix, couldBeRoman: romanUpper)
    }
    return nil
  }

  /// Sets the list membership of `paragraphs` from the markers their lines had: an
  /// item keeps its list style when its marker is of the same kind and level; a line
  /// with a new marker becomes an item (indented as Cocoa indents items); an item
  /// whose marker was removed leaves the list.
  static func apply(_ markers: [Parsed?], to paragraphs: inout [Paragraph]) {
    var markers = markers
    if markers.count != paragraphs.count {
      // A table takes a line per row: each paragraph takes its first line's marker.
      var byParagraph: [Parsed?] = []
      var line = 0
      for paragraph in paragraphs {
        byParagraph.append(line < markers.count ? markers[line] : nil)
        line += paragraph.shownLineCount
      }
      guard line == markers.count else { return }
      markers = byParagraph
    }
    for (index, parsed) in markers.enumerated() {
      var style = paragraphs[index].style
      // A table whose cells are items shows its cells' markers, not its own: a marker
      // read from its first line (one typed in place of several old lines) is a cell's.
      let parsed = parsed.flatMap { TableCellMarkers.cellLists(of: paragraphs[index]) == nil ? $0 : nil }
      guard let parsed else {
        if style.list != nil {
          style.list = nil
          paragraphs[index].style = style
        }
        continue
      }
      if let list = style.list, list.level == parsed.level, list.isBullet == parsed.isBullet,
        list.isBullet || list.format == parsed.format
          || (parsed.couldBeRoman && [.lowerRoman, .upperRoman, .lowerAlpha, .upperAlpha].contains(list.format)),
        list.isBullet || (list.prefix == parsed.prefix && list.suffix == parsed.suffix)
      {
        continue
      }
      let hadList = style.list != nil
      style.list = ListMarker(
        format: parsed.format, level: parsed.level, prefix: parsed.prefix, suffix: parsed.suffix,
        follow: parsed.follow)
      if !hadList {
        let indent = 720 * (parsed.level + 1)
        style.leftIndent = indent
        style.firstLineIndent = -indent
        style.tabStops = [TabStop(position: indent - 500), TabStop(position: indent)]
      }
      paragraphs[index].style = style
    }
  }
}

/// The markers the old body's items showed that `ListMarkerText.parse` does not
/// read back (Word 6's bare "1", "Step 1:", a marker followed by a space or by
/// nothing as `\levelfollow1` and `2` show it): a line that starts with one of them
/// is that kind of item again. Worked out only when a line needs them.
private struct OldMarkers {
  private var byText: [Substring: ListMarkerText.Parsed]?
  /// The markers that end without a tab (`\levelfollow1` and `2`), longest first.
  private var untabbed: [Substring] = []

  /// The marker at the start of `line`, when an old item showed the same one.
  /// `untabbed`: whether a marker that ends without a tab may be taken.
  mutating func take(
    _ line: Substring, old paragraphs: [Paragraph], untabbed allowsUntabbed: Bool
  ) -> (ListMarkerText.Parsed, Substring)? {
    if byText == nil {
      var table: [Substring: ListMarkerText.Parsed] = [:]
      for (prefix, paragraph) in zip(TableCellMarkers.prefixes(of: paragraphs).paragraphs, paragraphs) {
        guard let list = paragraph.style.list, !prefix.isEmpty,
          ListMarkerText.parse(Substring(prefix)) == nil
        else { continue }
        table[Substring(prefix)] = ListMarkerText.Parsed(
          level: list.level, format: list.format, prefix: list.prefix, suffix: list.suffix,
          couldBeRoman: false, follow: list.follow)
      }
      byText = table
      untabbed = table.keys.filter { $0.unicodeScalars.last != "\t" }
        .sorted { $0.unicodeScalars.count > $1.unicodeScalars.count }
    }
    guard let byText, !byText.isEmpty else { return nil }
    for marker in untabbed where allowsUntabbed && line.unicodeScalars.starts(with: marker.unicodeScalars) {
      guard let parsed = byText[marker] else { continue }
      let rest = line.unicodeScalars.index(line.startIndex, offsetBy: marker.unicodeScalars.count)
      return (parsed, line[rest...])
    }
    guard let tab = line.unicodeScalars.indices.first(where: {
      line.unicodeScalars[$0] == "\t" && $0 > line.startIndex && line.unicodeScalars[line.unicodeScalars.index(before: $0)] != "\t"
    }) else { return nil }
    let end = line.unicodeScalars.index(after: tab)
    guard let parsed = byText[line[..<end]] else { return nil }
    return (parsed, line[end...])
  }
}
