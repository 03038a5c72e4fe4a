import Foundation
import NoteStore
import RichText

/// `notes merge-driver %O %A %B %L %P`: git's merge-driver contract for RTF bodies.
enum MergeDriverCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "merge-driver", abstract: "Merge three RTF bodies for git (a git merge driver).",
    discussion: """
      Reads the ancestor (%O), ours (%A) and theirs (%B), merges the text three-way and \
      writes the result to %A. Exits 0 when the merge is clean, 1 when both sides changed \
      the same words (the result then holds both between conflict markers). `notes init` \
      registers it as merge.notes-rtf.driver for *.rtf.
      """,
    arguments: [
      ArgumentSpec(name: "ancestor", help: "%O: the common ancestor's file."),
      ArgumentSpec(name: "ours", help: "%A: our file; the result is written here."),
      ArgumentSpec(name: "theirs", help: "%B: their file."),
      ArgumentSpec(name: "marker-size", help: "%L: the conflict marker size (7).", isOptional: true),
      ArgumentSpec(name: "path", help: "%P: the path being merged.", isOptional: true),
    ],
    examples: ["git config merge.notes-rtf.driver 'notes merge-driver %O %A %B %L %P'"],
    isHidden: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let paths = ["ancestor", "ours", "theirs"].map { arguments.argument($0) ?? "" }
    var bodies: [AttributedText] = []
    for path in paths {
      let bytes = try context.readFile(path)
      if bytes.isEmpty {
        bodies.append(AttributedText())
        continue
      }
      do {
        bodies.append(try RTFReader().read(bytes).text)
      } catch {
        throw CommandFailure(message: "\(arguments.argument("path") ?? path) is not readable RTF (\(error)); merge it by hand")
      }
    }
    let merged = ThreeWayMerge(
      base: bodies[0], mine: bodies[1], theirs: bodies[2],
      mineInfo: MergeSideInfo(label: "ours", date: Date(timeIntervalSince1970: 0)),
      theirInfo: MergeSideInfo(label: "theirs", date: Date(timeIntervalSince1970: 0))
    ).merge()
    let output = context.absolute(paths[1])
    do {
      try Data(RTFWriter().write(merged.text)).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: output, underlying: error)
    }
    if !merged.hunks.isEmpty { throw SilentFailure(exitCode: 1) }
  }
}

/// `notes textconv FILE`: an RTF body as plain text, for `git diff` and `git log -p`.
enum TextconvCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "textconv", abstract: "Print an RTF file as plain text (a git diff text converter).",
    discussion: "`notes init` registers it as diff.notes-rtf.textconv, so `git diff` and `git log -p` show text, not RTF. A file that is not RTF is printed as it is.",
    arguments: [ArgumentSpec(name: "file", help: "The RTF file.")],
    examples: ["git config diff.notes-rtf.textconv 'notes textconv'"],
    isHidden: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let bytes = try context.readFile(arguments.argument("file") ?? "")
    guard let text = try? RTFReader().read(bytes).text.plainText else {
      OutputStreams.writeOut(bytes: bytes)
      return
    }
    context.outText(text)
  }
}
