import Foundation
import Testing

@testable import RichText

/// A plain-text edit of a table cell that holds one word: the word diff replaces
/// the cell's only token, so none of the table's text is kept when the table has one
/// cell, and the edit must still edit that cell (not make the table plain text).
/// `lo-one-word-cells` in the corpus is LibreOffice's RTF of such tables.
@Suite("Editing one-word table cells")
struct TableCellEditTests {
  static func corpusBody() throws -> AttributedText {
    try RTFReader().read(Corpus.rtf("lo-one-word-cells")).text
  }

  /// The tables' rows of `body`.
  static func tables(_ body: AttributedText) -> [[[String]]] {
    body.elements.filter { $0.kind == .table }.map(\.tableRows)
  }

  /// `body` written into its file and written whole, each read back.
  static func rereadings(_ body: AttributedText) throws -> [(String, AttributedText)] {
    try [("splice", RTFWriter().write(body)), ("whole", RTFWriter().write(body.forgettingSource()))].map {
      ($0.0, try RTFReader().read($0.1).text)
    }
  }

  @Test("every one-word cell of LibreOffice's 1×1 and 2×2 tables edited alone keeps both tables, with the new word")
  func everyCell() throws {
    let body = try Self.corpusBody()
    let shown = body.plainText
    #expect(shown == "Apple\nBetween the tables.\nNorth\tSouth\nEast\tWest\nAfter the tables.\n")
    let before = Self.tables(body)
    #expect(before == [[["Apple"]], [["North", "South"], ["East", "West"]]])
    for word in ["Apple", "North", "South", "East", "West"] {
      let typed = shown.replacingOccurrences(of: word, with: "Zebra")
      let edited = body.applyingPlainText(typed)
      #expect(edited.plainText == typed, "\(word)")
      let expected = before.map { $0.map { $0.map { $0 == word ? "Zebra" : $0 } } }
      #expect(Self.tables(edited) == expected, "\(word)")
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(word)")
      for (path, reread) in try Self.rereadings(edited) {
        #expect(reread.plainText == typed, "\(word), \(path)")
        #expect(Self.tables(reread) == expected, "\(word), \(path)")
      }
    }
  }

  @Test("a one-cell table's word replaced by several words, or words typed before or after a cell's word, edit the cell")
  func cellTextReplacedOrExtended() throws {
    let body = try Self.corpusBody()
    let shown = body.plainText
    let before = Self.tables(body)
    for (word, cell) in [
      ("Apple", "Green apples, please"), ("Apple", "Apple pie"), ("Apple", "Red Apple"),
      ("North", "Far North"), ("West", "West end"), ("South", "South pole"), ("East", "Near East"),
    ] {
      let typed = shown.replacingOccurrences(of: word, with: cell)
      let edited = body.applyingPlainText(typed)
      #expect(edited.plainText == typed, "\(cell)")
      let expected = before.map { $0.map { $0.map { $0 == word ? cell : $0 } } }
      #expect(Self.tables(edited) == expected, "\(cell)")
      #expect(edited.paragraphs.count == body.paragraphs.count, "\(cell)")
      for (path, reread) in try Self.rereadings(edited) {
        #expect(reread.plainText == typed, "\(cell), \(path)")
        #expect(Self.tables(reread) == expected, "\(cell), \(path)")
      }
    }
  }

  @Test("words typed at the start of a table's line whose first cell cannot be edited in place (formatting groups) leave the table as it was, never plain text")
  func edgeTextIntoACellThatCannotTakeIt() throws {
    let rtf = "{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\pard\\f0 Before\\par\n"
      + "\\trowd\\cellx2000\\cellx4000\\pard\\intbl {\\b Bold} and {\\i italic}\\cell Price\\cell\\row\n\\pard After\\par\n}"
    let body = try RTFReader().read(Array(rtf.utf8)).text
    #expect(body.plainText == "Before\nBold and italic\tPrice\nAfter\n")
    let edited = body.applyingPlainText("Before\nVery Bold and italic\tPrice\nAfter\n")
    #expect(Self.tables(edited) == [[["Bold and italic", "Price"]]])
    #expect(edited.plainText.contains("Very"))
  }

  @Test("a one-cell table whose word is deleted (its line left empty) goes, as a table whose text is deleted does: an empty one-cell table would show nothing")
  func oneCellEmptied() throws {
    let body = try Self.corpusBody()
    let typed = body.plainText.replacingOccurrences(of: "Apple\n", with: "\n")
    let edited = body.applyingPlainText(typed)
    #expect(edited.plainText == typed)
    #expect(Self.tables(edited) == [[["North", "South"], ["East", "West"]]])
  }

  @Test("deleting a one-cell table's line, or a whole 2×2 table, still deletes the table")
  func deletingStillDeletes() throws {
    let body = try Self.corpusBody()
    let shown = body.plainText
    let withoutFirst = body.applyingPlainText(shown.replacingOccurrences(of: "Apple\n", with: ""))
    #expect(Self.tables(withoutFirst) == [[["North", "South"], ["East", "West"]]])
    #expect(withoutFirst.plainText == "Between the tables.\nNorth\tSouth\nEast\tWest\nAfter the tables.\n")
    let withoutSecond = body.applyingPlainText(shown.replacingOccurrences(of: "North\tSouth\nEast\tWest\n", with: ""))
    #expect(Self.tables(withoutSecond) == [[["Apple"]]])
    #expect(withoutSecond.plainText == "Apple\nBetween the tables.\nAfter the tables.\n")
  }

  @Test("a one-word cell edited in a hand-made table with a list item in the cell keeps the item")
  func oneWordListCell() throws {
    let rtf = TableCellListTests.header + "\\pard\\plain\\f0 Intro\\par\n\\trowd\\cellx3000\n"
      + TableCellListTests.cell("Milk", ls: 7) + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try RTFReader().read(Array(rtf.utf8)).text
    #expect(body.plainText == "Intro\n1.\tMilk\nEnd\n")
    let edited = body.applyingPlainText("Intro\n1.\tCream\nEnd\n")
    #expect(edited.plainText == "Intro\n1.\tCream\nEnd\n")
    #expect(Self.tables(edited) == [[["Cream"]]])
    for (path, reread) in try Self.rereadings(edited) {
      #expect(reread.plainText == "Intro\n1.\tCream\nEnd\n", "\(path)")
    }
  }

  /// A random body of one-word paragraphs and tables of one to three rows of one to
  /// three one-word cells (a cell paragraph sometimes a list item), every word
  /// numbered ("w1", "w2"…), ending with a paragraph or with a table; and the words
  /// that are cells.
  static func randomBody(_ random: inout SplitMix64) -> (rtf: String, cells: [String]) {
    var rtf = TableCellListTests.header
    var word = 0
    var cells: [String] = []
    for _ in 0..<random.int(in: 1...5) {
      if random.chance(40) {
        word += 1
        rtf += "\\pard\\plain\\f0 w\(word)\\par\n"
        continue
      }
      let columns = random.int(in: 1...3)
      for _ in 0..<random.int(in: 1...3) {
        rtf += "\\trowd" + (1...columns).map { "\\cellx\($0 * 2000)" }.joined() + "\n"
        for _ in 0..<columns {
          word += 1
          cells.append("w\(word)")
          rtf += TableCellListTests.cell("w\(word)", ls: random.chance(30) ? random.element([3, 7]) : nil)
        }
        rtf += "\\row\n"
      }
    }
    if random.chance(50) { rtf += "\\pard\\plain\\f0 end\\par\n" }
    return (rtf + "}", cells)
  }

  @Test("random tables of one-word cells: a cell's word replaced, or a word typed before or after it, edits that cell and keeps every table")
  func randomCellEdits() throws {
    let seed = TestSeed.make(for: "TableCellEditTests")
    var random = SplitMix64(seed: seed)
    for index in 0..<300 {
      let (rtf, cells) = Self.randomBody(&random)
      guard !cells.isEmpty else { continue }
      let body = try RTFReader().read(Array(rtf.utf8)).text
      let shown = body.plainText
      let before = Self.tables(body)
      #expect(before.flatMap { $0.flatMap { $0 } } == cells, "seed \(seed), body \(index)")
      let target = random.element(cells)
      let cell = random.element(["edited", "new \(target)", "\(target) more", "two new"])
      // Words are unique: the cell's word ends at a tab, a line end or the end.
      guard let range = shown.range(of: target + "\t") ?? shown.range(of: target + "\n") ?? shown.range(of: target)
      else { continue }
      let typed = shown.replacingCharacters(in: range, with: shown[range].replacingOccurrences(of: target, with: cell))
      let edited = body.applyingPlainText(typed)
      let expected = before.map { $0.map { $0.map { $0 == target ? cell : $0 } } }
      #expect(edited.plainText == typed, "seed \(seed), body \(index): \(target) -> \(cell)")
      #expect(Self.tables(edited) == expected, "seed \(seed), body \(index): \(target) -> \(cell)")
      for (path, reread) in try Self.rereadings(edited) {
        #expect(reread.plainText == typed, "seed \(seed), body \(index): \(target) -> \(cell), \(path)")
        #expect(Self.tables(reread) == expected, "seed \(seed), body \(index): \(target) -> \(cell), \(path)")
      }
    }
  }
}
