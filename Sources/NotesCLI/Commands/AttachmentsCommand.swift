import Foundation
import NoteStore
import QuickLook

enum AttachmentsCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "attachments", abstract: "List a note's attachments.",
    discussion: """
      Types come from the content (libmagic), with the extension as a fallback. With \
      --thumbnails DIR, also writes one PNG per attachment into DIR (made if missing): \
      images scaled, other files as a file icon with their extension; existing files \
      are never overwritten. The paths written are printed.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "json", help: "Print a JSON array of {name, size, type}."),
      OptionSpec(long: "thumbnails", valueName: "DIR", help: "Write a PNG picture of each attachment into DIR."),
      OptionSpec(long: "size", valueName: "N", help: "The pictures' width and height, 16 to 4096 (default 512)."),
    ],
    examples: [
      "notes attachments Shopping", "notes attachments Shopping --json",
      "notes attachments Shopping --thumbnails previews/",
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    if let directory = arguments.value("thumbnails") {
      try writeThumbnails(of: note, into: context.absolute(directory), store: store, arguments: arguments, context: context)
      return
    }
    let attachments = try store.attachments(of: note)
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(attachments) + "\n")
      return
    }
    if attachments.isEmpty {
      context.say("\(note.name) has no attachments\n")
      return
    }
    let table = TableFormatter(columns: [.init("NAME"), .init("SIZE", alignment: .right), .init("TYPE")])
    context.out(table.render(attachments.map { [$0.name, String($0.size), $0.type] }))
  }

  /// `--thumbnails DIR`: one `NAME.png` per attachment.
  private static func writeThumbnails(
    of note: NotePath, into directory: String, store: Store, arguments: ParsedArguments, context: CommandContext
  ) throws {
    let size = try ThumbnailCommand.thumbnailSize(arguments)
    let thumbnails = try store.attachmentThumbnails(of: note, size: size)
    if thumbnails.isEmpty {
      context.say("\(note.name) has no attachments\n")
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(message: "cannot make \(directory): \(error.localizedDescription)")
    }
    var written: [[String: String]] = []
    for (name, thumbnail) in thumbnails {
      let path = directory + "/" + name + ".png"
      try ThumbnailCommand.writeNew(thumbnail.png, to: path)
      written.append(["name": name, "path": path])
      if !arguments.flag("json") { context.out(path + "\n") }
    }
    if arguments.flag("json") { context.out(try JSONOutput.encode(written) + "\n") }
  }
}
