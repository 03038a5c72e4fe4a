import NotesCLI
import Testing

@Suite("Did-you-mean suggestions")
struct SuggestionTests {
  @Test(
    "the distance counts insertions, deletions, substitutions and swaps of neighbours",
    arguments: [
      ("", "", 0), ("abc", "abc", 0), ("", "abc", 3), ("abc", "", 3), ("kitten", "sitting", 3),
      ("flaw", "lawn", 2), ("stauts", "status", 1), ("--jsno", "--json", 1), ("café", "cafe", 1),
      ("prefix-a-suffix", "prefix-bb-suffix", 2), ("a", "b", 1), ("nwe", "new", 1), ("ab", "ba", 1),
      ("abcd", "badc", 2), ("ca", "abc", 3), ("sitch", "stich", 1),
    ] as [(String, String, Int)])
  func distance(_ a: String, _ b: String, expected: Int) {
    #expect(levenshtein(a, b) == expected)
    #expect(levenshtein(b, a) == expected)
  }

  @Test("suggestions are within the distance, closest first, ties alphabetical")
  func ordering() {
    let names = ["shopping", "shipping", "shopping-list", "todo", "Shopping"]
    #expect(
      suggestions(for: "shoping", among: names, maxDistance: 2) == [
        "Shopping", "shopping", "shipping",
      ])
    #expect(suggestions(for: "todo", among: names, maxDistance: 0) == ["todo"])
    #expect(suggestions(for: "zzz", among: names, maxDistance: 2) == [])
  }

  @Test(
    "a mistyped command with two letters swapped suggests the command, git-style",
    arguments: [("nwe", ["new"]), ("lsit", ["list"]), ("sohw", ["show"]), ("stauts", ["status"])]
      as [(String, [String])])
  func transpositions(_ typed: String, expected: [String]) {
    #expect(throws: UsageError.unknownCommand(typed, suggestions: expected)) {
      try SampleCommands.parser.parse([typed])
    }
  }

  @Test("duplicate candidates are suggested once")
  func duplicates() {
    #expect(suggestions(for: "lst", among: ["list", "list"], maxDistance: 1) == ["list"])
  }
}
