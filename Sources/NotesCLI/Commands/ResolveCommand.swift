import NoteStore

enum ResolveCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "resolve", abstract: "Resolve a note's conflict by choosing a version.",
    discussion: """
      Puts the chosen version in place, removes the conflict record and commits with \
      trailers that say how (Resolution, Resolved-Versions). The next sync carries the \
      resolution to every device. With three or more versions, --keep-theirs lists them \
      and asks for --version.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "keep-mine", help: "Keep this device's version."),
      OptionSpec(long: "keep-theirs", help: "Keep the other device's version."),
      OptionSpec(long: "version", valueName: "ID", help: "Keep the version with this id (see `notes conflicts`)."),
      OptionSpec(long: "dry-run", short: "n", help: "Say which version would be kept; change nothing."),
    ],
    examples: ["notes resolve Shopping --keep-mine", "notes resolve Shopping --version 3f2a9c"],
    writesToStore: true,
    mutuallyExclusive: [["keep-mine", "keep-theirs", "version"]])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let resolution: ConflictResolution
    if arguments.flag("keep-mine") {
      resolution = .keepMine
    } else if arguments.flag("keep-theirs") {
      resolution = .keepTheirs
    } else if let id = arguments.value("version") {
      resolution = .version(id)
    } else {
      throw CommandFailure(message: "say which version to keep: --keep-mine, --keep-theirs or --version ID", exitCode: 2)
    }
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if arguments.flag("dry-run") {
      context.out("Would resolve \(note.name)\n")
      return
    }
    let kept = try store.resolveConflict(note, resolution)
    context.say("Resolved \(note.name): kept version \(kept.id) from \(kept.device); `notes sync` carries it to the other devices.\n")
  }
}
