import Foundation
import NoteStore

enum BlameCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "blame", abstract: "Show who last changed each paragraph of a note.",
    discussion: """
      Each paragraph of the current text with the commit, device, author and date of \
      the change that last touched it (text or formatting). Follows renames and \
      merges: after two devices edited different paragraphs, each names its own device.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [OptionSpec(long: "json", help: "Print [{paragraph, text, commit, device, author, date}].")],
    examples: ["notes blame Shopping", "notes blame Shopping --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let paragraphs = try store.blame(note)
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(paragraphs) + "\n")
      return
    }
    let table = TableFormatter(columns: [.init("COMMIT"), .init("DEVICE"), .init("AUTHOR"), .init("DATE"), .init("TEXT")])
    context.out(
      table.render(
        paragraphs.map {
          [String($0.commit.prefix(8)), $0.device, $0.author, context.displayDate($0.date), $0.text]
        }))
  }
}
