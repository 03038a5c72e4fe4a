import NoteStore
import RichText

enum ShowCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "show", abstract: "Print a note's text.",
    discussion: "Prints the committed body as plain text, or with --rtf the RTF bytes as stored.",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "rtf", help: "Print the RTF file instead of plain text."),
      OptionSpec(long: "version", valueName: "ID", help: "Show this version (see `notes versions` and `notes conflicts`)."),
      OptionSpec(long: "at", valueName: "V", help: "Show the note as it was at V: a version id, a commit, a date (2026-11-01, 2026-11-01T14:00) or a relative time (yesterday, 3 days ago)."),
    ],
    examples: ["notes show Shopping", "notes show Shop --rtf > shopping.rtf", "notes show Shopping --version 3f2a9c", "notes show Shopping --at yesterday"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if let version = arguments.value("version") {
      let text = try store.body(of: note, version: version).plainText
      context.outText(text)
      return
    }
    if let spec = arguments.value("at") {
      let bytes = try store.body(of: note, at: spec)
      if arguments.flag("rtf") {
        OutputStreams.writeOut(bytes: bytes)
      } else {
        context.outText(try RTFReader().read(bytes).text.plainText)
      }
      return
    }
    if arguments.flag("rtf") {
      OutputStreams.writeOut(bytes: try store.bodyData(of: note))
      return
    }
    let text = try store.body(of: note).plainText
    context.outText(text)
  }
}
