import Foundation
import Testing

@testable import RichText

/// A table row whose cell holds several paragraphs shows on several lines. Word's table
/// in the corpus ends with such a row: `Washers⇥12⇥first line` and `second line`, one
/// cell of two paragraphs, written `first line\par second line\cell` (no table word
/// before the second paragraph's text).
@Suite("Table rows of several lines")
struct TableSeveralLineRowTests {
  static let lines: [[String]] = [
    ["Name", "Qty", "Note"], ["Bolts", "40", ""], ["Nuts", "", "two sizes"], ["Washers", "12", "first line"],
    ["second line"],
  ]

  /// The word table's text with its last row's two lines replaced by `rowText`.
  static func typing(_ rowText: String, in body: AttributedText) throws -> String {
    let shown = body.plainText
    let range = try #require(shown.range(of: "Washers\t12\tfirst line\nsecond line\n"))
    return shown.replacingCharacters(in: range, with: rowText + "\n")
  }

  @Test("a cell's later paragraph, written without a table word before its text, is edited in place, not added to")
  func laterParagraphEditedInPlace() throws {
    let body = try TableRowEditTests.body("word-table")
    #expect(TableCellEditTests.tables(body) == [Self.lines])
    let typed = try Self.typing("Washers\t12\tfirst line\nsecond lime", in: body)
    var expected = Self.lines
    expected[4] = ["second lime"]
    try TableRowEditTests.expectTableEditedAndBack(body, typed: typed, rows: expected, before: Self.lines, "second lime")
    let rtf = String(decoding: RTFWriter().write(body.applyingPlainText(typed)), as: UTF8.self)
    #expect(rtf.contains("\\par second lime\\cell"), "\(rtf)")
    #expect(!rtf.contains("second line"), "\(rtf)")
    // Its text emptied keeps the table too.
    let emptied = try Self.typing("Washers\t12\tfirst line\n", in: body)
    var emptiedRows = Self.lines
    emptiedRows[4] = [""]
    try TableRowEditTests.expectTableEditedAndBack(body, typed: emptied, rows: emptiedRows, before: Self.lines, "emptied")
  }

  @Test("a cell that shows text the reader did not place is not edited in place: no text beside the old")
  func unplacedTextIsNotEditedInPlace() throws {
    let body = try TableRowEditTests.body("word-table")
    var table = try #require(body.elements.first { $0.kind == .table })
    var cells = try #require(table.cells)
    // As the reader left Word's second paragraph before it noted text there.
    let last = try #require(cells.indices.last)
    cells[last].text = nil
    table.cells = cells
    let edited = table.shownText.replacingOccurrences(of: "second line", with: "second lime")
    #expect(table.editingCells(edited) == nil)
    // The other cells are still edited in place.
    let other = try #require(table.editingCells(table.shownText.replacingOccurrences(of: "Bolts", with: "Screws")))
    #expect(String(decoding: other.rtf, as: UTF8.self).contains("Screws"))
    #expect(String(decoding: other.rtf, as: UTF8.self).contains("second line"))
  }

  /// Edits of the two-line row that type or delete a one-line cell, with the lines
  /// the table then shows.
  static let cellEdits: [(label: String, row: String, lines: [[String]])] = [
    ("a cell typed at the end of the row's last line", "Washers\t12\tfirst line\nsecond line\tNew",
     [["Washers", "12", "first line"], ["second line", "New"]]),
    ("a cell typed between two one-line cells", "Washers\tX\t12\tfirst line\nsecond line",
     [["Washers", "X", "12", "first line"], ["second line"]]),
    ("a cell typed before the first", "Y\tWashers\t12\tfirst line\nsecond line",
     [["Y", "Washers", "12", "first line"], ["second line"]]),
    ("a TAB typed inside a one-line cell", "Washers\t1\t2\tfirst line\nsecond line",
     [["Washers", "1", "2", "first line"], ["second line"]]),
    ("a one-line cell deleted with its TAB", "Washers\tfirst line\nsecond line",
     [["Washers", "first line"], ["second line"]]),
    ("a TAB deleted between two one-line cells", "Washers12\tfirst line\nsecond line",
     [["Washers12", "first line"], ["second line"]]),
  ]

  @Test("a one-line cell typed or deleted on a row of several lines changes that row alone, spliced and written whole, and back")
  func oneLineCellTypedOrDeleted() throws {
    let body = try TableRowEditTests.body("word-table")
    for edit in Self.cellEdits {
      let typed = try Self.typing(edit.row, in: body)
      let expected = Array(Self.lines.prefix(3)) + edit.lines
      try TableRowEditTests.expectTableEditedAndBack(body, typed: typed, rows: expected, before: Self.lines, edit.label)
    }
    // The cell typed after the two-paragraph cell copies its last paragraph only: one
    // `\cell` more in the row, one `\par` as before.
    let typed = try Self.typing(Self.cellEdits[0].row, in: body)
    let table = try #require(body.applyingPlainText(typed).elements.first { $0.kind == .table })
    let rtf = String(decoding: table.rtf, as: UTF8.self)
    let lastRow = try #require(rtf.range(of: "Washers")).lowerBound
    #expect(rtf[lastRow...].components(separatedBy: "\\cell").count - 1 == 4, "\(rtf)")
    #expect(rtf[lastRow...].components(separatedBy: "\\par").count - 1 == 1, "\(rtf)")
  }

  @Test("a TAB that would move a paragraph into another cell, or a cell of several paragraphs deleted, makes the table text, as typed")
  func paragraphsMovedMakeText() throws {
    let body = try TableRowEditTests.body("word-table")
    for row in [
      "Washers\t12\tfirst\tline\nsecond line",  // the two-paragraph cell split on its first line
      "Washers\t12\tfirst line\tNew\nsecond line",  // its second paragraph would go to the new cell
      "Washers\t12",  // the two-paragraph cell deleted: the row loses a line
    ] {
      let typed = try Self.typing(row, in: body)
      let edited = body.applyingPlainText(typed)
      #expect(edited.plainText == typed, "\(row)")
      #expect(TableCellEditTests.tables(edited).isEmpty, "\(row)")
    }
  }

  @Test(
    "LibreOffice reads the row of several lines with its typed or deleted cell",
    .enabled(if: FileManager.default.isExecutableFile(atPath: ListMarkersLibreOfficeTests.soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOffice() throws {
    let body = try TableRowEditTests.body("word-table")
    var edits: [(name: String, body: AttributedText, rows: [[String]])] = []
    for (index, edit) in Self.cellEdits.enumerated() {
      let typed = try Self.typing(edit.row, in: body)
      // LibreOffice shows the cell of two paragraphs as two lines: its first stands for it.
      var row = edit.lines[0]
      if edit.lines[1].count > 1 { row += edit.lines[1].dropFirst() }
      edits.append(("several-lines-\(index)", body.applyingPlainText(typed), Array(Self.lines.prefix(3)) + [row]))
    }
    let typed = try Self.typing("Washers\t12\tfirst line\nsecond lime", in: body)
    edits.append(("later-paragraph", body.applyingPlainText(typed), Array(Self.lines.prefix(4))))
    try TableColumnEditTests.expectLibreOfficeTables(edits)
  }
}
