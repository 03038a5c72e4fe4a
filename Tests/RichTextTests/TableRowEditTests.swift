import Foundation
import Testing

@testable import RichText

/// Rows deleted from or typed into a table through its plain text: a row's line
/// deleted deletes the row, a line typed between two rows with as many cells
/// (tab-separated) as the row next to it adds a row copied from that row, borders and
/// widths included. The table stays a table, in the file spliced and written whole.
@Suite("Table rows deleted and typed")
struct TableRowEditTests {
  /// The corpus's tables from Word, TextEdit (Cocoa) and LibreOffice.
  static let files = ["word-table", "cocoa-table", "lo-table"]

  static func body(_ file: String) throws -> AttributedText {
    try RTFReader().read(Corpus.rtf(file)).text
  }

  /// A corpus file's body, its plain text split around its table's lines, and the
  /// table's lines as cells.
  static func fixture(_ file: String) throws -> (
    body: AttributedText, shown: String, parts: (before: [Substring], rows: [Substring], after: [Substring]), rows: [[String]]
  ) {
    let body = try Self.body(file)
    let shown = body.plainText
    let (first, last) = try #require(Self.edges[file])
    let parts = try #require(Self.tableLines(shown, first: first, last: last))
    return (body, shown, parts, try #require(TableCellEditTests.tables(body).first))
  }

  /// The table's lines in `shown`: the lines from `first` to `last`, both included.
  static func tableLines(_ shown: String, first: String, last: String) -> (before: [Substring], rows: [Substring], after: [Substring])? {
    let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(first) }),
      let end = lines.lastIndex(where: { $0.hasPrefix(last) })
    else { return nil }
    return (lines[..<start].map { $0 }, Array(lines[start...end]), lines[(end + 1)...].map { $0 })
  }

  /// `edited` has `typed` as its text and one table whose rows are `rows`, spliced
  /// into its file and written whole, each read back.
  static func expectTable(_ edited: AttributedText, typed: String, rows: [[String]], _ label: String) throws {
    #expect(edited.plainText == typed, "\(label)")
    #expect(TableCellEditTests.tables(edited) == [rows], "\(label)")
    for (path, reread) in try TableCellEditTests.rereadings(edited) {
      #expect(reread.plainText == typed, "\(label), \(path)")
      #expect(TableCellEditTests.tables(reread) == [rows], "\(label), \(path)")
    }
  }

  /// `expectTable` for `body` with `typed` written over it, then for that with the
  /// body's own text written back (the table as it was, `rows`).
  static func expectTableEditedAndBack(
    _ body: AttributedText, typed: String, rows expected: [[String]], before rows: [[String]], _ label: String
  ) throws {
    let edited = body.applyingPlainText(typed)
    try expectTable(edited, typed: typed, rows: expected, label)
    try expectTable(edited.applyingPlainText(body.plainText), typed: body.plainText, rows: rows, "\(label), back")
  }

  /// The first and last cell text of each file's table.
  static let edges = ["word-table": ("Name", "second line"), "cocoa-table": ("Item", "Pears"), "lo-table": ("Item", "Saw")]

  @Test("deleting any one-line row's line, or several rows' lines, deletes those rows and keeps the table", arguments: files)
  func deleteRows(file: String) throws {
    let (body, _, parts, rows) = try Self.fixture(file)
    // `rows` are the table's lines: Word's last row has two (a cell of two paragraphs).
    let oneLineRows = file == "word-table" ? [0, 1, 2] : Array(rows.indices)
    #expect(oneLineRows.count >= 3, "\(file)")
    for row in oneLineRows {
      var lines = parts.rows
      lines.remove(at: row)
      let typed = (parts.before + lines + parts.after).joined(separator: "\n")
      var expected = rows
      expected.remove(at: row)
      try Self.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "\(file), row \(row)")
    }
    // Two rows at once, apart.
    var lines = parts.rows
    lines.remove(at: oneLineRows[2])
    lines.remove(at: oneLineRows[0])
    var expected = rows
    expected.remove(at: oneLineRows[2])
    expected.remove(at: oneLineRows[0])
    let typed = (parts.before + lines + parts.after).joined(separator: "\n")
    try Self.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "\(file), two rows")
  }

  @Test("a line typed after a row, with as many cells, adds a row there; with a cell edited elsewhere too", arguments: files)
  func typeRows(file: String) throws {
    let (body, _, parts, rows) = try Self.fixture(file)
    let columns = rows[0].count
    let afters = file == "word-table" ? [0, 1, 2] : Array(0..<(rows.count - 1))
    for after in afters {
      let newRow = (1...columns).map { "New\($0)" }
      var lines = parts.rows
      lines.insert(Substring(newRow.joined(separator: "\t")), at: after + 1)
      var expected = rows
      expected.insert(newRow, at: after + 1)
      let typed = (parts.before + lines + parts.after).joined(separator: "\n")
      try Self.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "\(file), after row \(after)")

      // Two rows typed, and the first cell of the first row edited.
      lines.insert(Substring(newRow.map { $0 + "b" }.joined(separator: "\t")), at: after + 2)
      expected.insert(newRow.map { $0 + "b" }, at: after + 2)
      lines[0] = Substring(lines[0].replacingOccurrences(of: rows[0][0], with: "Heading"))
      expected[0][0] = expected[0][0].replacingOccurrences(of: rows[0][0], with: "Heading")
      let more = (parts.before + lines + parts.after).joined(separator: "\n")
      try Self.expectTable(body.applyingPlainText(more), typed: more, rows: expected, "\(file), two after row \(after)")
    }
  }

  @Test("a row added and another deleted in one edit, and rows typed then deleted again, come back to the table as typed", arguments: files)
  func addAndDelete(file: String) throws {
    let (body, shown, parts, rows) = try Self.fixture(file)
    let newRow = (1...rows[0].count).map { "Added\($0)" }
    var lines = parts.rows
    lines.insert(Substring(newRow.joined(separator: "\t")), at: 1)
    lines.remove(at: 3)  // the old third row
    var expected = rows
    expected.insert(newRow, at: 1)
    expected.remove(at: 3)
    let typed = (parts.before + lines + parts.after).joined(separator: "\n")
    let edited = body.applyingPlainText(typed)
    try Self.expectTable(edited, typed: typed, rows: expected, "\(file), added and deleted")
    // Back to the original text: the table's rows as they were (the deleted row is
    // typed again, after the table's last line for TextEdit's and LibreOffice's).
    let back = edited.applyingPlainText(shown)
    try Self.expectTable(back, typed: shown, rows: rows, "\(file), back")
  }

  @Test("lines typed after a table's last line with as many cells are new rows; the lines after them that are not stay paragraphs", arguments: files)
  func appendRows(file: String) throws {
    let (body, _, parts, rows) = try Self.fixture(file)
    let columns = try #require(parts.rows.last).split(separator: "\t", omittingEmptySubsequences: false).count
    let newRows = (1...2).map { row in (1...max(2, columns)).map { "Last\(row)x\($0)" } }
    let lines = parts.rows + newRows.map { Substring($0.joined(separator: "\t")) } + ["A\tparagraph\twith\ttabs", "Plain"]
    let typed = (parts.before + lines + parts.after).joined(separator: "\n")
    // Word's last line is a cell's second paragraph, one cell: what follows it is no row.
    try Self.expectTable(
      body.applyingPlainText(typed), typed: typed, rows: columns >= 2 ? rows + newRows : rows, "\(file), appended")
  }

  @Test("a line typed between rows with a cell more or fewer than the row it copies adds a row of its own cells")
  func rowsOfOtherCellCounts() throws {
    let body = try Self.body("lo-table")
    let shown = body.plainText
    let rows = try #require(TableCellEditTests.tables(body).first)
    // Two cells, and four, where the rows have three.
    let short = shown.replacingOccurrences(of: "Hammer\t2\tShed\n", with: "Hammer\t2\tShed\nNails\t100\n")
    try Self.expectTable(
      body.applyingPlainText(short), typed: short, rows: [rows[0], rows[1], ["Nails", "100"], rows[2]], "short")
    let long = shown.replacingOccurrences(of: "Hammer\t2\tShed\n", with: "Hammer\t2\tShed\nNails\t100\tBox\tsmall\n")
    try Self.expectTable(
      body.applyingPlainText(long), typed: long, rows: [rows[0], rows[1], ["Nails", "100", "Box", "small"], rows[2]], "long")
  }

  @Test("lines that cannot be rows still make the table plain text: two cells fewer than a row, or a row's line deleted in part")
  func notRows() throws {
    let body = try Self.body("lo-table")
    let shown = body.plainText
    // One cell where the rows have three.
    let short = shown.replacingOccurrences(of: "Hammer\t2\tShed\n", with: "Hammer\t2\tShed\nNails\n")
    let edited = body.applyingPlainText(short)
    #expect(edited.plainText == short)
    #expect(TableCellEditTests.tables(edited).isEmpty)
  }

  @Test("a deleted Cocoa row leaves its formatting to the rows after it: bold stays on the heading alone")
  func cocoaStateCarriesOn() throws {
    let body = try Self.body("cocoa-table")
    let shown = body.plainText
    let typed = shown.replacingOccurrences(of: "Apples\t2.50\n", with: "")
    let edited = body.applyingPlainText(typed)
    try Self.expectTable(edited, typed: typed, rows: [["Item", "Price"], ["Pears", "3.10"]], "cocoa")
    let rtf = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    // "Pears" is written after Apples' `\b0`, which the deleted row leaves.
    let pears = try #require(rtf.range(of: "Pears"))
    let heading = try #require(rtf.range(of: "Item"))
    let between = rtf[heading.upperBound..<pears.lowerBound]
    #expect(between.contains("\\b0"), "\(between)")
    #expect(!between.contains("Apples") && !between.contains("2.50"))
  }

  @Test("TextEdit's last-row mark stays on the last row alone: after a row appended, and after the last row deleted")
  func lastRowMark() throws {
    let (body, _, parts, _) = try Self.fixture("cocoa-table")
    func table(_ lines: [Substring]) throws -> String {
      let edited = body.applyingPlainText((parts.before + lines + parts.after).joined(separator: "\n"))
      let element = try #require(edited.elements.first { $0.kind == .table })
      return String(decoding: element.rtf, as: UTF8.self)
    }
    let original = try table(parts.rows)
    #expect(original.components(separatedBy: "\\lastrow").count == 2)
    for (lines, lastCell) in [(parts.rows + ["Plums\t4.00"], "4.00"), (Array(parts.rows.dropLast()), "2.50")] {
      let rtf = try table(lines)
      #expect(rtf.components(separatedBy: "\\lastrow").count == 2, "\(lines)")
      let mark = try #require(rtf.range(of: "\\lastrow"))
      let cell = try #require(rtf.range(of: lastCell, options: .backwards))
      #expect(cell.upperBound <= mark.lowerBound, "\(lines)")
      #expect(rtf[mark.upperBound...].hasPrefix("\\row"), "\(lines)")
    }
  }

  @Test("random tables: rows deleted and one-line rows typed keep every table, spliced and written whole")
  func randomRows() throws {
    let seed = TestSeed.make(for: "TableRowEditTests")
    var random = SplitMix64(seed: seed)
    var reshaped = 0
    for index in 0..<1_500 {
      let (rtf, _) = TableCellEditTests.randomBody(&random)
      // List items in cells are numbered on: a deleted row renumbers those after it.
      guard !rtf.dropFirst(TableCellListTests.header.count).contains("\\ls") else { continue }
      let body = try RTFReader().read(Array(rtf.utf8)).text
      let shown = body.plainText
      let tables = TableCellEditTests.tables(body)
      guard !tables.isEmpty else { continue }
      let target = random.int(in: 0...(tables.count - 1))
      let rows = tables[target]
      guard rows.count >= 2, let lastCell = rows[0].last else { continue }
      var lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
      // The table's first line: its last cell's word (words are unique) ends it.
      guard let start = lines.firstIndex(where: { $0.split(separator: "\t").last.map(String.init) == lastCell })
      else { continue }
      var expected = tables
      if random.chance(50) {
        let row = random.int(in: 0...(rows.count - 1))
        lines.remove(at: start + row)
        expected[target].remove(at: row)
      } else {
        let after = random.int(in: 0...(rows.count - 2))
        let newRow = (0..<rows[after].count).map { "n\(index)x\($0)" }
        lines.insert(Substring(newRow.joined(separator: "\t")), at: start + after + 1)
        expected[target].insert(newRow, at: after + 1)
      }
      let typed = lines.joined(separator: "\n")
      let edited = body.applyingPlainText(typed)
      let label = "seed \(seed), body \(index)"
      #expect(edited.plainText == typed, "\(label)")
      #expect(TableCellEditTests.tables(edited) == expected, "\(label)")
      for (path, reread) in try TableCellEditTests.rereadings(edited) {
        #expect(reread.plainText == typed, "\(label), \(path)")
        #expect(TableCellEditTests.tables(reread) == expected, "\(label), \(path)")
      }
      reshaped += 1
    }
    #expect(reshaped > 30, "seed \(seed): only \(reshaped) bodies had a table of two rows or more")
  }

  @Test(
    "LibreOffice reads a table with a row deleted and a row typed as the same table with that row gone and the new row in it, in files of Word, TextEdit and LibreOffice",
    .enabled(if: FileManager.default.isExecutableFile(atPath: ListMarkersLibreOfficeTests.soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOffice() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-table-rows-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var expectations: [(name: String, rows: Int, present: [String], absent: [String])] = []
    let realRows = ["word-table": 4, "cocoa-table": 3, "lo-table": 3]
    let deleted = ["word-table": "Nuts", "cocoa-table": "Pears", "lo-table": "Saw"]
    for file in Self.files {
      let (body, _, parts, rows) = try Self.fixture(file)
      let fresh = (1...rows[0].count).map { "Fresh\($0)" }
      var lines = parts.rows
      lines.remove(at: 2)
      lines.insert(Substring(fresh.joined(separator: "\t")), at: 1)
      var expected = rows
      expected.remove(at: 2)
      expected.insert(fresh, at: 1)
      let typed = (parts.before + lines + parts.after).joined(separator: "\n")
      let edited = body.applyingPlainText(typed)
      try Self.expectTable(edited, typed: typed, rows: expected, file)
      let gone = try #require(deleted[file])
      for (kind, bytes) in [("original", RTFWriter().write(body)), ("splice", RTFWriter().write(edited)),
                            ("whole", RTFWriter().write(edited.forgettingSource()))] {
        try Data(bytes).write(to: directory.appendingPathComponent("\(file)-\(kind).rtf"))
        expectations.append(
          kind == "original"
            ? ("\(file)-\(kind)", realRows[file] ?? 0, [gone], fresh)
            : ("\(file)-\(kind)", realRows[file] ?? 0, fresh + [rows[1][0]], [gone]))
      }
    }
    try OneWordEditCorpusTests.convert(directory, profile: directory, to: "html")
    for expectation in expectations {
      let html = try String(contentsOf: directory.appendingPathComponent(expectation.name + ".html"), encoding: .utf8)
      // As many rows as before (one deleted, one typed), each new cell a line of its own.
      #expect(OneWordEditHTMLTests.count("<tr", in: html) == expectation.rows, "\(expectation.name)")
      let lines = Set(OneWordEditHTMLTests.text(ofHTML: html).split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
      for cell in expectation.present { #expect(lines.contains(cell), "\(expectation.name): \(cell)") }
      for cell in expectation.absent { #expect(!lines.contains(cell), "\(expectation.name): \(cell)") }
    }
  }
}

/// Every table of the corpus (Word's nested table and broken tables included) through
/// row edits: whatever the table can take, the text comes out as typed.
@Suite("Table rows deleted and typed, corpus")
struct TableRowEditCorpusTests {
  @Test("each line of every corpus table deleted alone, or a copy of it typed after it, and its first column deleted, give the typed text")
  func everyLine() throws {
    var edits = 0
    var kept = 0
    for name in Corpus.names {
      let body = try RTFReader().read(Corpus.rtf(name)).text
      let tables = body.elements.filter { $0.kind == .table }
      guard !tables.isEmpty else { continue }
      let shown = body.plainText
      let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
      for table in tables {
        let tableLines = table.shownText.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = (0...(max(0, lines.count - tableLines.count))).first(where: {
          lines.count >= tableLines.count && Array(lines[$0..<($0 + tableLines.count)]) == tableLines
        }) else { continue }
        for line in start..<(start + tableLines.count) {
          var deleted = lines
          deleted.remove(at: line)
          var copied = lines
          copied.insert(Substring(lines[line].split(separator: "\t", omittingEmptySubsequences: false)
            .enumerated().map { "c\($0.offset)" }.joined(separator: "\t")), at: line + 1)
          // The cell of the line's first column gone from every line of the table.
          var column = lines
          for other in start..<(start + tableLines.count) {
            column[other] = Substring(column[other].split(separator: "\t", omittingEmptySubsequences: false).dropFirst()
              .joined(separator: "\t"))
          }
          for typed in ([deleted, copied] + (line == start ? [column] : [])).map({ $0.joined(separator: "\n") }) {
            let edited = body.applyingPlainText(typed)
            #expect(edited.plainText == typed, "\(name), line \(line)")
            edits += 1
            if edited.elements.filter({ $0.kind == .table }).count == tables.count { kept += 1 }
            for (path, reread) in try TableCellEditTests.rereadings(edited) {
              #expect(reread.plainText == typed, "\(name), line \(line), \(path)")
            }
          }
        }
      }
    }
    #expect(edits > 20)
    // Most lines are one-line rows: most edits keep every table.
    #expect(kept * 2 > edits, "\(kept) of \(edits) edits kept every table")
  }
}

/// A column deleted or added through the plain text: the same cell gone from every
/// line, or typed on every line.
@Suite("Table columns deleted and typed")
struct TableColumnEditTests {
  /// A table as Word 2007 and later write it: each row's cells, then the row's
  /// definition again in a group that ends with its `\row`.
  static let wordStyle = #"""
    {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}}
    \pard\plain\f0 Before\par
    \trowd \irow0\irowband0\ltrrow\ts11\trgaph108\trleft-108\tblind0\tblindtype3 \clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx2892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx5892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx8892\pard\plain \ltrpar\ql\intbl\f0 {\b Name\cell }{\b Qty\cell }{\b Note\cell }\pard\plain \ltrpar\ql\intbl\f0 {\trowd \irow0\irowband0\ltrrow\ts11\trgaph108\trleft-108\tblind0\tblindtype3 \clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx2892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx5892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx8892\row }
    \trowd \irow1\irowband1\lastrow \ltrrow\ts11\trgaph108\trleft-108\tblind0\tblindtype3 \clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx2892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx5892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx8892\pard\plain \ltrpar\ql\intbl\f0 Bolts\cell 40\cell steel\cell \pard\plain \ltrpar\ql\intbl\f0 {\trowd \irow1\irowband1\lastrow \ltrrow\ts11\trgaph108\trleft-108\tblind0\tblindtype3 \clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx2892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx5892\clvertalt\clbrdrt\brdrs\brdrw10 \cltxlrtb\clftsWidth3\clwWidth3000 \cellx8892\row }
    \pard\plain\f0 After\par
    }
    """#

  /// The bodies: TextEdit's and LibreOffice's corpus tables, and the Word-style one.
  static func bodies() throws -> [(String, AttributedText)] {
    try TableRowEditTests.files.filter { $0 != "word-table" }.map { ($0, try TableRowEditTests.body($0)) }
      + [("word-style", try RTFReader().read(Array(wordStyle.utf8)).text)]
  }

  /// `shown` with cell `column` taken out of each of `tableLines`' lines.
  static func without(_ column: Int, _ shown: String, rows: [[String]]) -> (text: String, rows: [[String]]) {
    var text = shown
    var expected = rows
    for (index, row) in rows.enumerated() {
      let line = row.joined(separator: "\t")
      expected[index].remove(at: column)
      if let range = text.range(of: line + "\n") {
        text.replaceSubrange(range, with: expected[index].joined(separator: "\t") + "\n")
      }
    }
    return (text, expected)
  }

  @Test("deleting one column's cell from every line deletes the column, in every column, spliced and written whole")
  func everyColumn() throws {
    for (name, body) in try Self.bodies() {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      for column in rows[0].indices {
        let (typed, expected) = Self.without(column, body.plainText, rows: rows)
        try TableRowEditTests.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "\(name), column \(column)")
      }
    }
  }

  /// `shown` with a cell typed at `column` of each of the table's lines.
  static func with(_ column: Int, _ shown: String, rows: [[String]]) -> (text: String, rows: [[String]]) {
    var text = shown
    var expected = rows
    for (index, row) in rows.enumerated() {
      expected[index].insert("New\(index)", at: column)
      if let range = text.range(of: row.joined(separator: "\t") + "\n") {
        text.replaceSubrange(range, with: expected[index].joined(separator: "\t") + "\n")
      }
    }
    return (text, expected)
  }

  @Test("typing a cell at the same place of every line adds a column there, at every place, spliced and written whole")
  func everyNewColumn() throws {
    for (name, body) in try Self.bodies() {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      for column in 0...rows[0].count {
        let (typed, expected) = Self.with(column, body.plainText, rows: rows)
        try TableRowEditTests.expectTableEditedAndBack(
          body, typed: typed, rows: expected, before: rows, "\(name), new column \(column)")
      }
    }
  }

  @Test("a column deleted and a cell of another edited in one write; rows added to the Word-style table keep its shape")
  func columnAndCell() throws {
    let body = try RTFReader().read(Array(Self.wordStyle.utf8)).text
    let rows = try #require(TableCellEditTests.tables(body).first)
    var (typed, expected) = Self.without(1, body.plainText, rows: rows)
    typed = typed.replacingOccurrences(of: "steel", with: "brass")
    expected[1][1] = "brass"
    try TableRowEditTests.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "column and cell")
    let added = body.plainText.replacingOccurrences(of: "Bolts\t40\tsteel\n", with: "Bolts\t40\tsteel\nNuts\t12\tbrass\n")
    try TableRowEditTests.expectTable(
      body.applyingPlainText(added), typed: added, rows: rows + [["Nuts", "12", "brass"]], "row added")
  }

  @Test("tables with widths no table has, or cells out of step with their definitions, take a typed column or none, never a crash, and the text comes out as typed")
  func oddDefinitions() throws {
    let tables = [
      #"\trowd\cellx99999999999999999999\cellx5\pard\intbl a\cell b\cell\row"#,
      #"\trowd\cellx-500\cellx-900\pard\intbl a\cell b\cell\row"#,
      #"\trowd\cellx1000\pard\intbl a\cell b\cell\row"#,
      #"\trowd\cellx1000\cellx2000\cellx3000\pard\intbl a\cell b\cell\row"#,
      #"\trowd\cellx1000\cellx2000\pard\intbl {a\cell} {\b b\cell}}\row"#,
    ]
    for table in tables {
      let rtf = #"{\rtf1\ansi\deff0{\fonttbl{\f0 Arial;}}\pard Before\par "# + table + #"\pard After\par}"#
      let body = try RTFReader().read(Array(rtf.utf8)).text
      for typed in [body.plainText.replacingOccurrences(of: "a\tb", with: "a\tnew\tb"),
                    body.plainText.replacingOccurrences(of: "a\tb", with: "b")] {
        let edited = body.applyingPlainText(typed)
        #expect(edited.plainText == typed, "\(table)")
        for (path, reread) in try TableCellEditTests.rereadings(edited) {
          #expect(reread.plainText == typed, "\(table), \(path)")
        }
      }
    }
  }

  @Test(
    "LibreOffice reads each table with a column deleted or typed as the same table with one column fewer or more",
    .enabled(if: FileManager.default.isExecutableFile(atPath: ListMarkersLibreOfficeTests.soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOffice() throws {
    var edits: [(name: String, body: AttributedText, rows: [[String]])] = []
    for (name, body) in try Self.bodies() {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      for (column, isNew) in [(0, false), (rows[0].count - 1, false), (0, true), (rows[0].count, true)] {
        let (typed, expected) = isNew ? Self.with(column, body.plainText, rows: rows) : Self.without(column, body.plainText, rows: rows)
        edits.append(("\(name)-\(isNew ? "new" : "gone")\(column)", body.applyingPlainText(typed), expected))
      }
    }
    try Self.expectLibreOfficeTables(edits)
  }

  /// LibreOffice reads each body, spliced into its file and written whole, as one
  /// table of these rows: as many rows and cells, each cell's text among its lines.
  static func expectLibreOfficeTables(_ edits: [(name: String, body: AttributedText, rows: [[String]])]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-table-edits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var expectations: [(name: String, rows: [[String]])] = []
    for edit in edits {
      for (kind, bytes) in [("splice", RTFWriter().write(edit.body)), ("whole", RTFWriter().write(edit.body.forgettingSource()))] {
        let file = "\(edit.name)-\(kind)"
        try Data(bytes).write(to: directory.appendingPathComponent(file + ".rtf"))
        expectations.append((file, edit.rows))
      }
    }
    try OneWordEditCorpusTests.convert(directory, profile: directory, to: "html")
    for expectation in expectations {
      let html = try String(contentsOf: directory.appendingPathComponent(expectation.name + ".html"), encoding: .utf8)
      #expect(OneWordEditHTMLTests.count("<tr", in: html) == expectation.rows.count, "\(expectation.name)")
      // LibreOffice writes its own heading row's cells as `<th>`.
      let cells = OneWordEditHTMLTests.count("<td", in: html) + OneWordEditHTMLTests.count("<th", in: html)
        - OneWordEditHTMLTests.count("<thead", in: html)
      #expect(cells == expectation.rows.joined().count, "\(expectation.name)")
      // LibreOffice breaks long lines of its HTML: white space runs count as one space.
      let words = { (text: Substring) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
      let lines = Set(OneWordEditHTMLTests.text(ofHTML: html).split(separator: "\n").map(words))
      for cell in expectation.rows.joined() where !cell.isEmpty {
        #expect(lines.contains(words(cell[...])), "\(expectation.name): \(cell)")
      }
    }
  }
}

/// A cell deleted from or typed into one row through the plain text: a TAB deleted
/// between two cells of a line, or typed on it, deletes or adds a cell in that row
/// alone, and the table stays a table (rows need not have one cell count in RTF).
@Suite("Table cells deleted and typed in one row")
struct TableRowCellEditTests {
  /// `shown` with the line of row `row` of `rows` replaced by `cells`.
  static func replacing(row: Int, of rows: [[String]], with cells: [String], in shown: String) -> (text: String, rows: [[String]]) {
    var expected = rows
    expected[row] = cells
    let old = rows[row].joined(separator: "\t") + "\n"
    guard let range = shown.range(of: old) else { return (shown, rows) }
    var text = shown
    text.replaceSubrange(range, with: cells.joined(separator: "\t") + "\n")
    return (text, expected)
  }

  /// The one-row edits of row `row`: its first two cells joined (the TAB between them
  /// deleted), its first cell split where a TAB is typed inside its text, and a cell
  /// typed at the end of its line.
  static func edits(of rows: [[String]], row: Int) -> [(label: String, cells: [String])] {
    let cells = rows[row]
    var edits: [(String, [String])] = [("cell typed at the end", cells + ["Extra\(row)"])]
    if cells.count >= 2 {
      edits.append(("TAB deleted", [cells[0] + cells[1]] + cells.dropFirst(2)))
    }
    let first = cells[0]
    if first.count >= 2 {
      let middle = first.index(first.startIndex, offsetBy: first.count / 2)
      edits.append(("TAB typed inside", [String(first[..<middle]), String(first[middle...])] + cells.dropFirst()))
    }
    return edits
  }

  @Test("a TAB deleted or typed on one line, or a cell typed at its end, changes that row's cells alone, spliced and written whole, and back")
  func oneRow() throws {
    for (name, body) in try TableColumnEditTests.bodies() {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      for row in rows.indices {
        for (label, cells) in Self.edits(of: rows, row: row) {
          let (typed, expected) = Self.replacing(row: row, of: rows, with: cells, in: body.plainText)
          #expect(typed != body.plainText, "\(name), row \(row), \(label)")
          try TableRowEditTests.expectTableEditedAndBack(
            body, typed: typed, rows: expected, before: rows, "\(name), row \(row), \(label)")
        }
      }
    }
  }

  @Test("a deleted TAB joins the right cell's text to the left cell, which keeps its formatting; a typed TAB's new cell copies the cell it split")
  func whichCell() throws {
    let body = try RTFReader().read(Array(TableColumnEditTests.wordStyle.utf8)).text
    let rows = try #require(TableCellEditTests.tables(body).first)
    // The heading's cells are bold: "NameQty" keeps Name's cell, bold.
    let (joined, _) = Self.replacing(row: 0, of: rows, with: ["NameQty", "Note"], in: body.plainText)
    let edited = body.applyingPlainText(joined)
    let table = try #require(edited.elements.first { $0.kind == .table })
    let rtf = String(decoding: table.rtf, as: UTF8.self)
    #expect(rtf.contains("{\\b NameQty\\cell }"), "\(rtf)")
    #expect(!rtf.contains("{\\b Qty\\cell }"), "\(rtf)")
    // The first row's definitions lost a cell, the second's kept all three.
    #expect(rtf.components(separatedBy: "\\cellx").count - 1 == 2 * 2 + 2 * 3, "\(rtf)")
    // "Bolts" split: "Bo" stays, "lts" goes into a copy of the cell after it.
    let (split, expected) = Self.replacing(row: 1, of: rows, with: ["Bo", "lts", "40", "steel"], in: body.plainText)
    let splitBody = body.applyingPlainText(split)
    try TableRowEditTests.expectTable(splitBody, typed: split, rows: expected, "split")
  }

  @Test("a cell typed on one line and one deleted on another keep the table; two cells typed inside one line make it plain text, with the text as typed")
  func mixedAndTwo() throws {
    let body = try RTFReader().read(Array(TableColumnEditTests.wordStyle.utf8)).text
    let rows = try #require(TableCellEditTests.tables(body).first)
    var (typed, expected) = Self.replacing(row: 0, of: rows, with: ["Name", "Qty", "Note", "More"], in: body.plainText)
    (typed, expected) = Self.replacing(row: 1, of: expected, with: ["Bolts", "40steel"], in: typed)
    try TableRowEditTests.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "mixed")
    let (twice, _) = Self.replacing(row: 0, of: rows, with: ["Name", "a", "b", "Qty", "Note"], in: body.plainText)
    let edited = body.applyingPlainText(twice)
    #expect(edited.plainText == twice)
    #expect(TableCellEditTests.tables(edited).isEmpty)
  }

  @Test("in Word's table whose last row has two lines, a tab deleted or typed on another row's line changes that row alone; in that row, it changes a one-line cell")
  func besideRowOfTwoLines() throws {
    let body = try TableRowEditTests.body("word-table")
    // The shown lines; the last two are one row (a cell of two paragraphs).
    let lines = try #require(TableCellEditTests.tables(body).first)
    #expect(lines.count == 5)
    for row in 0..<3 {
      for (label, cells) in Self.edits(of: lines, row: row) {
        let (typed, expected) = Self.replacing(row: row, of: lines, with: cells, in: body.plainText)
        #expect(typed != body.plainText, "row \(row), \(label)")
        let edited = body.applyingPlainText(typed)
        try TableRowEditTests.expectTable(edited, typed: typed, rows: expected, "word-table, row \(row), \(label)")
      }
    }
    // A tab typed inside a one-line cell of the two-line row splits that cell; the
    // row's cell of two paragraphs keeps them (`TableSeveralLineRowTests`).
    let (typed, expected) = Self.replacing(row: 3, of: lines, with: ["Washers", "1", "2", "first line"], in: body.plainText)
    try TableRowEditTests.expectTable(body.applyingPlainText(typed), typed: typed, rows: expected, "two-line row")
  }

  static let seeds: [UInt64] = Array(1...40)

  @Test("random tabs deleted and typed on a few lines of each table: the text comes out as typed, and a table kept has the typed cells, read back too", arguments: seeds)
  func randomTabs(_ seed: UInt64) throws {
    print("TableRowCellEditTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    // Word's table too, whose last two lines are one row (a cell of two paragraphs).
    let bodies = try TableColumnEditTests.bodies() + [("word-table", TableRowEditTests.body("word-table"))]
    for (name, body) in bodies {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      let severalLines: Set<Int> = name == "word-table" ? [rows.count - 2, rows.count - 1] : []
      var expected = rows
      for _ in 0..<random.int(in: 1...3) {
        let row = random.int(in: 0...(rows.count - 1))
        var line = Array(expected[row].joined(separator: "\t"))
        let tabs = line.indices.filter { line[$0] == "\t" }
        if !tabs.isEmpty, random.chance(50) {
          line.remove(at: random.element(tabs))
        } else {
          // Never at the line's start or end: that text may go outside the table.
          line.insert("\t", at: line.count < 2 ? line.count : random.int(in: 1...(line.count - 1)))
        }
        expected[row] = String(line).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      }
      var typed = body.plainText
      for (old, new) in zip(rows, expected) {
        guard let range = typed.range(of: old.joined(separator: "\t") + "\n") else { continue }
        typed.replaceSubrange(range, with: new.joined(separator: "\t") + "\n")
      }
      let label = "\(name), seed \(seed): \(expected)"
      let edited = body.applyingPlainText(typed)
      #expect(edited.plainText == typed, "\(label)")
      let tables = TableCellEditTests.tables(edited)
      // The rule: lines of one-line rows with a cell more or fewer at most, and the
      // lines of a row of several lines with their cells, keep the table (a line of a
      // row of several lines with a cell more or fewer may, `TableSeveralLineRowTests`).
      if rows.indices.allSatisfy({ abs(rows[$0].count - expected[$0].count) <= (severalLines.contains($0) ? 0 : 1) }) {
        #expect(tables == [expected], "\(label)")
      } else {
        #expect(tables.isEmpty || tables == [expected], "\(label)")
      }
      for (path, reread) in try TableCellEditTests.rereadings(edited) {
        #expect(reread.plainText == typed, "\(label), \(path)")
        #expect(TableCellEditTests.tables(reread) == tables, "\(label), \(path)")
      }
    }
  }

  @Test(
    "LibreOffice reads a table with a cell deleted or typed in one row as the same table with that row's cells changed",
    .enabled(if: FileManager.default.isExecutableFile(atPath: ListMarkersLibreOfficeTests.soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOffice() throws {
    var edits: [(name: String, body: AttributedText, rows: [[String]])] = []
    for (name, body) in try TableColumnEditTests.bodies() {
      let rows = try #require(TableCellEditTests.tables(body).first, "\(name)")
      for (index, (_, cells)) in Self.edits(of: rows, row: rows.count - 1).enumerated() {
        let (typed, expected) = Self.replacing(row: rows.count - 1, of: rows, with: cells, in: body.plainText)
        edits.append(("\(name)-edit\(index)", body.applyingPlainText(typed), expected))
      }
    }
    try TableColumnEditTests.expectLibreOfficeTables(edits)
    // Word's table with a row of two lines: its second row changed. LibreOffice shows
    // the two-line row as one row of three cells.
    let word = try TableRowEditTests.body("word-table")
    let lines = try #require(TableCellEditTests.tables(word).first)
    var wordEdits: [(name: String, body: AttributedText, rows: [[String]])] = []
    for (index, (_, cells)) in Self.edits(of: lines, row: 1).enumerated() {
      let (typed, _) = Self.replacing(row: 1, of: lines, with: cells, in: word.plainText)
      // The last row's third cell has two paragraphs: LibreOffice shows each on a line.
      let rows = [lines[0], cells, lines[2], lines[3]]
      wordEdits.append(("word-table-edit\(index)", word.applyingPlainText(typed), rows))
    }
    try TableColumnEditTests.expectLibreOfficeTables(wordEdits)
  }
}
