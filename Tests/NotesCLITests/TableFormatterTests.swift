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
}
