import NoteStore

enum DetachCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "detach", abstract: "Remove an attachment from a note (its history stays).",
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "name", help: "The attachment's name."),
    ],
    options: [JSONFlag.option],
    examples: ["notes detach Shopping receipt.jpg"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let name = arguments.argument("name") ?? ""
    try store.detach(name, from: note)
    if arguments.flag("json") {
      try context.outJSON(["note": note.name, "attachment": name])
      return
    }
    context.say("Detached \(name) from \(note.name)\n")
  }
}
