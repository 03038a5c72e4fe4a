import NoteStore

enum StatusCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "status", abstract: "Show the device and the unsaved changes per note.",
    discussion: "Edits made by hand in the working tree are unsaved until `notes save` commits them.",
    options: [OptionSpec(long: "json", help: "Print {device, store, unsaved: [{note, path, kind, files}]}.")],
    examples: ["notes status", "notes status --json"])

  private struct Report: Encodable {
    var device: String
    var store: String
    var unsaved: [UnsavedChange]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let changes = try store.unsavedChanges()
    if arguments.flag("json") {
      context.out(
        try JSONOutput.encode(Report(device: store.device.rawValue, store: store.root, unsaved: changes)) + "\n")
      return
    }
    var text = "Store \(store.root)\nDevice \(store.device)\n"
    if changes.isEmpty {
      text += "No unsaved changes.\n"
    } else {
      text += "Unsaved changes (commit them with `notes save`):\n"
      for change in changes {
        text += "  \(change.kind.rawValue): \(change.note) (\(change.files.joined(separator: ", ")))\n"
      }
    }
    context.out(text)
  }
}
