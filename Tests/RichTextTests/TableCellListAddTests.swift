import Foundation
import Testing

@testable import RichText

/// New list items typed in table cells: a line typed between two lines of a table,
/// starting with a marker of the same kind and level as the item that ends the line
/// above it, becomes a new item after that item, in its cell (`RTFCellEdit`); a
/// cell's later paragraph deleted whole goes. The table keeps everything else, in
/// the file spliced or written whole, and LibreOffice numbers the items in their cells.
@Suite("New list items in table cells")
struct TableCellListAddTests {
  typealias Cells = TableCellListTests

  /// Expects `edited`, made from `body` by a plain-text edit of the lines of its table
  /// number `table`, to hold `body`'s tables with `change` made to that table's shown
  /// lines, as many paragraphs, and to be read back from its RTF (spliced and whole)
  /// and from its own plain text as it is.
  static func expectTableLinesEdited(
    _ body: AttributedText, _ edited: AttributedText, table: Int, _ label: String,
    change: (inout [Substring]) -> Void
  ) throws {
    let tables = body.elements.filter { $0.kind == .table }
    var rows = tables[table].shownText.split(separator: "\n", omittingEmptySubsequences: false)
    change(&rows)
    var expected = tables.map(\.shownText)
    expected[table] = rows.joined(separator: "\n")
    #expect(edited.elements.filter { $0.kind == .table }.map(\.shownText) == expected, "\(label)")
    #expect(edited.paragraphs.count == body.paragraphs.count, "\(label)")
    try expectReread(RTFWriter().write(edited), edited, "\(label) splice")
    try expectReread(RTFWriter().write(edited.forgettingSource()), edited, "\(label) whole")
    #expect(edited.applyingPlainText(edited.plainText) == edited, "\(label)")
  }

  /// Reads `written` back and checks its text and its tables' cells.
  static func expectReread(_ written: [UInt8], _ expected: AttributedText, _ label: String) throws {
    let reread = try RTFReader().read(written).text
    #expect(reread.plainText == expected.plainText, "\(label)")
    #expect(reread.elements.filter { $0.kind == .table }.map(\.shownText)
      == expected.elements.filter { $0.kind == .table }.map(\.shownText), "\(label)")
    // The lists of the cells (the reader gives lists their identities anew: the
    // numbering, which follows from them, is in `plainText`).
    #expect(reread.paragraphs.map(cellLists) == expected.paragraphs.map(cellLists), "\(label)")
  }

  /// The lists of the cells of the table `paragraph` is, without their identities.
  static func cellLists(_ paragraph: Paragraph) -> [ListMarker?]? {
    TableCellMarkers.cellLists(of: paragraph)?.map { list in
      list.map { var marker = $0; marker.listID = nil; return marker }
    }
  }

  @Test("a bullet line typed between a cell's items is a new item of that cell, spliced and written whole")
  func bulletInACell() throws {
    let rtf = Cells.header + "\\trowd\\cellx3000\\cellx6000\n" + Cells.cell("Milk", ls: 3, end: "\\par")
      + Cells.cell("Eggs", ls: 3) + Cells.cell("Other", ls: nil) + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Cells.read(rtf)
    #expect(body.plainText == "•\tMilk\n•\tEggs\tOther\nEnd\n")
    let typed = "•\tMilk\n•\tBread\n•\tEggs\tOther\nEnd\n"
    let edited = body.applyingPlainText(typed)
    #expect(edited.plainText == typed)
    #expect(edited.paragraphs.count == body.paragraphs.count)
    #expect(edited.elements.map(\.shownText) == ["Milk\nBread\nEggs\tOther"])
    let bullet = try #require(TableCellMarkers.cellLists(of: body.paragraphs[0])?[0])
    #expect(TableCellMarkers.cellLists(of: edited.paragraphs[0]) == [bullet, bullet, bullet, nil])
    #expect(edited.paragraphs[1] == body.paragraphs[1])
    // Only the new paragraph was written into the table's RTF.
    let before = try #require(body.elements.first).rtf
    let after = try #require(edited.elements.first).rtf
    #expect(String(decoding: after, as: UTF8.self)
      == String(decoding: before, as: UTF8.self).replacingOccurrences(of: "Milk\\par", with: "Milk\\par\\intbl Bread\\par"))
    try Self.expectReread(RTFWriter().write(edited), edited, "splice")
    try Self.expectReread(RTFWriter().write(edited.forgettingSource()), edited, "whole")
    // Applying its own text back changes nothing.
    #expect(edited.applyingPlainText(typed) == edited)
  }

  @Test("numbered items: a new item is numbered on, nested levels take a marker of their level, a cell's last item takes one after it")
  func numberedItems() throws {
    let rtf = Cells.header + "\\trowd\\cellx3000\\cellx6000\n" + Cells.cell("One", ls: 7, end: "\\par")
      + Cells.cell("Sub", ls: 7, level: 1, end: "\\par") + Cells.cell("Two", ls: 7) + Cells.cell("Dot", ls: 3)
      + "\\row\n\\trowd\\cellx3000\\cellx6000\n" + Cells.cell("Next", ls: 7) + Cells.cell("Plain", ls: nil)
      + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Cells.read(rtf)
    #expect(body.plainText == "1.\tOne\n\ta)\tSub\n2.\tTwo\t•\tDot\n3.\tNext\tPlain\nEnd\n")
    let cases: [(typed: String, shown: String)] = [
      // After an item of the first level, in the middle of the cell.
      ("1.\tOne\n2.\tNew\n\ta)\tSub\n2.\tTwo\t•\tDot\n3.\tNext\tPlain\nEnd\n", "One\nNew\nSub\nTwo\tDot\nNext\tPlain"),
      // After a nested item, at its level (the number typed does not matter).
      ("1.\tOne\n\ta)\tSub\n\tz)\tDeeper\n2.\tTwo\t•\tDot\n3.\tNext\tPlain\nEnd\n", "One\nSub\nDeeper\nTwo\tDot\nNext\tPlain"),
      // After the line that ends with the second cell's item: in that cell, after it.
      ("1.\tOne\n\ta)\tSub\n2.\tTwo\t•\tDot\n•\tDash\n3.\tNext\tPlain\nEnd\n", "One\nSub\nTwo\tDot\nDash\nNext\tPlain"),
      // Two items at once, and a cell edited beside them.
      ("1.\tOne\n2.\tA\n3.\tB\n\ta)\tSub\n4.\tTwice\t•\tDot\n5.\tNext\tPlain\nEnd\n", "One\nA\nB\nSub\nTwice\tDot\nNext\tPlain"),
    ]
    for (typed, shown) in cases {
      let edited = body.applyingPlainText(typed)
      #expect(edited.elements.map(\.shownText) == [shown], "\(typed.debugDescription)")
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(typed.debugDescription)")
      try Self.expectReread(RTFWriter().write(edited), edited, "splice \(typed.debugDescription)")
      try Self.expectReread(RTFWriter().write(edited.forgettingSource()), edited, "whole \(typed.debugDescription)")
    }
    // Numbered on through the cells: the new item is 2., the items after it move on.
    let first = body.applyingPlainText(cases[0].typed)
    #expect(first.plainText == "1.\tOne\n2.\tNew\n\ta)\tSub\n3.\tTwo\t•\tDot\n4.\tNext\tPlain\nEnd\n")
  }

  @Test("a cell's second or later paragraph deleted whole goes, spliced and written whole; the paragraph above ends its cell if it did")
  func removedParagraphs() throws {
    let rtf = Cells.header + "\\trowd\\cellx3000\\cellx6000\n" + Cells.cell("Milk", ls: 3, end: "\\par")
      + Cells.cell("Bread", ls: 3, end: "\\par") + Cells.cell("{\\b Eggs}", ls: 3) + Cells.cell("Other", ls: nil)
      + "\\row\n\\trowd\\cellx3000\\cellx6000\n" + Cells.cell("First", ls: 7) + Cells.cell("Plain", ls: nil)
      + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Cells.read(rtf)
    #expect(body.plainText == "•\tMilk\n•\tBread\n•\tEggs\tOther\n1.\tFirst\tPlain\nEnd\n")
    let bullet = try #require(TableCellMarkers.cellLists(of: body.paragraphs[0])?[0])
    let number = try #require(TableCellMarkers.cellLists(of: body.paragraphs[0])?[4])
    let cases: [(typed: String, shown: String, lists: [ListMarker?])] = [
      ("•\tMilk\n•\tEggs\tOther\n1.\tFirst\tPlain\nEnd\n", "Milk\nEggs\tOther\nFirst\tPlain", [bullet, bullet, nil, number, nil]),
      ("•\tMilk\n•\tBread\tOther\n1.\tFirst\tPlain\nEnd\n", "Milk\nBread\tOther\nFirst\tPlain", [bullet, bullet, nil, number, nil]),
      ("•\tMilk\tOther\n1.\tFirst\tPlain\nEnd\n", "Milk\tOther\nFirst\tPlain", [bullet, nil, number, nil]),
    ]
    for (typed, shown, lists) in cases {
      let edited = body.applyingPlainText(typed)
      #expect(edited.plainText == typed, "\(typed.debugDescription)")
      #expect(edited.elements.map(\.shownText) == [shown], "\(typed.debugDescription)")
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(typed.debugDescription)")
      #expect(TableCellMarkers.cellLists(of: edited.paragraphs[0]) == lists, "\(typed.debugDescription)")
      try Self.expectReread(RTFWriter().write(edited), edited, "splice \(typed.debugDescription)")
      try Self.expectReread(RTFWriter().write(edited.forgettingSource()), edited, "whole \(typed.debugDescription)")
      #expect(edited.applyingPlainText(typed) == edited, "\(typed.debugDescription)")
    }
    // Bread deleted: the cut is Milk's `\par` up to Bread's text.
    let edited = body.applyingPlainText(cases[0].typed)
    #expect(String(decoding: try #require(edited.elements.first).rtf, as: UTF8.self)
      .contains("Milk\\par\n\\pard\\plain\\intbl\\ls3\\ilvl0\\fi-360\\li720\\f0 {\\b Eggs}\\cell"))
    // A row's only line, or a cell's first paragraph, cannot go this way: the table
    // keeps its cells or becomes text, never loses a row's cell.
    let row = body.applyingPlainText("•\tMilk\n•\tBread\n•\tEggs\tOther\nEnd\n")
    #expect(row.elements.filter { $0.kind == .table }.allSatisfy { $0.shownText.split(separator: "\t").count == 2 })
  }

  @Test("a line typed after the table's last line stays a paragraph after the table")
  func afterTheLastLine() throws {
    let rtf = Cells.header + "\\trowd\\cellx3000\n" + Cells.cell("Milk", ls: 3, end: "\\par")
      + Cells.cell("Eggs", ls: 3) + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Cells.read(rtf)
    let edited = body.applyingPlainText("•\tMilk\n•\tEggs\n•\tBread\nEnd\n")
    #expect(edited.elements == body.elements)
    #expect(edited.paragraphs.count == body.paragraphs.count + 1)
    #expect(edited.paragraphs[1].text == "Bread")
    #expect(edited.paragraphs[1].style.list?.isBullet == true)
  }

  @Test("the rule: only a marked line without a tab, of the kind and level of the item above it, inside the table, is added")
  func rule() throws {
    let bullet = ListMarker(format: .disc)
    let number = ListMarker(format: .decimal)
    let lists: [ListMarker?] = [bullet, bullet, nil, number]
    let old = "A\nB\tC\nD"
    func markers(_ typed: [String]) -> [ListMarkerText.Parsed?] {
      typed.map { $0.isEmpty ? nil : ListMarkerText.parse(Substring($0 + "\tx"))?.0 }
    }
    // Added after A (a bullet item).
    #expect(RTFCellEdit(old: old, new: "A\nN\nB\tC\nD", typedMarkers: markers(["", "•", "", ""]), cellLists: lists)
      == RTFCellEdit(pieces: ["A", "B", "C", "D"], added: [0: ["N"]]))
    // Text typed without a marker, a marker of another kind or level, a line with a
    // tab, after a cell that is no item, before the first or after the last line.
    let refused: [(String, [String])] = [
      ("A\nN\nB\tC\nD", ["", "", "", ""]), ("A\nN\nB\tC\nD", ["", "1.", "", ""]),
      ("A\nN\nB\tC\nD", ["", "\t•", "", ""]), ("A\nN\tM\nB\tC\nD", ["", "•", "", ""]),
      ("A\nB\tC\nN\nD", ["", "", "•", ""]), ("N\nA\nB\tC\nD", ["•", "", "", ""]),
      ("A\nB\tC\nD\nN", ["", "", "", "1."]), ("A\nD", ["", ""]),
    ]
    for (new, typed) in refused {
      #expect(RTFCellEdit(old: old, new: new, typedMarkers: markers(typed), cellLists: lists) == nil, "\(new.debugDescription)")
    }
    // A line of one piece deleted (`editingCells` checks that it is a cell's second or
    // later paragraph).
    #expect(RTFCellEdit(old: old, new: "A\nB\tC", typedMarkers: markers(["", ""]), cellLists: lists)
      == RTFCellEdit(pieces: ["A", "B", "C", ""], added: [:], removed: [3]))
    // After D (a numbered item) with a numbered marker: allowed only inside the table.
    #expect(RTFCellEdit(old: old + "\nE", new: "A\nB\tC\nD\nN\nE", typedMarkers: markers(["", "", "", "7.", ""]), cellLists: lists + [nil])
      == RTFCellEdit(pieces: ["A", "B", "C", "D", "E"], added: [3: ["N"]]))
  }

  @Test("random bodies with lists in cells: an item typed after a table line that ends with an item, inside the table, is added to that cell")
  func randomBodies() throws {
    let seed = TestSeed.make(for: "TableCellListAddTests")
    var random = SplitMix64(seed: seed)
    var added = 0
    for index in 0..<300 {
      let (rtf, _) = Cells.randomBody(&random)
      let body = try Cells.read(rtf)
      let lines = body.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let prefixes = TableCellMarkers.prefixes(of: body.paragraphs).cells
      // The lines of `plainText` after which an item may be typed: a table line
      // other than the table's last, whose last piece is an item; with its marker.
      var places: [(line: Int, marker: String, table: Int, row: Int)] = []
      var line = 0
      var tableIndex = 0
      for (paragraphIndex, paragraph) in body.paragraphs.enumerated() {
        defer { line += paragraph.shownLineCount }
        guard let table = TableCellMarkers.table(of: paragraph) else { continue }
        defer { tableIndex += 1 }
        guard let cells = prefixes[paragraphIndex] else { continue }
        var piece = -1
        for (row, text) in table.shownText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          piece += text.split(separator: "\t", omittingEmptySubsequences: false).count
          guard row < paragraph.shownLineCount - 1, !cells[piece].isEmpty else { continue }
          places.append((line + row, cells[piece], tableIndex, row))
        }
      }
      guard !places.isEmpty else { continue }
      let place = random.element(places)
      var typed = lines
      typed.insert(place.marker + "added", at: place.line + 1)
      let text = typed.joined(separator: "\n")
      let edited = body.applyingPlainText(text)
      let label = "seed \(seed), body \(index), line \(place.line)"
      try Self.expectTableLinesEdited(body, edited, table: place.table, label) { $0.insert("added", at: place.row + 1) }
      added += 1
    }
    print("TableCellListAddTests: seed \(seed), an item added in \(added) of 300 bodies")
  }

  @Test("random bodies with lists in cells: a cell's later paragraph alone on its line, deleted, goes from its cell")
  func randomRemovals() throws {
    let seed = TestSeed.make(for: "TableCellListAddTests.removals")
    var random = SplitMix64(seed: seed)
    var removedCount = 0
    for index in 0..<300 {
      let (rtf, _) = Cells.randomBody(&random)
      let body = try Cells.read(rtf)
      let lines = body.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // The lines of one piece, neither a table's first nor its last (deleting that
      // one is deleting the line break after the table, to the word diff), whose piece
      // is its cell's second or later paragraph (the piece before it ends with `\par`).
      var places: [(line: Int, table: Int, row: Int)] = []
      var line = 0
      var tableIndex = 0
      for paragraph in body.paragraphs {
        defer { line += paragraph.shownLineCount }
        guard let table = TableCellMarkers.table(of: paragraph) else { continue }
        defer { tableIndex += 1 }
        guard let cells = table.cells else { continue }
        var piece = -1
        for (row, text) in table.shownText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let count = text.split(separator: "\t", omittingEmptySubsequences: false).count
          piece += count
          guard row > 0, row < paragraph.shownLineCount - 1, count == 1 else { continue }
          let terminator = table.rtf[cells[piece - 1].insertion...].prefix(5)
          guard terminator.starts(with: Array("\\par".utf8)), !terminator.starts(with: Array("\\pard".utf8)) else { continue }
          places.append((line + row, tableIndex, row))
        }
      }
      guard !places.isEmpty else { continue }
      let place = random.element(places)
      var typed = lines
      typed.remove(at: place.line)
      let edited = body.applyingPlainText(typed.joined(separator: "\n"))
      let label = "seed \(seed), body \(index), line \(place.line)"
      try Self.expectTableLinesEdited(body, edited, table: place.table, label) { _ = $0.remove(at: place.row) }
      removedCount += 1
    }
    print("TableCellListAddTests: seed \(seed), a paragraph removed in \(removedCount) of 300 bodies")
  }

  @Test("Word's and LibreOffice's files: a new item typed in a cell is read back in its cell, numbered on")
  func corpusFiles() throws {
    for (file, line, typed) in [
      ("lo-list-in-table", "1.\tOne\n", "2.\tNew item\n"), ("lo-list-in-table", "\t•\tApple\n", "•\tBanana\n"),
      ("word-list-in-table", "2.\tShop\n", "3.\tPack\n"),
    ] {
      let body = try RTFReader().read(try Corpus.rtf(file)).text
      let shown = body.plainText
      let text = shown.replacingOccurrences(of: line, with: line + typed)
      #expect(text != shown, "\(file)")
      let edited = body.applyingPlainText(text)
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(file)")
      #expect(edited.elements.filter { $0.kind == .table }.count == body.elements.filter { $0.kind == .table }.count)
      #expect(edited.plainText.contains(typed), "\(file)")
      try Self.expectReread(RTFWriter().write(edited), edited, "\(file) splice")
      try Self.expectReread(RTFWriter().write(edited.forgettingSource()), edited, "\(file) whole")
    }
    // A cell's later paragraph deleted: LibreOffice's "Pear", Word's nested "Bread".
    for (file, line, shown) in [
      ("lo-list-in-table", "•\tPear\n", "One\nTwo\tApple\nThree\nFour\tPlain"),
      ("word-list-in-table", "\ta)\tBread\n", "Shop\nCook\tMonday\nWash\tTuesday"),
    ] {
      let body = try RTFReader().read(try Corpus.rtf(file)).text
      let text = body.plainText.replacingOccurrences(of: line, with: "")
      let edited = body.applyingPlainText(text)
      #expect(edited.plainText == text, "\(file)")
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(file)")
      #expect(edited.elements.filter { $0.kind == .table }.map(\.shownText) == [shown], "\(file)")
      try Self.expectReread(RTFWriter().write(edited), edited, "\(file) splice")
      try Self.expectReread(RTFWriter().write(edited.forgettingSource()), edited, "\(file) whole")
    }
  }

  @Test(
    "LibreOffice reads a new item typed in a cell of its own file as an item of that cell, numbered, the rest of the table as it was",
    .enabled(if: FileManager.default.isExecutableFile(atPath: ListMarkersLibreOfficeTests.soffice),
             "LibreOffice is not installed at /usr/bin/soffice"))
  func libreOffice() throws {
    let body = try RTFReader().read(try Corpus.rtf("lo-list-in-table")).text
    let shown = body.plainText
    let typed = shown.replacingOccurrences(of: "1.\tOne\n", with: "1.\tOne\n2.\tNew item\n")
      .replacingOccurrences(of: "\t•\tApple\n", with: "\t•\tApple\n•\tBanana\n")
    let edited = body.applyingPlainText(typed)
    // Numbered on in its cell: "Two" is now 3.
    let expected = shown.replacingOccurrences(of: "1.\tOne\n2.\tTwo\t•\tApple\n", with: "1.\tOne\n2.\tNew item\n3.\tTwo\t•\tApple\n•\tBanana\n")
    #expect(edited.plainText == expected)
    let removedText = shown.replacingOccurrences(of: "\t•\tApple\n•\tPear\n", with: "\t•\tApple\n")
    let removed = body.applyingPlainText(removedText)
    #expect(removed.plainText == removedText)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-cell-items-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = [
      ("original", RTFWriter().write(body)), ("splice", RTFWriter().write(edited)),
      ("whole", RTFWriter().write(edited.forgettingSource())), ("removed-splice", RTFWriter().write(removed)),
      ("removed-whole", RTFWriter().write(removed.forgettingSource())),
    ]
    for (name, bytes) in files {
      try Data(bytes).write(to: directory.appendingPathComponent(name + ".rtf"))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ListMarkersLibreOfficeTests.soffice)
    process.arguments = [
      "-env:UserInstallation=file://" + directory.appendingPathComponent("profile").path,
      "--headless", "--convert-to", "txt:Text (encoded):UTF8", "--outdir", directory.path,
    ] + files.map { directory.appendingPathComponent($0.0 + ".rtf").path }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    func theirs(_ name: String) throws -> [String] {
      try ListMarkersLibreOfficeTests.normalized(
        String(contentsOf: directory.appendingPathComponent(name + ".txt"), encoding: .utf8))
    }
    let original = try theirs("original")
    #expect(original == (try ListMarkersLibreOfficeTests.normalized(shown)))
    for name in ["splice", "whole"] {
      #expect(try theirs(name) == ListMarkersLibreOfficeTests.normalized(expected), "\(name)")
      #expect(try theirs("removed-" + name) == ListMarkersLibreOfficeTests.normalized(removedText), "removed-\(name)")
    }
    // Its HTML: the same cells with the same borders, each new item an item of its cell.
    let html = Process()
    html.executableURL = URL(fileURLWithPath: ListMarkersLibreOfficeTests.soffice)
    html.arguments = [
      "-env:UserInstallation=file://" + directory.appendingPathComponent("profile").path,
      "--headless", "--convert-to", "html", "--outdir", directory.path,
    ] + files.map { directory.appendingPathComponent($0.0 + ".rtf").path }
    html.standardOutput = FileHandle.nullDevice
    html.standardError = FileHandle.nullDevice
    try html.run()
    html.waitUntilExit()
    #expect(html.terminationStatus == 0)
    let cells = try Self.tableCells(String(contentsOf: directory.appendingPathComponent("original.html"), encoding: .utf8))
    #expect(cells.map(\.text) == [["One", "Two"], ["Apple", "Pear"], ["Three", "Four"], ["Plain"]])
    #expect(cells.map(\.items) == [2, 2, 2, 0])
    for name in ["splice", "whole"] {
      let edited = try Self.tableCells(String(contentsOf: directory.appendingPathComponent(name + ".html"), encoding: .utf8))
      #expect(edited.map(\.tag) == cells.map(\.tag), "\(name)")
      #expect(edited.map(\.text) == [["One", "New item", "Two"], ["Apple", "Banana", "Pear"], ["Three", "Four"], ["Plain"]], "\(name)")
      #expect(edited.map(\.items) == [3, 3, 2, 0], "\(name)")
      let removed = try Self.tableCells(String(contentsOf: directory.appendingPathComponent("removed-" + name + ".html"), encoding: .utf8))
      #expect(removed.map(\.tag) == cells.map(\.tag), "removed-\(name)")
      #expect(removed.map(\.text) == [["One", "Two"], ["Apple"], ["Three", "Four"], ["Plain"]], "removed-\(name)")
      #expect(removed.map(\.items) == [2, 1, 2, 0], "removed-\(name)")
    }
  }

  /// The cells of the tables of LibreOffice's HTML: each `<td …>` tag, the lines of
  /// text in the cell, and how many list items (`<li`) it holds.
  static func tableCells(_ html: String) throws -> [(tag: String, text: [String], items: Int)] {
    let tag = try Regex("<[^>]*>")
    return html.components(separatedBy: "<td").dropFirst().map { chunk in
      let cell = chunk.components(separatedBy: "</td>").first ?? ""
      let opening = String(cell.prefix { $0 != ">" })
      let lines = String(cell.drop { $0 != ">" }.dropFirst()).replacing(tag, with: "\n").split(separator: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      return (opening, lines, cell.components(separatedBy: "<li").count - 1)
    }
  }
}
