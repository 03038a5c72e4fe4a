import Foundation
import NoteStore

enum VersionsCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "versions", abstract: "List every version of a note, newest first.",
    discussion: "Every committed change of the note and its unresolved conflict versions. Show one with `notes show NOTE --version ID`.",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [OptionSpec(long: "json", help: "Print [{id, device, modified, commit, current, conflict, deleted}].")],
    examples: ["notes versions Shopping", "notes versions Shopping --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let versions = try store.versions(of: note)
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(versions) + "\n")
      return
    }
    let table = TableFormatter(columns: [.init("VERSION"), .init("DEVICE"), .init("MODIFIED"), .init("STATE")])
    context.out(
      table.render(
        versions.map { version in
          let state = version.isCurrent ? "current" : version.isConflict ? "conflict" : version.isDeletion ? "deleted" : ""
          return [version.id, version.device, context.displayDate(version.modificationDate), state]
        }))
  }
}
