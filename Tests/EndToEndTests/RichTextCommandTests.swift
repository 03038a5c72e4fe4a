import Foundation
import Testing

/// Rich text imported from Cocoa, Word and LibreOffice, edited through the real `notes`
/// binary as a user would (`show`, change the text, `write`): what the edit does not
/// touch stays, writing the same text commits nothing, and deleting a table says so.
@Suite("Rich text through the notes binary")
struct RichTextCommandTests {
  /// The reader's corpus (`Tests/RichTextTests/Corpus`).
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("RichTextTests/Corpus")

  /// A store holding corpus file `file` as note `name`.
  private func store(with file: String, as name: String) throws -> (Sandbox, String) {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let path = Self.corpus.appendingPathComponent(file + ".rtf").path
    let imported = sandbox.notes("-C", store, "new", name, "--rtf-file", path)
    try #require(imported.status == 0, "\(file): \(imported.stderr)")
    return (sandbox, store)
  }

  @Test("writing back what show printed commits nothing and keeps the file's bytes", arguments: [
    "word-table", "cocoa-table", "lo-table", "word-nested-table", "cocoa-lists", "word-lists-continued",
    "word-list-override-startat", "word-legacy-pn", "word-headers-footnotes", "word-bin-picture",
    "word-shppict-object", "word-fields-stylesheet", "cocoa-links", "wordpad-basic",
  ])
  func unchangedShow(_ file: String) throws {
    let (sandbox, store) = try store(with: file, as: "Shopping")
    let original = sandbox.notes("-C", store, "show", "Shopping", "--rtf").stdoutData
    let head = sandbox.head(store)
    let shown = sandbox.notes("-C", store, "show", "Shopping").stdout
    let written = sandbox.notes("-C", store, "write", "Shopping", input: shown)
    #expect(written.status == 0, "\(file)")
    #expect(written.stderr == "Shopping is unchanged\n", "\(file)")
    #expect(sandbox.head(store) == head, "\(file)")
    #expect(sandbox.notes("-C", store, "show", "Shopping", "--rtf").stdoutData == original, "\(file)")
  }

  @Test("deleting all of a table's text deletes the table and says so on stderr")
  func deletedTable() throws {
    let (sandbox, store) = try store(with: "word-table", as: "Parts")
    let result = sandbox.notes("-C", store, "write", "Parts", "--text", "Before the table.\nAfter the table.\n")
    #expect(result.status == 0)
    #expect(result.stderr == "notes: warning: Parts: 1 table was deleted with all of its text\nSaved Parts\n")
    #expect(sandbox.notes("-C", store, "show", "Parts").stdout == "Before the table.\nAfter the table.\n")
    #expect(!sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout.contains("\\trowd"))
  }

  @Test("deleting a table's row deletes that row, and a line typed between rows adds one; the table stays, with no warning")
  func rowDeletedAndTyped() throws {
    let (sandbox, store) = try store(with: "word-table", as: "Parts")
    let shown = sandbox.notes("-C", store, "show", "Parts").stdout
    let edited = shown.replacingOccurrences(of: "Nuts\t\ttwo sizes\n", with: "")
      .replacingOccurrences(of: "Bolts\t40\t\n", with: "Bolts\t40\t\nScrews\t300\tsmall\n")
    #expect(edited != shown)
    let result = sandbox.notes("-C", store, "write", "Parts", input: edited)
    #expect(result.status == 0)
    #expect(result.stderr == "Saved Parts\n")
    #expect(sandbox.notes("-C", store, "show", "Parts").stdout == edited)
    let rtf = sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout
    #expect(rtf.components(separatedBy: "\\row").count - 1 == 4)
    #expect(rtf.contains("Screws\\cell") && !rtf.contains("Nuts"))
  }

  @Test("deleting one cell from every line of a table deletes that column, and typing one on every line adds one, with no warning")
  func columnDeleted() throws {
    let (sandbox, store) = try store(with: "lo-table", as: "Tools")
    let shown = sandbox.notes("-C", store, "show", "Tools").stdout
    let edited = shown.replacingOccurrences(of: "\tPlace\n", with: "\n").replacingOccurrences(of: "\tShed\n", with: "\n")
      .replacingOccurrences(of: "\tGarage\n", with: "\n")
    #expect(edited != shown)
    let result = sandbox.notes("-C", store, "write", "Tools", input: edited)
    #expect(result.status == 0)
    #expect(result.stderr == "Saved Tools\n")
    #expect(sandbox.notes("-C", store, "show", "Tools").stdout == edited)
    let rtf = sandbox.notes("-C", store, "show", "Tools", "--rtf").stdout
    #expect(rtf.components(separatedBy: "\\cellx").count - 1 == 6)
    #expect(!rtf.contains("Garage") && rtf.contains("Hammer"))
    // A column typed back at the end of every line.
    let typed = edited.replacingOccurrences(of: "Item\tCount\n", with: "Item\tCount\tShelf\n")
      .replacingOccurrences(of: "Hammer\t2\n", with: "Hammer\t2\tA1\n").replacingOccurrences(of: "Saw\t1\n", with: "Saw\t1\tB4\n")
    let added = sandbox.notes("-C", store, "write", "Tools", input: typed)
    #expect(added.stderr == "Saved Tools\n")
    #expect(sandbox.notes("-C", store, "show", "Tools").stdout == typed)
    #expect(sandbox.notes("-C", store, "show", "Tools", "--rtf").stdout.components(separatedBy: "\\cellx").count - 1 == 9)
  }

  @Test("a tab deleted on one row's line joins two of its cells, and one typed adds a cell to that row alone; the table stays, with no warning")
  func oneRowCells() throws {
    let (sandbox, store) = try store(with: "lo-table", as: "Tools")
    let shown = sandbox.notes("-C", store, "show", "Tools").stdout
    let joined = shown.replacingOccurrences(of: "Hammer\t2\tShed\n", with: "Hammer\t2 Shed\n")
    #expect(joined != shown)
    let result = sandbox.notes("-C", store, "write", "Tools", input: joined)
    #expect(result.status == 0)
    #expect(result.stderr == "Saved Tools\n")
    #expect(sandbox.notes("-C", store, "show", "Tools").stdout == joined)
    var rtf = sandbox.notes("-C", store, "show", "Tools", "--rtf").stdout
    #expect(rtf.contains("\\trowd") && rtf.components(separatedBy: "\\cellx").count - 1 == 8)
    let split = joined.replacingOccurrences(of: "Saw\t1\tGarage\n", with: "Saw\t1\tGarage\twall\n")
    #expect(sandbox.notes("-C", store, "write", "Tools", input: split).stderr == "Saved Tools\n")
    #expect(sandbox.notes("-C", store, "show", "Tools").stdout == split)
    rtf = sandbox.notes("-C", store, "show", "Tools", "--rtf").stdout
    #expect(rtf.components(separatedBy: "\\cellx").count - 1 == 9)
  }

  @Test("a line typed with two cells fewer than the rows beside it makes the table plain text, keeps its cells' text and says so on stderr")
  func otherCellCountFlattens() throws {
    let (sandbox, store) = try store(with: "word-table", as: "Parts")
    let shown = sandbox.notes("-C", store, "show", "Parts").stdout
    let edited = shown.replacingOccurrences(of: "Bolts\t40\t\n", with: "Bolts\t40\t\nScrews\n")
    #expect(edited != shown)
    let result = sandbox.notes("-C", store, "write", "Parts", input: edited)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "notes: warning: Parts: 1 table is plain text now, its cells tab-separated: the edit typed a line with "
        + "two cells more or fewer than its row or the rows beside it, moved a paragraph of a cell into another cell, "
        + "or added or removed part of a row, which a table cannot take from plain text\nSaved Parts\n")
    #expect(sandbox.notes("-C", store, "show", "Parts").stdout == edited)
    #expect(!sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout.contains("\\trowd"))
  }

  @Test("editing a cell's text edits that cell, keeps the table and warns of nothing")
  func editedCell() throws {
    let (sandbox, store) = try store(with: "word-table", as: "Parts")
    let before = sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout
    let shown = sandbox.notes("-C", store, "show", "Parts").stdout
    let result = sandbox.notes(
      "-C", store, "write", "Parts", input: shown.replacingOccurrences(of: "Bolts", with: "Screws"))
    #expect(result.status == 0)
    #expect(result.stderr == "Saved Parts\n")
    #expect(sandbox.notes("-C", store, "show", "Parts").stdout == shown.replacingOccurrences(of: "Bolts", with: "Screws"))
    let after = sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout
    #expect(after.components(separatedBy: "\\cell").count == before.components(separatedBy: "\\cell").count)
    #expect(after.components(separatedBy: "\\row").count == before.components(separatedBy: "\\row").count)
    #expect(after.contains("\\clbrdrt\\brdrs\\brdrw10"))
  }

  @Test("a cell's second paragraph edited, and a cell typed after it on its row's last line, keep the table as typed")
  func severalLineRow() throws {
    let (sandbox, store) = try store(with: "word-table", as: "Parts")
    let shown = sandbox.notes("-C", store, "show", "Parts").stdout
    #expect(shown.contains("Washers\t12\tfirst line\nsecond line\n"))
    for edited in [
      shown.replacingOccurrences(of: "second line", with: "second lime"),
      shown.replacingOccurrences(of: "second line\n", with: "second line\tSize\n"),
    ] {
      let result = sandbox.notes("-C", store, "write", "Parts", input: edited)
      #expect(result.status == 0)
      #expect(result.stderr == "Saved Parts\n")
      #expect(sandbox.notes("-C", store, "show", "Parts").stdout == edited)
      #expect(sandbox.notes("-C", store, "show", "Parts", "--rtf").stdout.contains("\\trowd"))
      #expect(sandbox.notes("-C", store, "write", "Parts", input: shown).status == 0)
    }
  }

  @Test("a one-word edit of a Word list keeps its numbers, a list starting at c) included")
  func listNumbers() throws {
    let (sandbox, store) = try store(with: "word-list-override-startat", as: "Agenda")
    let shown = sandbox.notes("-C", store, "show", "Agenda").stdout
    #expect(shown.contains("3.\tBudget\n") && shown.contains("c)\tLettered from c\n"))
    let edited = shown.replacingOccurrences(of: "Budget", with: "Costs")
    #expect(sandbox.notes("-C", store, "write", "Agenda", input: edited).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Agenda").stdout == edited)
    #expect(sandbox.notes("-C", store, "show", "Agenda", "--rtf").stdout.contains("\\levelstartat3"))
  }

  @Test("hidden text is never shown and stays in the file through an edit elsewhere")
  func hiddenText() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let rtf = #"{\rtf1\ansi{\fonttbl\f0 Arial;}\f0 Visible {\v secret}text\par Second line}"#
    #expect(sandbox.notes("-C", store, "new", "Hidden", "--rtf-file", try sandbox.writeFile("h.rtf", rtf)).status == 0)
    #expect(sandbox.notes("-C", store, "show", "Hidden").stdout == "Visible text\nSecond line\n")
    #expect(sandbox.notes("-C", store, "write", "Hidden", "--text", "Visible text\nSecond edited line").status == 0)
    #expect(sandbox.notes("-C", store, "show", "Hidden").stdout == "Visible text\nSecond edited line\n")
    #expect(sandbox.notes("-C", store, "show", "Hidden", "--rtf").stdout.contains(#"{\v secret}"#))
  }
}
