import Foundation
import Testing

@testable import RichText

/// Tables, pictures, footnotes and hidden text are elements of the body: one U+FFFC
/// each, shown as their text (or nothing), kept through plain-text edits and
/// written back as they were read.
@Suite("Elements: tables, pictures, footnotes, hidden text")
struct ElementTests {
  static let table = """
    {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
    \\pard\\f0 Before the table.\\par
    \\trowd\\trgaph108\\cellx2000\\cellx4000
    \\pard\\intbl {\\b Name}\\cell Price\\cell\\row
    \\trowd\\trgaph108\\cellx2000\\cellx4000
    \\pard\\intbl Bolts\\cell 3\\cell\\row
    \\pard After the table.\\par
    }
    """

  static let picture = """
    {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
    \\pard\\f0 Logo: {\\*\\shppict{\\pict\\pngblip\\picw1\\pich1 89504e470d0a1a0a}}{\\nonshppict{\\pict\\wmetafile8 0100}} after logo.\\par
    Second line with {\\v a secret} and a note.\\chftn{\\footnote\\pard {\\super\\chftn} The note.}\\par
    }
    """

  private func body(_ rtf: String) throws -> AttributedText {
    try RTFReader().read(Array(rtf.utf8)).text
  }

  @Test("a table is one element: its cells tab-separated, a row per line")
  func tableIsOneElement() throws {
    let text = try body(Self.table)
    #expect(text.plainText == "Before the table.\nName\tPrice\nBolts\t3\nAfter the table.\n")
    let tables = text.elements.filter { $0.kind == .table }
    #expect(tables.count == 1)
    #expect(tables.first?.tableRows == [["Name", "Price"], ["Bolts", "3"]])
    #expect(text.paragraphs.count == 4)
  }

  @Test("editing a cell's text edits that cell and keeps the table")
  func editingACell() throws {
    let text = try body(Self.table)
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "Bolts", with: "Nuts"))
    let table = try #require(edited.elements.first { $0.kind == .table })
    #expect(table.tableRows == [["Name", "Price"], ["Nuts", "3"]])
    let written = RTFWriter().write(edited)
    let reread = try RTFReader().read(written).text
    #expect(reread.plainText == edited.plainText)
    #expect(reread.elements.first { $0.kind == .table }?.tableRows == [["Name", "Price"], ["Nuts", "3"]])
    let rtf = String(decoding: written, as: UTF8.self)
    #expect(rtf.contains("\\trowd\\trgaph108\\cellx2000\\cellx4000"))
    #expect(rtf.contains("{\\b Name}"), "the untouched cell keeps its formatting")
  }

  @Test("deleting all of a table's text deletes the table")
  func deletingATable() throws {
    let text = try body(Self.table)
    let edited = text.applyingPlainText("Before the table.\nAfter the table.\n")
    #expect(edited.elements.isEmpty)
    #expect(edited.plainText == "Before the table.\nAfter the table.\n")
    let reread = try RTFReader().read(RTFWriter().write(edited)).text
    #expect(!String(decoding: RTFWriter().write(reread), as: UTF8.self).contains("\\trowd"))
  }

  @Test("a picture shows nothing, keeps its bytes and stays beside the words around it")
  func pictureKept() throws {
    let text = try body(Self.picture)
    #expect(text.plainText.hasPrefix("Logo:  after logo.\n"))
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "Logo", with: "Zebra"))
    #expect(edited.elements == text.elements)
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(written.contains("{\\*\\shppict{\\pict\\pngblip\\picw1\\pich1 89504e470d0a1a0a}}"))
    #expect(written.contains("Zebra: {\\*\\shppict"))
    #expect(written.contains("{\\nonshppict{\\pict\\wmetafile8 0100}} after logo."))
  }

  @Test("hidden text is never shown but kept; a footnote shows its mark")
  func hiddenTextAndFootnotes() throws {
    let text = try body(Self.picture)
    let lines = text.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1] == "Second line with  and a note.1")
    #expect(!text.plainText.contains("secret"))
    #expect(text.elements.map(\.kind) == [.picture, .picture, .hiddenText, .footnoteMark, .footnote])
    let edited = text.applyingPlainText(text.plainText.replacingOccurrences(of: "Second", with: "Other"))
    #expect(edited.elements == text.elements)
    let written = String(decoding: RTFWriter().write(edited), as: UTF8.self)
    #expect(written.contains("{\\v a secret}"))
    #expect(written.contains("\\chftn {\\footnote\\pard {\\super\\chftn} The note.}"))
    #expect(!(try RTFReader().read(Array(written.utf8)).text.plainText.contains("secret")))
  }

  @Test("a bookmark shows nothing and stays in the file, spliced or written whole, through an edit elsewhere")
  func bookmarkKept() throws {
    let rtf = """
      {\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}
      \\pard\\f0 See {\\*\\bkmkstart Budget}the budget{\\*\\bkmkend Budget} below.\\par
      Second line.\\par
      }
      """
    let text = try body(rtf)
    #expect(text.plainText == "See the budget below.\nSecond line.\n")
    let edited = text.applyingPlainText("See the budget below.\nSecond edited line.\n")
    #expect(edited.elements == text.elements)
    for written in [RTFWriter().write(edited), RTFWriter().write(edited.forgettingSource())] {
      let written = String(decoding: written, as: UTF8.self)
      #expect(written.contains("{\\*\\bkmkstart Budget}the budget{\\*\\bkmkend Budget}"))
      #expect(try RTFReader().read(Array(written.utf8)).text.plainText == edited.plainText)
    }
  }

  @Test("a concurrent change to the same table is a conflict, never a mangled table")
  func tableMergeConflict() throws {
    let base = try body(Self.table)
    let mine = base.applyingPlainText(base.plainText.replacingOccurrences(of: "Bolts", with: "Nuts"))
    let theirs = base.applyingPlainText(base.plainText.replacingOccurrences(of: "Price", with: "Cost"))
    let result = MergeFixture.merge(base, mine, theirs)
    #expect(!result.hunks.isEmpty)
    for table in result.text.elements where table.kind == .table {
      #expect([mine, theirs].contains { $0.elements.contains(table) }, "each table is one side's whole table")
    }
  }
}

/// Merges and plain-text round trips of generated bodies that hold tables, pictures
/// and lists.
@Suite("Elements in generated bodies")
struct ElementPropertyTests {
  static let seeds: [UInt64] = Array(1...60)

  static let elements: [RTFElement] = [
    RTFElement(kind: .picture, rtf: Array("{\\pict\\pngblip 89504e47}".utf8)),
    RTFElement(kind: .hiddenText, rtf: Array("{\\v hidden}".utf8)),
    RTFElement(kind: .footnoteMark, shownText: "1", rtf: Array("\\chftn ".utf8)),
    RTFElement(kind: .footnote, rtf: Array("{\\footnote note}".utf8)),
  ]

  static func table(_ random: inout SplitMix64) -> RTFElement {
    let rows = (0..<random.int(in: 1...3)).map { row in
      (0..<random.int(in: 1...3)).map { cell in "r\(row)c\(cell)" }
    }
    let rtf = rows.map { row in
      "\\trowd\\cellx1000\\pard\\intbl " + row.map { $0 + "\\cell " }.joined() + "\\row"
    }.joined(separator: "\n")
    return RTFElement(
      kind: .table, shownText: rows.map { $0.joined(separator: "\t") }.joined(separator: "\n"),
      rtf: Array(rtf.utf8))
  }

  /// A body of words, pictures, hidden text, footnotes, tables and list items.
  static func body(seed: UInt64) -> AttributedText {
    var random = SplitMix64(seed: seed)
    let words = ["Milk", "eggs", "bread", "and", "butter", "42", "café"]
    let bullet = ParagraphStyle(
      firstLineIndent: -720, leftIndent: 720, tabStops: [TabStop(position: 220), TabStop(position: 720)],
      list: ListMarker(format: random.chance(50) ? .disc : .decimal))
    var paragraphs: [Paragraph] = []
    for _ in 0..<random.int(in: 1...6) {
      if random.chance(20) {
        var attributes = CharacterAttributes()
        attributes.element = table(&random)
        paragraphs.append(Paragraph(runs: [TextRun(text: "\u{FFFC}", attributes: attributes)]))
        continue
      }
      var paragraph = Paragraph(style: random.chance(30) ? bullet : ParagraphStyle())
      for index in 0..<random.int(in: 1...5) {
        if index > 0 { paragraph.append(" ", attributes: CharacterAttributes()) }
        if random.chance(25) {
          var attributes = CharacterAttributes()
          attributes.element = random.element(elements)
          paragraph.append("\u{FFFC}", attributes: attributes)
        } else {
          paragraph.append(random.element(words), attributes: CharacterAttributes(isBold: random.chance(30)))
        }
      }
      paragraphs.append(paragraph)
    }
    return AttributedText(paragraphs: paragraphs)
  }

  @Test("applyingPlainText(plainText) gives the body back", arguments: seeds)
  func plainTextRoundTrip(_ seed: UInt64) {
    print("ElementPropertyTests seed \(seed)")
    let body = Self.body(seed: seed)
    #expect(body.applyingPlainText(body.plainText) == body, "seed \(seed)")
  }

  @Test("a word edit elsewhere keeps every element", arguments: seeds)
  func editKeepsElements(_ seed: UInt64) {
    print("ElementPropertyTests seed \(seed)")
    let body = Self.body(seed: seed)
    let text = body.plainText
    guard let range = text.range(of: "Milk") ?? text.range(of: "eggs") ?? text.range(of: "bread") else { return }
    let edited = body.applyingPlainText(text.replacingCharacters(in: range, with: "Zebra"))
    #expect(edited.elements == body.elements, "seed \(seed)")
  }

  @Test("merge identities hold and no element is duplicated", arguments: seeds)
  func mergeIdentities(_ seed: UInt64) {
    print("ElementPropertyTests seed \(seed)")
    let base = Self.body(seed: seed)
    let text = base.plainText
    // Lines of their own: words typed on a table's line go into its first or last
    // cell, and this test is about edits beside the elements.
    let mine = base.applyingPlainText("Start\n" + text)
    let theirs = base.applyingPlainText(text + "\nEnd")
    #expect(MergeFixture.merge(base, base, base).text == base, "seed \(seed)")
    #expect(MergeFixture.merge(base, mine, base).text == mine, "seed \(seed)")
    #expect(MergeFixture.merge(base, base, theirs).text == theirs, "seed \(seed)")
    #expect(MergeFixture.merge(base, mine, mine).text == mine, "seed \(seed)")
    let merged = MergeFixture.merge(base, mine, theirs)
    if merged.hunks.isEmpty {
      #expect(merged.text.elements == base.elements, "seed \(seed): elements kept once each")
    }
  }
}
