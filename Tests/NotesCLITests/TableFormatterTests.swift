import NotesCLI
import Testing

@Suite("Tables")
struct TableFormatterTests {
  let table = TableFormatter(columns: [
    .init("NAME"), .init("SIZE", alignment: .right), .init("MODIFIED"),
  ])

  @Test("columns line up, right-aligned ones on the right, without trailing spaces")
  func alignment() {
    let text = table.render([["shopping", "12 KB", "today"], ["todo", "1 KB", ""]])
    #expect(
      text == """
        NAME       SIZE  MODIFIED
        shopping  12 KB  today
        todo       1 KB

        """)
  }

  @Test("no rows give no output, not even a header")
  func empty() {
    #expect(table.render([]) == "")
  }

  @Test("missing cells are blank and extra cells are ignored")
  func raggedRows() {
    let two = TableFormatter(columns: [.init("A"), .init("B")], showsHeader: false)
    #expect(two.render([["x"], ["y", "z", "extra"]]) == "x\ny  z\n")
  }

  @Test("lines longer than maxWidth are cut with an ellipsis")
  func maxWidth() {
    let narrow = TableFormatter(
      columns: [.init("NAME"), .init("TITLE")], showsHeader: false, maxWidth: 10)
    #expect(narrow.render([["a", "a very long title"]]) == "a  a very…\n")
  }

  @Test("the header is bold only when the terminal allows colour")
  func boldHeader() {
    let one = TableFormatter(columns: [.init("NAME")])
    #expect(
      one.render([["x"]], terminal: Terminal(useColor: true)) == "\u{1B}[1mNAME\u{1B}[0m\nx\n")
    #expect(one.render([["x"]], terminal: Terminal()) == "NAME\nx\n")
  }

  @Test("non-ASCII cells are as wide as their characters, not their bytes")
  func characterWidths() {
    let two = TableFormatter(columns: [.init("NAME"), .init("N", alignment: .right)])
    let text = two.render([["名前", "1"], ["école", "22"], ["e\u{301}cole", "3"]])
    #expect(text == "NAME    N\n名前      1\nécole  22\ne\u{301}cole   3\n")
  }

  @Test("a control character is shown escaped, and the escape is what counts towards the width")
  func escapedCells() {
    let two = TableFormatter(columns: [.init("A"), .init("B")])
    #expect(two.render([["a\u{1B}b", "x"], ["c", "\u{202E}"]]) == "A       B\na\\x1bb  x\nc       \\u{202e}\n")
  }

  @Test("a tint dresses non-empty cells after layout, the escaped text included, never the header")
  func tint() {
    let two = TableFormatter(columns: [.init("NAME"), .init("N", alignment: .right)])
    let text = two.render([["ab", "1"], ["c", ""], ["d\u{7}", "2"]]) { _, cell in "[" + cell + "]" }
    #expect(text == "NAME   N\n[ab]     [1]\n[c]\n[d\\x07]  [2]\n")
  }

  @Test("cells given in one array make the same table as rows, a short last row padded")
  func flatCells() {
    let two = TableFormatter(columns: [.init("A"), .init("B")], showsHeader: false)
    #expect(two.renderUTF8(cells: ["x", "y", "z"]) == Array("x  y\nz\n".utf8))
    #expect(table.renderUTF8(cells: []) == [])
    let rows = [["shopping", "12 KB", "today"], ["todo", "1 KB", ""]]
    #expect(table.renderUTF8(cells: rows.flatMap { $0 }) == Array(table.render(rows).utf8))
  }
}
