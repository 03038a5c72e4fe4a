import NoteStore

enum RestoreCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "restore", abstract: "Bring back an earlier version of a note, or a deleted note.",
    discussion: """
      --to V makes version V the note's content in one new commit (V: a version id, a \
      commit, a date or a relative time); --deleted NAME brings back a deleted note as it \
      was just before its deletion, with its history connected. Nothing is rewritten.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.", isOptional: true)],
    options: [
      OptionSpec(long: "to", valueName: "V", help: "The version to restore (see `notes versions`)."),
      OptionSpec(long: "deleted", valueName: "NAME", help: "Restore the deleted note NAME (see `notes deleted`)."),
    ],
    examples: ["notes restore Shopping --to 3f2a9c", "notes restore Shopping --to yesterday", "notes restore --deleted Groceries"],
    writesToStore: true,
    mutuallyExclusive: [["to", "deleted"]])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    if let name = arguments.value("deleted") {
      let note = try store.restoreDeleted(name)
      context.say("Restored \(note.name).\n")
      return
    }
    guard let query = arguments.argument("note"), let spec = arguments.value("to") else {
      throw UsageError.missingArgument("note --to V (or --deleted NAME)", commandPath: arguments.commandPath)
    }
    let note = try store.resolveNote(query, relativeTo: context.currentDirectory)
    let version = try store.restore(note, to: spec)
    context.say("Restored \(note.name) to version \(version.id).\n")
  }
}
