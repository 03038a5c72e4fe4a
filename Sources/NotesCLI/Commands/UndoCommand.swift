import NoteStore

enum UndoCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "undo", abstract: "Revert a note's last change as a new commit.",
    discussion: """
      Puts back the note as it was before its last change (an edit, a rename, an \
      attachment, a creation or a deletion), as one new commit; nothing is rewritten. \
      Undoing an undo redoes the change.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix (or a deleted note's name).")],
    examples: ["notes undo Shopping"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNoteInHistory(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let undone = try store.undo(note)
    context.say("Undid \"\(undone.message)\" (\(undone.commit.prefix(8))) on \(note.name); `notes undo \(note.name)` redoes it.\n")
  }
}
