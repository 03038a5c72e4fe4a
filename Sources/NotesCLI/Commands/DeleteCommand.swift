import NoteStore

enum DeleteCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "delete", aliases: ["rm"], abstract: "Delete a note (its history stays).",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [OptionSpec(long: "dry-run", short: "n", help: "Say which note would be deleted, and delete nothing.")],
    examples: ["notes delete Groceries", "notes delete Gro --dry-run"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if arguments.flag("dry-run") {
      context.out("Would delete \(note.name)\n")
      return
    }
    try store.deleteNote(note)
    context.say("Deleted \(note.name)\n")
  }
}
