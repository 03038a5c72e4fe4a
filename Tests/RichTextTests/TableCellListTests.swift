import Foundation
import Testing

@testable import RichText

/// List items in table cells: `plainText` shows each cell paragraph's marker at the
/// start of its cell, numbered on with the paragraphs around the table as LibreOffice
/// numbers them (see `ListNumberingTests` and `ListMarkersLibreOfficeTests` for the
/// corpus files); applying that text back leaves the table and its lists as they
/// were, and an edit in a cell keeps them, spliced into the file or written whole.
@Suite("List items in table cells")
struct TableCellListTests {
  static let header = #"""
    {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman\fcharset0 Times New Roman;}}
    {\*\listtable{\list\listtemplateid1{\listlevel\levelnfc0\levelstartat1{\leveltext\'02\'00.;}{\levelnumbers\'01;}\fi-360\li720}{\listlevel\levelnfc4\levelstartat1{\leveltext\'02\'01);}{\levelnumbers\'01;}\fi-360\li1440}\listid100}
    {\list\listtemplateid2{\listlevel\levelnfc23\levelstartat1{\leveltext\'01\u8226 ?;}{\levelnumbers;}\fi-360\li720}\listid200}}
    {\*\listoverridetable{\listoverride\listid200\listoverridecount0\ls3}{\listoverride\listid100\listoverridecount0\ls7}{\listoverride\listid100\listoverridecount0\ls9}}

    """#

  /// A body item of list `ls` at `level`.
  static func item(_ text: String, ls: Int, level: Int = 0) -> String {
    "\\pard\\plain\\ls\(ls)\\ilvl\(level)\\fi-360\\li\(720 * (level + 1))\\f0 \(text)\\par\n"
  }

  /// A cell paragraph, of list `ls` (nil: none), ended by `end` (`\cell` or `\par`).
  static func cell(_ text: String, ls: Int?, level: Int = 0, end: String = "\\cell") -> String {
    let list = ls.map { "\\ls\($0)\\ilvl\(level)\\fi-360\\li\(720 * (level + 1))" } ?? ""
    return "\\pard\\plain\\intbl\(list)\\f0 \(text)\(end)\n"
  }

  static func read(_ rtf: String) throws -> AttributedText {
    try RTFReader().read(Array(rtf.utf8)).text
  }

  @Test("a body written whole gives the cells' \\ls the new numbers of their lists")
  func renumberedWhenWrittenWhole() throws {
    // The file's \ls7 and \ls3 become \ls2 and \ls1 in a body written whole: the
    // table's own RTF must follow, or its cells lose their lists.
    let rtf = Self.header + Self.item("Bullet", ls: 3) + "\\pard\\plain\\f0 Table:\\par\n"
      + "\\trowd\\cellx3000\\cellx6000\n" + Self.cell("First", ls: 7) + Self.cell("Plain", ls: nil) + "\\row\n"
      + "\\trowd\\cellx3000\\cellx6000\n" + Self.cell("Second", ls: 9) + Self.cell("Dot", ls: 3) + "\\row\n"
      + Self.item("Third", ls: 7) + "}"
    let body = try Self.read(rtf)
    let shown = "•\tBullet\nTable:\n1.\tFirst\tPlain\n2.\tSecond\t•\tDot\n3.\tThird\n"
    #expect(body.plainText == shown)
    #expect(body.applyingPlainText(shown) == body)
    for (path, written) in [("splice", RTFWriter().write(body)), ("whole", RTFWriter().write(body.forgettingSource()))] {
      let reread = try RTFReader().read(written).text
      #expect(reread.plainText == shown, "\(path)")
      #expect(reread.paragraphs.map { TableCellMarkers.cellLists(of: $0) } == body.paragraphs.map { TableCellMarkers.cellLists(of: $0) }, "\(path)")
    }
  }

  @Test("a cell's marker typed differently or deleted leaves the cell's text and list as they were")
  func editedMarkers() throws {
    let rtf = Self.header + "\\trowd\\cellx3000\\cellx6000\n" + Self.cell("Milk", ls: 7)
      + Self.cell("Eggs", ls: 3) + "\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Self.read(rtf)
    #expect(body.plainText == "1.\tMilk\t•\tEggs\nEnd\n")
    for typed in ["7.\tMilk\t-\tEggs\nEnd\n", "Milk\t•\tEggs\nEnd\n", "1.\tMilk\tEggs\nEnd\n"] {
      #expect(body.applyingPlainText(typed) == body, "\(typed.debugDescription)")
    }
    let edited = body.applyingPlainText("1.\tOat milk\t•\tEggs\nEnd\n")
    #expect(edited.plainText == "1.\tOat milk\t•\tEggs\nEnd\n")
    #expect(edited.elements.first?.shownText == "Oat milk\tEggs")
    #expect(edited.paragraphs.map { TableCellMarkers.cellLists(of: $0) } == body.paragraphs.map { TableCellMarkers.cellLists(of: $0) })
  }

  @Test("a bookmark before a row's first cell (Word's heading rows) leaves the row a table: its cell shows its number, and an edit in it keeps the table and the bookmark")
  func bookmarkBeforeTheFirstCell() throws {
    // rtf.js's wmf-and-emf file numbers its headings in one-cell tables, and puts a
    // heading's bookmark, inside a group that began before the previous \par, ahead
    // of the row's first cell: that row was read as plain text, without its number,
    // and an edit in it lost the table.
    let rtf = Self.header + "\\trowd\\cellx3000\n" + Self.cell("Introduction", ls: 7) + "\\row\n"
      + "{\\pard\\plain\\f0 Text\n\\par \\ltrrow{\\*\\bkmkstart Scope}{\\listtext\\pard\\plain\\intbl 2\\tab}}"
      + Self.cell("Scope of work", ls: 7) + "\\trowd\\cellx3000\\row\n\\pard\\plain\\f0 End\\par\n}"
    let body = try Self.read(rtf)
    let shown = "1.\tIntroduction\nText\n2.\tScope of work\nEnd\n"
    #expect(body.plainText == shown)
    #expect(body.elements.filter { $0.kind == .table }.count == 2)
    #expect(body.elements.contains { $0.kind == .bookmark })
    #expect(body.applyingPlainText(shown) == body)
    let replaced = shown.replacingOccurrences(of: "Scope", with: "Range")
    let edited = body.applyingPlainText(replaced)
    #expect(edited.plainText == replaced)
    for (path, written) in [("splice", RTFWriter().write(edited)), ("whole", RTFWriter().write(edited.forgettingSource()))] {
      let reread = try RTFReader().read(written).text
      #expect(reread.plainText == replaced, "\(path)")
      #expect(reread.elements.filter { $0.kind == .table }.count == 2, "\(path)")
      #expect(String(decoding: written, as: UTF8.self).contains("\\bkmkstart Scope"), "\(path)")
    }
  }

  /// A random body: plain paragraphs, items of the three overrides at two levels,
  /// and tables of one to three rows of one to three cells, each of one or two
  /// paragraphs that are items or not; each word is numbered ("w1", "w2"…).
  static func randomBody(_ random: inout SplitMix64) -> (rtf: String, words: Int) {
    var rtf = header
    var word = 0
    func text() -> String {
      word += 1
      return "w\(word)"
    }
    for _ in 0..<random.int(in: 1...8) {
      switch random.int(in: 0...2) {
      case 0: rtf += "\\pard\\plain\\f0 \(text())\\par\n"
      case 1: rtf += item(text(), ls: random.element([3, 7, 9]), level: random.int(in: 0...1))
      default:
        let columns = random.int(in: 1...3)
        for _ in 0..<random.int(in: 1...3) {
          rtf += "\\trowd" + (1...columns).map { "\\cellx\($0 * 2000)" }.joined() + "\n"
          for _ in 0..<columns {
            let paragraphs = random.int(in: 1...2)
            for paragraph in 0..<paragraphs {
              let ls: Int? = random.chance(70) ? random.element([3, 7, 9]) : nil
              // Two words: replacing a whole table's text is replacing the table.
              rtf += cell(text() + " x", ls: ls, level: random.int(in: 0...1), end: paragraph + 1 < paragraphs ? "\\par" : "\\cell")
            }
          }
          rtf += "\\row\n"
        }
      }
    }
    return (rtf + "\\pard\\plain\\f0 end\\par\n}", word)
  }

  @Test("random bodies with lists in cells: show's text applied back changes nothing; a word edited in a cell keeps every list")
  func randomBodies() throws {
    let seed = TestSeed.make(for: "TableCellListTests")
    var random = SplitMix64(seed: seed)
    for index in 0..<300 {
      let (rtf, words) = Self.randomBody(&random)
      let body = try Self.read(rtf)
      let shown = body.plainText
      #expect(body.applyingPlainText(shown) == body, "seed \(seed), body \(index)")
      let whole = try RTFReader().read(RTFWriter().write(body.forgettingSource())).text
      #expect(whole.plainText == shown, "seed \(seed), body \(index): written whole")
      // A one-word edit of a random word (in a cell or not).
      let target = "w\(random.int(in: 1...max(1, words)))"
      guard let range = shown.range(of: target + "\t") ?? shown.range(of: target + "\n") ?? shown.range(of: target)
      else { continue }
      let replaced = shown.replacingCharacters(in: range, with: shown[range].replacingOccurrences(of: target, with: "edited"))
      let edited = body.applyingPlainText(replaced)
      #expect(edited.plainText == replaced, "seed \(seed), body \(index): \(target)")
      for (path, written) in [("splice", RTFWriter().write(edited)), ("whole", RTFWriter().write(edited.forgettingSource()))] {
        let reread = try RTFReader().read(written).text
        #expect(reread.plainText == replaced, "seed \(seed), body \(index): \(target), \(path)")
      }
    }
  }
}
