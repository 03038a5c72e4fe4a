import NoteStore

enum RemoteCommand {
  static let spec = CommandSpec(
    name: "remote", abstract: "Manage the remotes this store syncs with.",
    examples: ["notes remote add origin ssh://server/srv/notes.git", "notes remote list"],
    subcommands: [RemoteAddCommand.spec, RemoteListCommand.spec, RemoteRemoveCommand.spec])
}

enum RemoteAddCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "add", abstract: "Add a remote.",
    discussion: "The first `notes sync` pushes this device's branch there. Prefer a credential helper to a password in the URL.",
    arguments: [
      ArgumentSpec(name: "name", help: "The remote's name, such as origin."),
      ArgumentSpec(name: "url", help: "A path, file://, git://, ssh://, user@host:path or http(s):// URL."),
    ],
    options: [JSONFlag.option],
    examples: ["notes remote add origin /mnt/usb/notes.git", "notes remote add cloud https://git.example.com/me/notes.git"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let name = arguments.argument("name") ?? ""
    let url = arguments.argument("url") ?? ""
    let warning = try store.addRemote(name: name, url: url)
    if let warning { context.warn(warning) }
    if arguments.flag("json") {
      try context.outJSON(AddedRemote(name: name, url: url, warning: warning))
      return
    }
    context.say("Added remote \(name); run `notes sync` to sync with it.\n")
  }
}

enum RemoteListCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List the remotes.",
    options: [OptionSpec(long: "json", help: "Print a JSON array of {name, url}.")],
    examples: ["notes remote list", "notes remote list --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let remotes = try context.openStore().remotes()
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(remotes) + "\n")
      return
    }
    for remote in remotes { context.out("\(remote.name)\t\(remote.url)\n") }
  }
}

enum RemoteRemoveCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "remove", aliases: ["rm"], abstract: "Remove a remote; the notes stay.",
    arguments: [ArgumentSpec(name: "name", help: "The remote's name.")],
    options: [JSONFlag.option],
    examples: ["notes remote remove cloud"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let name = arguments.argument("name") ?? ""
    try context.openStore().removeRemote(name: name)
    if arguments.flag("json") {
      try context.outJSON(["name": name])
      return
    }
    context.say("Removed remote \(name); the notes stay here.\n")
  }
}
