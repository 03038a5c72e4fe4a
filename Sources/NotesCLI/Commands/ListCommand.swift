import Foundation
import NoteStore

enum ListCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "list", aliases: ["ls"], abstract: "List notes, newest change first.",
    discussion: """
      Shows each note with the time and device of its last committed change, its \
      attachment count and its status: current, or modified (unsaved edits in the \
      working tree).
      """,
    options: [
      OptionSpec(long: "json", help: "Print a JSON array of {name, path, modified, device, attachments, status}."),
      OptionSpec(long: "names", help: "Print only the names, one per line (for scripts and completion)."),
      OptionSpec(long: "folder", valueName: "FOLDER", help: "Only the notes in FOLDER and its subfolders."),
    ],
    examples: ["notes list", "notes list --json", "notes list --folder Work"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    // Names alone (completion asks on every tab) need no status, so no stat of each file.
    var notes = try context.openStore().notes(includingStatus: !arguments.flag("names"))
    if var folder = arguments.value("folder") {
      while folder.hasSuffix("/") { folder.removeLast() }
      if !folder.isEmpty { try NotePath.validateFolder(folder) }
      notes = notes.filter { $0.path.hasPrefix(folder + "/") || folder.isEmpty }
    }
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(notes) + "\n")
      return
    }
    if arguments.flag("names") {
      context.out(notes.map { $0.name + "\n" }.joined())
      return
    }
    if notes.isEmpty {
      context.say("No notes yet; create one with `notes new TITLE`.\n")
      return
    }
    let table = TableFormatter(columns: [
      .init("NAME"), .init("MODIFIED"), .init("DEVICE"), .init("ATTACHMENTS", alignment: .right), .init("STATUS"),
    ])
    let style = context.style
    // One array of cells, row after row: no array per row.
    var cells: [String] = []
    cells.reserveCapacity(notes.count * table.columns.count)
    // Rows come newest first, so equal dates are neighbours: each run of them is
    // formatted once.
    var lastDate: (date: Date, shown: String)?
    for note in notes {
      let date = lastDate.flatMap { $0.date == note.modified ? $0.shown : nil } ?? context.displayDate(note.modified)
      lastDate = (note.modified, date)
      // Appended one by one: a row literal would be an array per row again.
      cells.append(note.name)
      cells.append(date)
      cells.append(note.device)
      cells.append(String(note.attachments))
      cells.append(note.status.rawValue)
    }
    // Without colour every cell prints as it is: no call per cell.
    let tint: ((Int, String) -> String)? =
      style.isEnabled
      ? { column, cell in
        switch column {
        case 0: return style.note(cell)
        case 1: return style.detail(cell)
        case 4: return NoteStatus(rawValue: cell).map(style.status) ?? cell
        default: return cell
        }
      } : nil
    context.out(bytes: table.renderUTF8(cells: cells, terminal: context.terminal, tint: tint))
  }
}
