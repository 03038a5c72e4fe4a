import Foundation
import NoteStore

enum DiffCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "diff", abstract: "Show what changed in a note's text, word by word.",
    discussion: """
      Compares two versions of a note: by default the version before its last change \
      with the current one; with V1, V1 with the current one; with V1 and V2, those two. \
      A version is a version id, a commit, a date or a relative time (as `show --at`). \
      Removed and inserted words are coloured on a terminal, else marked as git's \
      --word-diff=plain does ([-old-]{+new+}). Changes to formatting only are described.
      """,
    arguments: [
      ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix."),
      ArgumentSpec(name: "v1", help: "The older version.", isOptional: true),
      ArgumentSpec(name: "v2", help: "The newer version (default: the current one).", isOptional: true),
    ],
    options: [OptionSpec(long: "json", help: "Print {hunks: [{old, new, oldParagraph, newParagraph}], formatting: [{text, change, paragraph}]}.")],
    examples: ["notes diff Shopping", "notes diff Shopping 3f2a9c", "notes diff Shopping yesterday 3f2a9c --json"])

  private struct Output: Encodable {
    var from: String
    var to: String
    var hunks: [NoteTextDiff.Hunk]
    var formatting: [NoteTextDiff.FormatChange]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let (from, to, diff) = try store.textDiff(of: note, from: arguments.arguments("v1").first, to: arguments.arguments("v2").first)
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(Output(from: from, to: to, hunks: diff.hunks, formatting: diff.formatting)) + "\n")
      return
    }
    if diff.isEmpty {
      context.say("No differences between \(from) and \(to).\n")
      return
    }
    var text = styled("diff \(note.name) \(from) \(to)", .bold, terminal: context.terminal) + "\n"
    text += render(diff, terminal: context.terminal)
    for change in diff.formatting {
      text += "\(change.change) to '\(change.text)' (paragraph \(change.paragraph))\n"
    }
    context.out(text)
  }

  /// The paragraphs that hold a change, with removed and inserted words marked.
  static func render(_ diff: NoteTextDiff, terminal: Terminal) -> String {
    var lines: [(text: String, changed: Bool)] = [("", false)]
    func add(_ piece: String, changed: Bool, mark: (String) -> String) {
      let parts = piece.split(separator: "\n", omittingEmptySubsequences: false)
      for (offset, part) in parts.enumerated() {
        if offset > 0 { lines.append(("", false)) }
        if !part.isEmpty {
          lines[lines.count - 1].text += mark(String(part))
          if changed { lines[lines.count - 1].changed = true }
        } else if changed && parts.count > 1 {
          lines[lines.count - 1].changed = true
        }
      }
    }
    for segment in diff.segments {
      switch segment.kind {
      case .equal: add(segment.text, changed: false) { $0 }
      case .removed: add(segment.text, changed: true) { HistoryStyle.removed($0, terminal: terminal) }
      case .inserted: add(segment.text, changed: true) { HistoryStyle.inserted($0, terminal: terminal) }
      }
    }
    return lines.filter(\.changed).map { $0.text + "\n" }.joined()
  }
}
