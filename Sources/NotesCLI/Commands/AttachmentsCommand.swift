import NoteStore

enum AttachmentsCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "attachments", abstract: "List a note's attachments.",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [OptionSpec(long: "json", help: "Print a JSON array of {name, size, type}.")],
    examples: ["notes attachments Shopping", "notes attachments Shopping --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let attachments = try store.attachments(of: note)
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(attachments) + "\n")
      return
    }
    if attachments.isEmpty {
      context.say("\(note.name) has no attachments\n")
      return
    }
    let table = TableFormatter(columns: [.init("NAME"), .init("SIZE", alignment: .right), .init("TYPE")])
    context.out(table.render(attachments.map { [$0.name, String($0.size), $0.type] }))
  }
}
