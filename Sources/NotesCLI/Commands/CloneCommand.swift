import Foundation
import NoteStore

enum CloneCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "clone", abstract: "Make this machine a device of an existing store.",
    discussion: """
      Fetches every device branch from URL (a path, file://, git://, ssh://, user@host:path \
      or http(s)://) into DIR (default: the repository's name) and starts this device's \
      branch from their merge. The remote is called origin. A device whose history \
      breaks a rule on trees (see SAFETY in the README) is left out with the reason, and \
      the command exits 3, as a partial sync does.
      """,
    arguments: [
      ArgumentSpec(name: "url", help: "Where the store lives."),
      ArgumentSpec(name: "dir", help: "Where to put it.", isOptional: true),
    ],
    options: [
      OptionSpec(long: "device", short: "d", valueName: "NAME", help: "This device's name (default: the host name)."),
      OptionSpec(long: "timeout", valueName: "SECONDS", help: "Give up after SECONDS without progress (default 60)."),
      JSONFlag.option,
    ],
    examples: ["notes clone ssh://server/srv/notes.git ~/Notes --device phone", "notes clone /mnt/usb/notes.git"],
    reachesRemote: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let url = arguments.argument("url") ?? ""
    let directory = arguments.argument("dir") ?? defaultDirectory(for: url)
    let device = try arguments.value("device").map { try DeviceName($0) } ?? DeviceName.fromHostName()
    let timeout = try SyncCommand.timeout(arguments)
    var rejected: [RejectedChange] = []
    let store = try ProgressReporter(context: context).around { observer in
      try Store.clone(
        from: url, at: context.absolute(directory), device: device, timeout: timeout,
        onWarning: { message in OutputStreams.writeErr("notes: warning: \(message)\n") }, progress: observer,
        onQuickLookBacklog: context.environment["NOTES_NO_AUTO_GC"] == "1"
          ? nil
          : AutoPackRequest.backlogHandler(
            storeRoot: URL(fileURLWithPath: context.absolute(directory)).standardizedFileURL.path,
            quiet: context.globals.quiet),
        onRejected: { change in
          rejected.append(change)
          OutputStreams.writeErr("notes: " + context.errorStyle.error(change.reason) + "\n")
        })
    }
    try store.registerGitDrivers(notesCommand: NotesExecutable.shellCommand)
    if arguments.flag("json") {
      try context.outJSON(CloneJSON(url: url, store: store.root, device: store.device.rawValue, rejected: rejected))
    } else {
      context.say("Cloned \(url) into \(store.root) as device \(store.device)\n")
      if !rejected.isEmpty {
        let devices = Set(rejected.map(\.device)).sorted().joined(separator: ", ")
        context.say("Refused changes from \(devices) (see the messages above): the store holds none of them\n")
      }
    }
    // As a sync that refuses a device's changes: done, but not all of it (exit 3).
    if !rejected.isEmpty { throw SilentFailure(exitCode: 3) }
  }

  /// `--json`'s object.
  struct CloneJSON: Encodable {
    var url: String
    var store: String
    var device: String
    /// The devices' changes the clone left out, and why (empty when none).
    var rejected: [RejectedChange]
  }

  /// `host:path/notes.git` → `notes`.
  static func defaultDirectory(for url: String) -> String {
    var last = url.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "notes"
    if last.hasSuffix(".git") { last.removeLast(4) }
    return last.isEmpty ? "notes" : last
  }
}
