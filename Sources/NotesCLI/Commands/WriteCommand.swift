import NoteStore
import RichText

enum WriteCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "write", abstract: "Replace a note's text, keeping the formatting of untouched words.",
    discussion: """
      The new text comes from --text, --file, --rtf-file or standard input. Plain text \
      is laid over the existing formatting by a word diff: untouched words keep their \
      formatting, inserted words take the formatting of the word before them. Nothing \
      is committed when nothing changed.

      A table shows a row per line, its cells separated by tabs (as `notes show` \
      prints it). Editing a cell's text edits that cell; deleting a row's line deletes \
      the row; a line typed after a row with as many tab-separated cells, or one more \
      or fewer, adds a row like it with the cells typed; the same cell deleted from \
      every line deletes its column, and a cell typed at the same place of every line \
      adds one. A tab deleted or typed on a row's line deletes or adds a cell in that \
      row alone: a deleted tab joins the two cells' text in the left one (in a row of \
      several lines, a cell of several paragraphs, the cell must be one line). A line \
      with two cells more or fewer than its row or the rows beside it, or a tab that \
      would move a paragraph of a cell into another cell, makes the table plain text, \
      and the command says so.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: BodyInput.options + [JSONFlag.option],
    examples: ["notes write Shopping --text 'Milk, eggs and bread'", "notes show Shopping | sed s/Milk/Oat milk/ | notes write Shopping"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let content = try BodyInput.content(arguments, context: context)
    guard let content else {
      throw CommandFailure(message: "no text given: use --text, --file, --rtf-file or pipe text in", exitCode: 2)
    }
    if case .plainText(let text) = content, text.isEmpty, arguments.value("text") == nil, arguments.value("file") == nil {
      throw CommandFailure(message: "standard input was empty; to empty the note use --text ''", exitCode: 1)
    }
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let tablesBefore = tables(content, store: store, note: note)
    let changed = try store.writeBody(of: note, content: content)
    if changed, let before = tablesBefore {
      let loss = LostTables(before: before, after: try store.body(of: note))
      if loss.deleted > 0 {
        let count = loss.deleted
        context.warn("\(note.name): \(count) \(count == 1 ? "table was" : "tables were") deleted with all of \(count == 1 ? "its" : "their") text")
      }
      if loss.madePlain > 0 {
        let count = loss.madePlain
        context.warn(
          "\(note.name): \(count) \(count == 1 ? "table is" : "tables are") plain text now, \(count == 1 ? "its" : "their") cells tab-separated: "
            + "the edit typed a line with two cells more or fewer than its row or the rows beside it, "
            + "moved a paragraph of a cell into another cell, or added or removed part of a row, "
            + "which a table cannot take from plain text")
      }
    }
    if arguments.flag("json") {
      try context.outJSON(ChangedNote(name: note.name, path: note.path, changed: changed))
    } else if changed {
      context.say("Saved \(note.name)\n")
    } else {
      context.say("\(note.name) is unchanged\n")
    }
  }

  /// The tables in the note's body before a plain-text write (nil for other writes, or
  /// none): a write that loses one says how.
  private static func tables(_ content: NoteContent, store: Store, note: NotePath) -> [RTFElement]? {
    guard case .plainText = content else { return nil }
    // A body that cannot be read is the write's own error to report, with its advice.
    guard let body = try? store.body(of: note) else { return nil }
    let tables = body.elements.filter { $0.kind == .table }
    return tables.isEmpty ? nil : tables
  }
}
