import Foundation
import Testing

@testable import RichText

/// List numbers go on across items as Word, LibreOffice and Cocoa number them: an
/// item after a plain paragraph, or under another `\ls` of the same `\listid`, takes
/// the next number; a list of another `\listid` starts at 1; a nested level starts
/// again under each item of its parent. The numbers stay through a one-word edit,
/// whether the body is spliced into its file or written whole.
@Suite("List numbering across items")
struct ListNumberingTests {
  struct Case: Sendable, CustomStringConvertible {
    var file: String
    var shown: String
    /// A word of an item and its replacement.
    var edit: (String, String)
    var description: String { file }
  }

  static let cases = [
    Case(
      file: "word-lists-continued",
      shown: """
        Steps:
        1.\tOpen the door
        2.\tWalk in
        \ta.\tMind the step
        \tb.\tWipe your feet
        A plain paragraph between the items.
        3.\tClose the door
        \ta.\tQuietly
        4.\tAnother override of the same list
        1.\tA list of its own
        2.\tIts second item
        5.\tBack in the first list
        Done.
        """,
      edit: ("Walk", "Run")),
    // LibreOffice 7 numbers on across `\listoverridestartat` overrides of one `\listid`
    // (Word would start again at 5 and at 1); the numbers are LibreOffice's. Checked
    // again with LibreOffice 7.4.7.2: no restart with `\levelstartat` in `\lfolevel`,
    // with `\listoverrideformat`, with a whole `\listlevel` in the `\lfolevel`, or with
    // all nine `\lfolevel`s (`ListMarkersLibreOfficeTests` compares this file with it).
    Case(
      file: "word-list-override-startat",
      shown: """
        Agenda:
        1.\tWelcome
        2.\tMinutes
        A break.
        3.\tBudget
        4.\tPlans
        5.\tQuestions
        c)\tLettered from c
        d)\tAnd d
        End.

        """,
      edit: ("Budget", "Costs")),
    Case(
      file: "word-legacy-pn-ls",
      shown: """
        Numbered by pn, but with an ls no table defines:
        First
        Second
        Bullets by pn alone:
        •\tApples
        •\tPears

        """,
      edit: ("Pears", "Plums")),
    // `\levelstartat7`: the numbers LibreOffice shows, kept through a rewrite (the issue
    // saw "7." become "1." after an edit).
    Case(
      file: "cocoa-list-start-at-7",
      shown: """
        Chapter two goes on from item six:
        7.\tSeventh step
        8.\tEighth step
        9.\tNinth step
        10.\tTenth step
        The end.
        """,
      edit: ("Ninth", "Last but one")),
    // Legacy `\pn` text before and after the number (`\pntxtb`, `\pntxta`), and none:
    // as LibreOffice and pandoc show them.
    Case(
      file: "word-legacy-pn-text",
      shown: """
        Recipe, Word 6 numbering with text around the number:
        (4)\tMix the flour
        (5)\tBake for an hour
        (6)\tServe
        Enjoy.

        """,
      edit: ("Bake", "Roast")),
    Case(
      file: "word-legacy-pn-bare",
      shown: "Word 6 numbers with no text after them:\n1\tAlpha\n2\tBeta\nDone.\n",
      edit: ("Beta", "Gamma")),
    // List items in table cells: LibreOffice shows their markers (each cell on a line
    // of its own) and numbers the list on through the cells and around the table;
    // `plainText` puts a cell's marker at the start of its cell.
    Case(
      file: "word-list-in-table",
      shown: """
        Plan for the week:
        1.\tTidy up
        The table goes on with the list:
        2.\tShop
        \ta)\tBread
        3.\tCook\t•\tMonday
        4.\tWash\tTuesday
        After the table:
        5.\tRest
        Done.

        """,
      edit: ("Cook", "Bake")),
    // LibreOffice's own file: each `<ol>`/`<ul>` of a cell is a list of its own.
    Case(
      file: "lo-list-in-table",
      shown: """
        Before the table
        1.\tOne
        2.\tTwo\t•\tApple
        •\tPear
        1.\tThree
        2.\tFour\tPlain
        1.\tAfter
        End

        """,
      edit: ("Pear", "Plum")),
    Case(
      file: "cocoa-lists-continued",
      shown: "Shopping\n1.\tMilk\n2.\tBread\nThen, after lunch:\n3.\tCheese\n4.\tApples",
      edit: ("Cheese", "Butter")),
  ]

  @Test("plainText numbers items on across interruptions and other lists", arguments: cases)
  func shown(_ testCase: Case) throws {
    let body = try RTFReader().read(try Corpus.rtf(testCase.file)).text
    #expect(body.plainText == testCase.shown)
    #expect(body.applyingPlainText(body.plainText) == body)
  }

  @Test("a one-word edit keeps every number, spliced or written whole", arguments: cases)
  func edited(_ testCase: Case) throws {
    let body = try RTFReader().read(try Corpus.rtf(testCase.file)).text
    let expected = testCase.shown.replacingOccurrences(of: testCase.edit.0, with: testCase.edit.1)
    let edited = body.applyingPlainText(expected)
    #expect(edited.plainText == expected)
    for (path, written) in [
      ("splice", RTFWriter().write(edited)), ("whole", RTFWriter().write(edited.forgettingSource())),
    ] {
      let reread = try RTFReader().read(written).text
      #expect(reread.plainText == expected, "\(path)")
      let cellLists = { (body: AttributedText) in body.paragraphs.map { TableCellMarkers.cellLists(of: $0) } }
      if path == "whole" && cellLists(edited).contains(where: { $0 != nil }) {
        // Written whole, a table's RTF gets the new font, colour and list numbers:
        // the styles and the cells' lists are what must stay.
        #expect(reread.paragraphs.map(\.style) == edited.paragraphs.map(\.style), "\(path)")
        #expect(cellLists(reread) == cellLists(edited), "\(path)")
      } else {
        #expect(
          reread.paragraphs == edited.paragraphs,
          "\(path): \(RoundTripPropertyTests.firstDifference(AttributedText(paragraphs: edited.paragraphs), AttributedText(paragraphs: reread.paragraphs)))")
      }
    }
  }

  @Test("a list's identity is kept only where block numbering would differ")
  func canonicalIdentities() throws {
    let cocoa = try RTFReader().read(try Corpus.rtf("cocoa-lists")).text
    #expect(cocoa.paragraphs.allSatisfy { $0.style.list?.listID == nil })
    let word = try RTFReader().read(try Corpus.rtf("word-lists-continued")).text
    let ids = word.paragraphs.compactMap { $0.style.list }.map(\.listID)
    #expect(ids == [0, 0, 0, 0, 0, 0, 0, 1, 1, 0])
  }
}
