import NoteStore

enum NewCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "new", abstract: "Create a note.",
    discussion: """
      The body comes from --text, --file, --rtf-file or standard input when it is piped \
      (RTF when it starts with {\\rtf). Without a title the note is named after the first \
      line of its text, else "Note N". Prints the new note's name.
      """,
    arguments: [ArgumentSpec(name: "title", help: "The note's name.", isOptional: true)],
    options: BodyInput.options + [JSONFlag.option],
    examples: [
      "notes new Shopping --text 'Milk and eggs'", "echo 'Call Anna' | notes new",
      "notes new Letter --rtf-file letter.rtf",
    ],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let content = try BodyInput.content(arguments, context: context) ?? .plainText("")
    let store = try context.openStore()
    let note = try store.createNote(title: arguments.argument("title"), content: content)
    if arguments.flag("json") {
      try context.outJSON(["name": note.name, "path": note.path])
      return
    }
    context.out(note.name + "\n")
  }
}
