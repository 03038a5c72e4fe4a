import Foundation
import NoteStore
import QuickLook

enum ThumbnailCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "thumbnail", abstract: "Write a note's QuickLook picture as a PNG file.",
    discussion: """
      Renders the committed note as its QuickLook thumbnail: the text on a white page and, \
      when the note has an image attachment, the first one below it. Writes PATH (default: \
      'NAME.png' in the current directory; '-o -' writes to standard output) and prints the \
      path written. An existing file is never overwritten.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "output", short: "o", valueName: "PATH", help: "Where to write the PNG ('-' for stdout)."),
      OptionSpec(long: "size", valueName: "N", help: "Width and height in pixels, 16 to 4096 (default 512)."),
    ],
    examples: ["notes thumbnail Shopping", "notes thumbnail Shopping -o shopping.png --size 256"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let size = try thumbnailSize(arguments)
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let thumbnail = try store.thumbnail(of: note, size: size)
    if case .textAndPlaceholder(let name, let problem) = thumbnail.content {
      OutputStreams.writeErr("notes: warning: the attachment \(name) is shown as a placeholder: \(problem)\n")
    }
    let output = arguments.value("output") ?? (note.title + ".png")
    if output == "-" {
      OutputStreams.writeOut(bytes: thumbnail.png)
      return
    }
    let path = context.absolute(output)
    try writeNew(thumbnail.png, to: path)
    context.out(path + "\n")
  }

  /// `--size N`, 512 by default.
  static func thumbnailSize(_ arguments: ParsedArguments) throws -> Int {
    guard let text = arguments.value("size") else { return ThumbnailRenderer.defaultSize }
    guard let value = Int(text), ThumbnailRenderer.sizes.contains(value) else {
      throw UsageError.invalidValue(value: text, option: "--size", allowed: [], commandPath: arguments.commandPath)
    }
    return value
  }

  /// Writes a file that must not exist yet.
  static func writeNew(_ bytes: [UInt8], to path: String) throws {
    guard !FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure(message: "\(path) already exists; choose another path with -o")
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
    } catch {
      throw CommandFailure(message: "cannot write \(path): \(error.localizedDescription)")
    }
  }
}
