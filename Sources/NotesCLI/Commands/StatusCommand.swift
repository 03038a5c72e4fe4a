import NoteStore

enum StatusCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "status", abstract: "Show unsaved changes, conflicts, and what is ahead or incoming.",
    discussion: """
      Edits made by hand in the working tree are unsaved until `notes save` commits them. \
      Notes in conflict wait for `notes resolve`; notes changed here wait for `notes sync` \
      to push them, and fetched changes (`notes fetch`) for `notes sync` to merge them. \
      Devices whose changes the last sync refused (a tree that breaks a rule, or a change \
      that would delete most notes) are named with the reason and what to do, until a \
      sync takes their changes or no longer finds them.
      """,
    options: [
      OptionSpec(
        long: "json",
        help: "Print the report as JSON (see `notes help json`).")
    ],
    examples: ["notes status", "notes status --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let report = try StatusReport.read(try context.openStore()) { context.warn($0) }
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(report) + "\n")
    } else {
      context.out(report.text(style: context.style))
    }
  }
}
