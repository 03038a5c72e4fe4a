import NoteStore

/// The `--text`, `--file` and `--rtf-file` options shared by `new` and `write`, and
/// standard input when it is piped.
enum BodyInput {
  static let options: [OptionSpec] = [
    OptionSpec(long: "text", short: "t", valueName: "TEXT", help: "The body as plain text."),
    OptionSpec(long: "file", short: "f", valueName: "FILE", help: "Read the body as plain text from FILE ('-' for stdin)."),
    OptionSpec(
      long: "rtf-file", valueName: "FILE",
      help: "Import an RTF file as the body; it is checked and stored byte for byte."),
  ]

  /// The content the options name, stdin when piped and no option is given, or nil.
  static func content(_ arguments: ParsedArguments, context: CommandContext) throws -> NoteContent? {
    let given = ["text", "file", "rtf-file"].filter { arguments.value($0) != nil }
    if given.count > 1 {
      throw UsageError.conflictingOptions(given.map { "--" + $0 }, commandPath: arguments.commandPath)
    }
    if let text = arguments.value("text") { return .plainText(text) }
    if let file = arguments.value("file") {
      return .plainText(String(decoding: try context.readFile(file), as: UTF8.self))
    }
    if let file = arguments.value("rtf-file") { return .rtf(try context.readFile(file)) }
    if !context.stdinIsTerminal {
      let bytes = context.readStandardInput()
      if bytes.starts(with: Array("{\\rtf".utf8)) { return .rtf(bytes) }
      return .plainText(String(decoding: bytes, as: UTF8.self))
    }
    return nil
  }
}
