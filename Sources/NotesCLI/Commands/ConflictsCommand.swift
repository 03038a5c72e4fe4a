import Foundation
import NoteStore

enum ConflictsCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "conflicts", abstract: "List notes with unresolved conflict versions.",
    discussion: "Resolve one with `notes resolve NOTE --keep-mine | --keep-theirs | --version ID`.",
    arguments: [ArgumentSpec(name: "note", help: "Only this note.", isOptional: true)],
    options: [
      OptionSpec(
        long: "json",
        help: "Print [{note, current, currentIsVersion, versions: [{id, device, modified, current}]}]; "
          + "currentIsVersion is false while the note holds a merge with markers or an edit made since.")
    ],
    examples: ["notes conflicts", "notes conflicts Shopping --json"])

  private struct Entry: Encodable {
    struct Version: Encodable {
      var id: String
      var device: String
      var modified: Date
      var current: Bool
    }
    var note: String
    var current: String
    /// False while the note holds none of `versions` (a merge with markers, an edit since).
    var currentIsVersion: Bool
    var versions: [Version]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    var conflicts = try store.conflicts()
    if let query = arguments.argument("note") {
      let note = try store.resolveNote(query, relativeTo: context.currentDirectory)
      conflicts = conflicts.filter { $0.note == note.name }
    }
    if arguments.flag("json") {
      let entries = conflicts.map { conflict in
        Entry(
          note: conflict.note, current: conflict.current,
          currentIsVersion: conflict.versions.contains(where: \.isCurrent),
          versions: conflict.versions.map {
            Entry.Version(id: $0.id, device: $0.device, modified: $0.modificationDate, current: $0.isCurrent)
          })
      }
      context.out(try JSONOutput.encode(entries) + "\n")
      return
    }
    if conflicts.isEmpty {
      context.say("No conflicts.\n")
      return
    }
    let style = context.style
    var text = ""
    for conflict in conflicts {
      text += style.conflict(conflict.note) + "\n"
      for version in conflict.versions.sorted(by: { $0.modificationDate > $1.modificationDate }) {
        let mark = version.isCurrent ? "*" : " "
        let what = version.isDeletion ? style.removed("deleted") : "edited"
        text += "  \(mark) \(style.detail(version.id))  \(version.device)  "
          + "\(style.detail(context.displayDate(version.modificationDate)))  \(what)\n"
      }
      if !conflict.versions.contains(where: \.isCurrent) {
        text += "  * \(style.detail(conflict.current))  the note now: a merge of these versions with conflict markers, "
          + "or an edit made since (finish with `notes resolve \(conflict.note) --done`)\n"
      }
    }
    context.out(text)
    let hint = context.errorStyle.hint
    context.say(
      "* is the current version. Resolve with \(hint("`notes resolve NOTE --keep-mine`")), "
        + "\(hint("`--keep-theirs`")) or \(hint("`--version ID`")).\n")
  }
}
