import NoteStore

enum RenameCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "rename", aliases: ["mv"], abstract: "Rename a note, or move it to a folder.",
    discussion: """
      A new name without '/' renames the note in its folder. With a '/' it also moves it: \
      'Work/' moves the note into the folder Work (made if needed), 'Work/Plan' moves and \
      renames it, and '/' moves it to the top level. A folder left empty disappears. \
      Folder names follow the rules of note names.
      """,
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "new-name", help: "The new name, or a folder ending in '/'."),
    ],
    options: [JSONFlag.option],
    examples: ["notes rename Shopping Groceries", "notes mv Idea Work/", "notes mv Work/Idea /"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let target = try destination(of: note, given: arguments.argument("new-name") ?? "")
    let renamed: NotePath
    if let target {
      renamed = try store.moveNote(note, to: target)
    } else {
      renamed = try store.renameNote(note, to: arguments.argument("new-name") ?? "")
    }
    if arguments.flag("json") {
      try context.outJSON(["from": note.name, "name": renamed.name, "path": renamed.path])
      return
    }
    let verb = renamed.folder == note.folder ? "Renamed" : "Moved"
    context.say("\(verb) \(note.name) to \(renamed.name)\n")
  }

  /// Where `given` moves `note`, or nil for a plain rename in the same folder.
  static func destination(of note: NotePath, given: String) throws -> NotePath? {
    guard given.contains("/") else { return nil }
    if given == "/" || given == "./" { return try note.moved(toFolder: "") }
    if given.hasSuffix("/") { return try note.moved(toFolder: String(given.dropLast())) }
    var name = given
    if name.hasPrefix("/") { name.removeFirst() }
    return try NotePath(newNoteNamed: name)
  }
}
