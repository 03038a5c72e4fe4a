import NoteStore

enum StatusCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "status", abstract: "Show the device and the unsaved changes per note.",
    discussion: "Edits made by hand in the working tree are unsaved until `notes save` commits them.",
    options: [
      OptionSpec(
        long: "json",
        help: "Print {device, store, unsaved: [{note, path, kind, files}], remotes: [{remote, device, ahead, behind}]}.")
    ],
    examples: ["notes status", "notes status --json"])

  private struct Report: Encodable {
    var device: String
    var store: String
    var unsaved: [UnsavedChange]
    var remotes: [RemoteDeviceState]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let changes = try store.unsavedChanges()
    let remotes = try store.remoteStates()
    if arguments.flag("json") {
      context.out(
        try JSONOutput.encode(
          Report(device: store.device.rawValue, store: store.root, unsaved: changes, remotes: remotes)) + "\n")
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
    for state in remotes {
      let who = state.device == store.device.rawValue ? "this device" : state.device
      var parts: [String] = []
      if state.device == store.device.rawValue {
        if state.ahead > 0 { parts.append("\(state.ahead) commit\(state.ahead == 1 ? "" : "s") not pushed") }
      } else if state.behind > 0 {
        parts.append("\(state.behind) commit\(state.behind == 1 ? "" : "s") not merged here")
      }
      text += "\(state.remote)/\(who): " + (parts.isEmpty ? "up to date" : parts.joined(separator: ", ")) + "\n"
    }
    context.out(text)
  }
}
