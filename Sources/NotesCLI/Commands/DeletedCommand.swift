import Foundation
import NoteStore

enum DeletedCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "deleted", abstract: "List deleted notes.",
    discussion: "Each note that is gone from the store, with when, by which device and in which commit it was deleted. Bring one back with `notes restore --deleted NAME`.",
    options: [OptionSpec(long: "json", help: "Print [{note, date, device, commit, version}].")],
    examples: ["notes deleted", "notes deleted --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let deleted = try context.openStore().deletedNotes()
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(deleted) + "\n")
      return
    }
    if deleted.isEmpty {
      context.say("No deleted notes.\n")
      return
    }
    let table = TableFormatter(columns: [.init("NAME"), .init("DELETED"), .init("DEVICE"), .init("COMMIT"), .init("VERSION")])
    context.out(
      table.render(
        deleted.map { [$0.note, context.displayDate($0.date), $0.device, String($0.commit.prefix(8)), $0.version] }))
  }
}
