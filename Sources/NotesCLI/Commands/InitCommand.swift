import NoteStore

enum InitCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "init", abstract: "Create a notes store.",
    discussion: """
      Makes DIR (default: the current directory) a new store: a git repository whose \
      branch devices/<device> is checked out. The device name defaults to this \
      machine's host name.
      """,
    arguments: [ArgumentSpec(name: "dir", help: "Where to create the store.", isOptional: true)],
    options: [
      OptionSpec(long: "device", short: "d", valueName: "NAME", help: "This device's name ([A-Za-z0-9._-], at most 64)."),
      JSONFlag.option,
    ],
    examples: ["notes init ~/Notes --device laptop", "notes init"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let directory = context.absolute(arguments.argument("dir") ?? ".")
    let device = try arguments.value("device").map { try DeviceName($0) } ?? DeviceName.fromHostName()
    let store = try Store.create(at: directory, device: device)
    try store.registerGitDrivers(notesCommand: NotesExecutable.shellCommand)
    if arguments.flag("json") {
      try context.outJSON(["store": store.root, "device": store.device.rawValue])
      return
    }
    context.say("Created notes store in \(store.root) for device \(store.device)\n")
  }
}
