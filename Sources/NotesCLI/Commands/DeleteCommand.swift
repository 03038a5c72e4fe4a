import NoteStore

enum DeleteCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "delete", aliases: ["rm"], abstract: "Delete a note (its history stays).",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "dry-run", short: "n", help: "Say which note would be deleted, and delete nothing."),
      JSONFlag.option,
    ],
    examples: ["notes delete Groceries", "notes delete Gro --dry-run"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let dryRun = arguments.flag("dry-run")
    if !dryRun { try store.deleteNote(note) }
    if arguments.flag("json") {
      try context.outJSON(DeletedNote(name: note.name, path: note.path, deleted: !dryRun))
      return
    }
    if dryRun {
      context.out("Would delete \(note.name)\n")
      return
    }
    context.say("Deleted \(note.name)\n")
  }
}
