import Foundation
import Testing

/// Unknown commands are usage errors with git-style suggestions, even with `--help`.
@Suite("Help and suggestions")
struct HelpAndSuggestionTests {
  @Test(
    "an unknown command exits 2 with a suggestion, with or without --help",
    arguments: [
      (["nwe"], "Did you mean 'new'?"), (["nwe", "--help"], "Did you mean 'new'?"),
      (["frobnicate", "--help"], "'frobnicate' is not a notes command."),
      (["remote", "lsit", "-h"], "Did you mean 'remote list'?"),
      (["help", "sohw"], "Did you mean 'show'?"),
    ] as [([String], String)])
  func unknownCommand(_ arguments: [String], expected: String) throws {
    let sandbox = try Sandbox()
    let result = sandbox.notes(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(expected), "\(result.stderr)")
  }

  @Test("'notes help merge-driver' shows its text without stray backslashes")
  func mergeDriverHelp() throws {
    let result = try Sandbox().notes("help", "merge-driver")
    #expect(result.status == 0)
    #expect(result.stdout.contains("writes the result to %A"))
    #expect(!result.stdout.contains("\\"))
  }
}
