import NoteStore

enum SaveCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "save", abstract: "Commit edits made by hand in the working tree.",
    discussion: """
      Commits every note whose files were changed, added or removed by hand, in one \
      commit; with NOTE arguments, only those notes, as `git add <file>` does. Each body \
      must be readable RTF; otherwise nothing is committed.
      """,
    arguments: [
      ArgumentSpec(name: "note", help: "Notes to save (name, path or unique prefix); all when none.", isOptional: true, isVariadic: true)
    ],
    options: [OptionSpec(long: "message", short: "m", valueName: "MSG", help: "The commit's summary line."), JSONFlag.option],
    examples: ["notes save", "notes save -m 'Tidy up'", "notes save Shopping"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let message = arguments.value("message")
    let named = arguments.arguments("note")
    let notes = named.isEmpty ? nil : try named.map { try store.resolveNoteToSave($0, relativeTo: context.currentDirectory) }
    let saved = try ProgressReporter(context: context).measure("Saving notes") {
      try store.saveWorkingTree(message: message, notes: notes)
    }
    if arguments.flag("json") {
      try context.outJSON(["saved": saved])
      return
    }
    if saved.isEmpty {
      context.say("Nothing to save.\n")
    } else if saved.count <= 10 {
      for change in saved { context.say("Saved \(change.note) (\(change.kind.rawValue))\n") }
    } else {
      // One line for a big save (an imported folder), not one per note.
      let counts = UnsavedChange.Kind.allCases.compactMap { kind -> String? in
        let count = saved.filter { $0.kind == kind }.count
        return count == 0 ? nil : "\(count) \(kind.rawValue)"
      }
      context.say("Saved \(saved.count) notes (\(counts.joined(separator: ", ")))\n")
    }
  }
}
