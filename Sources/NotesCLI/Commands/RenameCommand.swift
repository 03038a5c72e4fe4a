import NoteStore

enum RenameCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "rename", aliases: ["mv"], abstract: "Rename a note.",
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "new-name", help: "The new name (in the same folder)."),
    ],
    options: [JSONFlag.option],
    examples: ["notes rename Shopping Groceries"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let renamed = try store.renameNote(note, to: arguments.argument("new-name") ?? "")
    if arguments.flag("json") {
      try context.outJSON(["from": note.name, "name": renamed.name, "path": renamed.path])
      return
    }
    context.say("Renamed \(note.name) to \(renamed.name)\n")
  }
}
