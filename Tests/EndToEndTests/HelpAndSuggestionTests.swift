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

  @Test(
    "man -l renders the page 'notes help --man' writes, and groff finds nothing to warn about",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man-db is not installed"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is not installed"))
  func manPageRenders() throws {
    let sandbox = try Sandbox()
    let page = sandbox.notes("help", "--man")
    #expect(page.status == 0)
    let file = try sandbox.writeFile("notes.1", page.stdoutData)
    var environment = sandbox.environment
    environment["MANWIDTH"] = "80"
    let rendered = CommandRunner.run("/usr/bin/man", ["-l", file], in: sandbox.directory, environment: environment)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    #expect(rendered.stdout.contains("NOTES(1)"))
    #expect(rendered.stdout.contains("notes completion"))
    #expect(rendered.stdout.contains("EXIT STATUS"))
    let warnings = CommandRunner.run(
      "/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file], in: sandbox.directory, environment: environment)
    #expect(warnings.stderr.isEmpty, "\(warnings.stderr)")
  }
}
