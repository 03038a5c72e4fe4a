import NoteStore

enum RestoreCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "restore", abstract: "Bring back an earlier version of a note or a deleted note, or discard hand edits.",
    discussion: """
      --to V makes version V the note's content in one new commit (V: a version id, a \
      commit, a date or a relative time); --deleted NAME brings back a deleted note as it \
      was just before its deletion, with its history connected. Nothing is rewritten.

      With a note and neither option, the note's unsaved hand edits are discarded: its \
      package goes back to what the last commit holds, as `git restore` does, and files \
      added by hand go too. The discarded files are first copied under \
      .git/notes-discarded/, where `notes gc` removes them after two weeks.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.", isOptional: true)],
    options: [
      OptionSpec(long: "to", valueName: "V", help: "The version to restore (see `notes versions`)."),
      OptionSpec(long: "deleted", valueName: "NAME", help: "Restore the deleted note NAME (see `notes deleted`)."),
    ],
    examples: [
      "notes restore Shopping --to 3f2a9c", "notes restore Shopping --to yesterday", "notes restore --deleted Groceries",
      "notes restore Shopping",
    ],
    writesToStore: true,
    mutuallyExclusive: [["to", "deleted"]])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    if let name = arguments.value("deleted") {
      let note = try store.restoreDeleted(name)
      context.say("Restored \(note.name).\n")
      return
    }
    guard let query = arguments.argument("note") else {
      throw UsageError.missingArgument("note (or --deleted NAME)", commandPath: arguments.commandPath)
    }
    guard let spec = arguments.value("to") else {
      try discardHandEdits(of: try noteToDiscard(query, store: store, context: context), store: store, context: context)
      return
    }
    let note = try store.resolveNote(query, relativeTo: context.currentDirectory)
    let version = try store.restore(note, to: spec)
    context.say("Restored \(note.name) to version \(version.id).\n")
  }

  /// The saved note `query` names; a package made by hand and never saved has no saved
  /// version to go back to, and the error says how to discard it instead.
  private static func noteToDiscard(_ query: String, store: Store, context: CommandContext) throws -> NotePath {
    do {
      return try store.resolveNote(query, relativeTo: context.currentDirectory)
    } catch NoteStoreError.noSuchNote(let asked, let suggestions) {
      guard let unsaved = try? store.resolveNoteToSave(query, relativeTo: context.currentDirectory) else {
        throw NoteStoreError.noSuchNote(asked, suggestions: suggestions)
      }
      throw CommandFailure(
        message: "note \"\(unsaved.name)\" was never saved, so it has no saved version to go back to; "
          + "to discard it, delete its folder \(unsaved.path)")
    }
  }

  private static func discardHandEdits(of note: NotePath, store: Store, context: CommandContext) throws {
    guard let discarded = try store.discardUnsavedChanges(of: note) else {
      context.say("\(note.name) has no unsaved changes; nothing to discard.\n")
      return
    }
    var text = "Discarded the unsaved changes of \(discarded.note) (\(discarded.files.joined(separator: ", ")))"
    if let copies = discarded.copies {
      let inStore = copies.hasPrefix(store.root + "/") ? String(copies.dropFirst(store.root.count + 1)) : copies
      text += "; a copy is in \(inStore)"
    }
    context.say(text + ".\n")
  }
}
