extension AttributedText {
  /// The text without formatting, as `notes show` prints it: paragraphs joined by
  /// `"\n"`, tabs as `"\t"`, line separators as U+2028, links as their text, and
  /// list items after their marker as readers show it: one tab per nesting level,
  /// the marker ("•", "1.", "a)", numbered on within a list) and a tab (a space
  /// where the level's `\levelfollow` puts a space or nothing, as LibreOffice's text
  /// export shows both), list items in table cells too (at the start of their cell). An element
  /// shows its `shownText`: a table its cells (tab-separated, a row per line), a
  /// footnote mark its number; pictures, objects, footnotes, bookmarks and hidden
  /// text show nothing. Footnotes' text follows the body, as LibreOffice's HTML
  /// export and pandoc show it: an empty line, then a line per footnote, `[1] …`
  /// (see `applyingPlainText(_:)` for how an edit treats those lines).
  ///
  /// ```swift
  /// AttributedText(plainText: "Milk\nEggs").plainText  // "Milk\nEggs"
  /// ```
  public var plainText: String {
    let notes = FootnoteSection.lines(of: paragraphs)
    guard !notes.isEmpty else { return bodyPlainText }
    return bodyPlainText + "\n\n" + notes.joined(separator: "\n")
  }

  /// `plainText` without the footnote section: the body's lines only.
  var bodyPlainText: String {
    if paragraphs.contains(where: { $0.style.list != nil }) {
      return bodyPlainText(prefixes: TableCellMarkers.prefixes(of: paragraphs)) ?? ""
    }
    // Without list paragraphs, markers are needed only when a table's cells are
    // items: found on the way, then the text is made again with them.
    return bodyPlainText(prefixes: nil)
      ?? bodyPlainText(prefixes: TableCellMarkers.prefixes(of: paragraphs)) ?? ""
  }

  /// The body's lines with `prefixes` (see `TableCellMarkers.prefixes`); nil when
  /// there are none and a table's cells turn out to be list items.
  private func bodyPlainText(prefixes: (paragraphs: [String], cells: [Int: [String]])?) -> String? {
    var result = ""
    for (index, paragraph) in paragraphs.enumerated() {
      if index > 0 { result += "\n" }
      if let prefixes {
        result += prefixes.paragraphs[index]
        if let cells = prefixes.cells[index], let table = TableCellMarkers.table(of: paragraph) {
          result += TableCellMarkers.marked(table.shownText, prefixes: cells)
          continue
        }
      } else if TableCellMarkers.cellLists(of: paragraph) != nil {
        return nil
      }
      paragraph.appendShownText(to: &result)
    }
    return result
  }

  /// Lays an edited plain text over the existing formatting by a diff, so untouched
  /// words keep their formatting, inserted words take the formatting of the word
  /// before them (at paragraph start: the word after), deleted words go; new
  /// paragraphs take the style of the paragraph they were split from / typed after.
  ///
  /// The diff is a word diff (`WordTokenizer`, `TokenDiff`). A word typed in place of
  /// another (a replacement) takes the replaced word's formatting. Inserted text joins a
  /// link only when the characters on both sides of it belong to that link. `"\r\n"`
  /// and `"\r"` in `newText` end paragraphs as `"\n"` does. A line that starts with a
  /// list marker (tabs, a marker such as "•" or "2.", a tab; or the marker an old
  /// item showed followed by a space) is a list item: an
  /// item keeps its list, a new marked line becomes an item, an item whose marker
  /// was deleted leaves its list. Elements are units: one is kept while its shown
  /// text is; elements that show nothing stay where they were (beside the words
  /// around them); editing a table's cells edits those cells, and deleting all of a
  /// table's text deletes the table. In a table's lines a line feed ends a row and also a
  /// paragraph inside a cell, so a new line typed there is a new list item of a cell
  /// only by this rule: typed between two lines of the table, without a tab, with a
  /// marker of the same kind (bullet or numbered) and level as the cell's item that
  /// ends the line above it, it becomes an item after that one, in the same cell and
  /// list. A line typed before the table's first line or after its last stays a
  /// paragraph of its own outside the table. A line deleted between the table's first
  /// and last lines, that was a cell's second or later paragraph, deletes that
  /// paragraph (a whole row cannot go this way). Any other line typed or deleted inside
  /// a table changes its shape, and the table becomes text. The footnote section at the end of `plainText`
  /// (an empty line, then lines starting `[1]`, `[2]`…) is taken off `newText` first
  /// and changes nothing: a footnote's text stays in its footnote, whatever is typed
  /// there. Applying the body's own
  /// `plainText` gives the body back unchanged. The document attributes are kept.
  ///
  /// ```swift
  /// let edited = body.applyingPlainText("Milk\nEggs\nBread")
  /// ```
  ///
  /// - Complexity: O((n + m) · d) for texts of n and m words that differ in d words
  ///   (bounded; see `TokenDiff`).
  public func applyingPlainText(_ newText: String) -> AttributedText {
    let footnotes = FootnoteSection.lines(of: paragraphs).count
    let bodyText = FootnoteSection.strip(newText, footnoteCount: footnotes)
    let (text, markers) = ListMarkerText.strip(bodyText, old: self)
    var result = PlainTextOverlay(base: self, newText: text, lineMarkers: markers).result()
    var paragraphs = result.paragraphs
    ListMarkerText.apply(markers, to: &paragraphs)
    if paragraphs != result.paragraphs { result.setParagraphs(paragraphs) }
    return result
  }
}

extension Paragraph {
  /// The paragraph's text as `plainText` shows it: elements as their shown text.
  public var shownText: String {
    var result = ""
    appendShownText(to: &result)
    return result
  }

  func appendShownText(to result: inout String) {
    for run in runs {
      guard let element = run.attributes.element else {
        result += run.text
        continue
      }
      for scalar in run.text.unicodeScalars {
        if scalar == "\u{FFFC}" { result += element.shownText } else { result.unicodeScalars.append(scalar) }
      }
    }
  }

  /// How many lines the paragraph takes in `plainText` (a table one per row).
  var shownLineCount: Int {
    var count = 1
    for run in runs {
      guard let element = run.attributes.element, element.shownText.contains("\n") else { continue }
      let lines = element.shownText.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
      count += lines * run.text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFC}" ? 1 : 0) }
    }
    return count
  }
}
