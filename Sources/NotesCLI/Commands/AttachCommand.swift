import NoteStore

enum AttachCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "attach", abstract: "Attach files to a note.",
    discussion: """
      Copies each FILE into the note's Attachments folder, in one commit. Files are \
      streamed, so their size costs no memory. A file larger than notes.maxBlobSize \
      (100 MiB unless git config says otherwise), the largest file a device takes \
      from a sync, is refused: raise it on every device, and in the remote's hook, \
      first. A name that is taken gets a number ("photo 2.jpg"): nothing is \
      overwritten. Prints the names the files got.
      """,
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "file", help: "Files to attach.", isVariadic: true),
    ],
    options: [JSONFlag.option],
    examples: ["notes attach Shopping receipt.jpg", "notes attach Trip *.png"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let files = arguments.arguments("file")
    guard !files.isEmpty else { throw UsageError.missingArgument("file", commandPath: arguments.commandPath) }
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let names = try store.attach(files: files.map(context.absolute), to: note)
    if arguments.flag("json") {
      try context.outJSON(AttachedFiles(note: note.name, attachments: names))
      return
    }
    for name in names { context.out(name + "\n") }
  }
}
