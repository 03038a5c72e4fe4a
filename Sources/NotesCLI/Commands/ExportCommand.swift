import Foundation
import NoteStore

enum ExportCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "export", abstract: "Copy an attachment out of a note.",
    discussion: "Writes the attachment to PATH (default: its name in the current directory); '-o -' writes it to standard output. An existing file is never overwritten.",
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "name", help: "The attachment's name."),
    ],
    options: [
      OptionSpec(long: "output", short: "o", valueName: "PATH", help: "Where to write it ('-' for stdout)."),
      OptionSpec(long: "json", help: "Print {note, attachment, path} as JSON (not with '-o -')."),
    ],
    examples: ["notes export Shopping receipt.jpg", "notes export Shopping receipt.jpg -o - | display"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let name = arguments.argument("name") ?? ""
    let output = arguments.value("output") ?? name
    if output == "-" {
      try store.exportAttachment(name, of: note, toDescriptor: STDOUT_FILENO)
      return
    }
    let path = context.absolute(output)
    try store.exportAttachment(name, of: note, to: path)
    if arguments.flag("json") {
      try context.outJSON(["note": note.name, "attachment": name, "path": path])
      return
    }
    context.say("Wrote \(path)\n")
  }
}
