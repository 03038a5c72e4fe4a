import Foundation
import NoteStore
import RichText

enum EditCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "edit", abstract: "Edit a note's text in your editor.",
    discussion: """
      Opens the note's plain text in $VISUAL, else $EDITOR, else vi. When the editor \
      exits successfully, the edited text is laid over the existing formatting \
      (untouched words keep it) and committed. Nothing is committed when nothing changed. \
      Tables are edited as `notes help write` says.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [JSONFlag.option],
    examples: ["notes edit Shopping", "EDITOR=nano notes edit Shop"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let original = try store.body(of: note).plainText
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-edit-\(UUID().uuidString)")
    let file = directory.appendingPathComponent(note.title.replacingOccurrences(of: "/", with: "-") + ".txt")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(original.utf8).write(to: file)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: file.path, underlying: error)
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    let editor = context.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? context.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
    let status = try runEditor(editor, file: file.path)
    guard status == 0 else {
      throw CommandFailure(message: "the editor (\(editor)) exited with status \(status); the note is unchanged")
    }
    let edited: String
    do {
      edited = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    } catch {
      throw NoteStoreError.cannotReadFile(path: file.path, underlying: error)
    }
    var text = edited
    if !original.hasSuffix("\n") && text.hasSuffix("\n") { text.removeLast() }
    let changed = try store.writeBody(of: note, content: .plainText(text))
    if arguments.flag("json") {
      try context.outJSON(ChangedNote(name: note.name, path: note.path, changed: changed))
    } else if changed {
      context.say("Saved \(note.name)\n")
    } else {
      context.say("\(note.name) is unchanged\n")
    }
  }

  /// Runs the editor command through the shell, as git does, so `EDITOR="code -w"`
  /// works, with the terminal's standard streams.
  private static func runEditor(_ editor: String, file: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", editor + " \"$@\"", editor, file]
    do {
      try process.run()
    } catch {
      throw CommandFailure(message: "cannot start the editor (\(editor)): \(error)")
    }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
