import Foundation
import NoteStore

/// `notes search WORDS`: notes whose text or name holds every word.
enum SearchCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "search", abstract: "Find notes by the words in their text or name.",
    discussion: """
      Prints every line that holds one of the words, in notes that hold all of them (in \
      their text or their name), as NOTE:LINE: TEXT; the words are highlighted on a \
      terminal. Case, accents and character width do not matter (cafe finds Café), and \
      words are found across formatting and in scripts without spaces. Exits 1 when \
      nothing matches, as grep does. With --all-versions, every earlier version of every \
      note in the history index is searched too, deleted notes and names before a rename \
      included (each stored body once), and lines that only an old version holds show \
      as NOTE@VERSION:LINE with the version's date and device, newest version first.
      """,
    arguments: [ArgumentSpec(name: "word", help: "Words that must all occur.", isVariadic: true)],
    options: [
      OptionSpec(long: "folder", valueName: "FOLDER", help: "Only the notes in FOLDER and its subfolders."),
      OptionSpec(long: "all-versions", help: "Also search the earlier versions of every note."),
      JSONFlag.option,
    ],
    examples: ["notes search milk", "notes search 'oat milk' --folder Home", "notes search budget --all-versions --json"])

  private struct Hit: Encodable {
    struct Version: Encodable {
      var commit: String
      var blob: String
      var date: Date
      var device: String
      var id: String
      var name: String
    }
    var note: String
    var path: String
    var line: Int
    var text: String
    var inName: Bool
    var version: Version?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(note, forKey: .note)
      try container.encode(path, forKey: .path)
      try container.encode(line, forKey: .line)
      try container.encode(text, forKey: .text)
      try container.encode(inName, forKey: .inName)
      try container.encode(version, forKey: .version)
    }

    enum CodingKeys: String, CodingKey { case note, path, line, text, inName, version }
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let words = arguments.arguments("word").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    guard !words.isEmpty else { throw UsageError.missingArgument("word", commandPath: arguments.commandPath) }
    let store = try context.openStore()
    let hits = try store.search(
      SearchQuery(words: words, folder: arguments.value("folder"), allVersions: arguments.flag("all-versions")))
    if arguments.flag("json") {
      try context.outJSON(
        hits.map { hit in
          Hit(
            note: hit.note, path: hit.path, line: hit.line, text: hit.text, inName: hit.inName,
            version: hit.version.map {
              Hit.Version(commit: $0.commit, blob: $0.blob, date: $0.date, device: $0.device, id: $0.id, name: $0.name)
            })
        })
    } else {
      let style = context.style
      var text = ""
      for hit in hits {
        var where_ = style.note(hit.note)
        if let version = hit.version {
          let was = version.name == hit.note ? "" : "was \(version.name), "
          where_ += style.detail("@\(version.id) (\(was)\(version.device), \(context.displayDate(version.date)))")
        }
        where_ += hit.inName ? style.detail(" (name)") : ":" + style.detail(String(hit.line))
        // Match ranges become string indices only when they are drawn (counting characters
        // of every hit line is a large part of a search with many hits).
        let line = style.isEnabled ? style.highlighting(hit.text, ranges: indexRanges(hit.matches, in: hit.text)) : hit.text
        text += where_ + ": " + line + "\n"
      }
      context.out(text)
    }
    if hits.isEmpty {
      context.say("No note holds \(words.map { "'\($0)'" }.joined(separator: " and ")).\n")
      throw SilentFailure(exitCode: 1)
    }
  }

  /// Character offsets as string indices of `text`.
  private static func indexRanges(_ ranges: [Range<Int>], in text: String) -> [Range<String.Index>] {
    let count = text.count
    return ranges.compactMap { range in
      guard range.lowerBound >= 0, range.upperBound <= count, !range.isEmpty else { return nil }
      let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
      let upper = text.index(lower, offsetBy: range.count)
      return lower..<upper
    }
  }
}
