import Foundation
import NoteStore

enum LogCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "log", abstract: "Show the history of a note, or of the whole store.",
    discussion: """
      Newest first, one line per change: when, which device, what it did (created, \
      edited, renamed, attached, detached, deleted, merged, resolved, restored) and the \
      commit. A note's history follows its renames. Without a note it is the store's \
      audit trail, with each conflict's resolution. Dates take 2026-11-01, \
      2026-11-01T14:00, yesterday or "3 days ago".
      """,
    arguments: [ArgumentSpec(name: "note", help: "Only this note (a deleted note's name works too).", isOptional: true)],
    options: [
      OptionSpec(long: "device", valueName: "DEVICE", help: "Only changes made by this device."),
      OptionSpec(long: "since", valueName: "DATE", help: "Only changes made at or after DATE."),
      OptionSpec(long: "until", valueName: "DATE", help: "Only changes made at or before DATE."),
      OptionSpec(long: "max-count", short: "n", valueName: "N", help: "At most N changes."),
      OptionSpec(long: "json", help: "Print [{commit, date, device, author, message, note, change, from}]."),
    ],
    examples: [
      "notes log Shopping", "notes log --device phone --since yesterday", "notes log -n 20 --json",
    ])

  private struct Entry: Encodable {
    var commit: String
    var date: Date
    var device: String
    var author: String
    var message: String
    var note: String
    var change: String
    var from: String?
    var resolution: String?
    var version: String?
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try arguments.argument("note").map {
      try store.resolveNoteInHistory($0, relativeTo: context.currentDirectory)
    }
    let filter = LogFilter(
      device: arguments.value("device"), since: try HistoryDateOption.start(arguments, "since"),
      until: try HistoryDateOption.end(arguments, "until"), limit: try arguments.intValue("max-count"))
    let changes = try store.log(of: note, filter: filter)
    if arguments.flag("json") {
      let entries = changes.map {
        Entry(
          commit: $0.commit, date: $0.date, device: $0.device, author: $0.author, message: $0.message, note: $0.note,
          change: $0.change.rawValue, from: $0.from, resolution: $0.resolution, version: $0.version)
      }
      context.out(try JSONOutput.encode(entries) + "\n")
      return
    }
    if changes.isEmpty {
      context.say("No changes.\n")
      return
    }
    let whats = changes.map { change in
      var what = change.change.rawValue
      if let from = change.from { what += " from \(from)" }
      if let resolution = change.resolution { what += " (\(resolution))" }
      return what
    }
    let width = HistoryStyle.whatWidth(whats)
    var text = ""
    for (change, what) in zip(changes, whats) {
      text += HistoryStyle.logLine(
        commit: String(change.commit.prefix(8)), date: context.displayDate(change.date), device: change.device,
        note: change.note, change: change.change, what: what, whatWidth: width, terminal: context.terminal) + "\n"
    }
    context.out(text)
  }
}
