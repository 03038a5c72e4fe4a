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
      JSONFlag.option,
      OptionSpec(long: "at", valueName: "V", help: "Show the note as it was at V: a version id, a commit, a date (2026-11-01, 2026-11-01T14:00) or a relative time (yesterday, 3 days ago)."),
    ],
    examples: ["notes show Shopping", "notes show Shop --rtf > shopping.rtf", "notes show Shopping --version 3f2a9c", "notes show Shopping --at yesterday"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if let version = arguments.value("version") {
      let text = try store.body(of: note, version: version).plainText
      if arguments.flag("json") {
        try context.outJSON(ShownNote(name: note.name, path: note.path, version: version, text: text))
        return
      }
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
    let body = try store.readableBody(of: note)
    if let problem = body.problem {
      OutputStreams.writeErr(
        "notes: warning: the body of \"\(TerminalText.escaped(note.name))\" is not readable RTF (\(problem)); "
          + "showing the words that could be recovered\n")
    }
    let text = body.text
    if arguments.flag("json") {
      try context.outJSON(ShownNote(name: note.name, path: note.path, version: nil, text: text))
      return
    }
    context.outText(text)
  }

  private struct ShownNote: Encodable {
    var name: String
    var path: String
    var version: String?
    var text: String

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(path, forKey: .path)
      try container.encode(version, forKey: .version)
      try container.encode(text, forKey: .text)
    }

    enum CodingKeys: String, CodingKey { case name, path, version, text }
  }
}
