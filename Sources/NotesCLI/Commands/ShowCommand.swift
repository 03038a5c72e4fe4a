import NoteStore
import RichText

enum ShowCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "show", abstract: "Print a note's text.",
    discussion: "Prints the committed body as plain text, or with --rtf the RTF bytes as stored.",
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [OptionSpec(long: "rtf", help: "Print the RTF file instead of plain text.")],
    examples: ["notes show Shopping", "notes show Shop --rtf > shopping.rtf"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if arguments.flag("rtf") {
      OutputStreams.writeOut(bytes: try store.bodyData(of: note))
      return
    }
    let text = try store.body(of: note).plainText
    context.out(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
  }
}
