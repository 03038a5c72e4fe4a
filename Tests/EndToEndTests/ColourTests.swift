import Foundation
import Testing

/// Colour on a real (pseudo-)terminal, and never through a pipe, with NO_COLOR, TERM=dumb
/// or `--color never`; `--color always` colours even a pipe.
@Suite("Colour on a terminal")
struct ColourTests {
  static let escape = "\u{1B}["

  struct Case: Sendable, CustomTestStringConvertible {
    var id: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var onTerminal = true
    var coloured: Bool
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(id: "list on a terminal is coloured", arguments: ["list"], coloured: true),
    Case(id: "list through a pipe is plain", arguments: ["list"], onTerminal: false, coloured: false),
    Case(id: "NO_COLOR=1 on a terminal is plain", arguments: ["list"], environment: ["NO_COLOR": "1"], coloured: false),
    Case(id: "TERM=dumb on a terminal is plain", arguments: ["list"], environment: ["TERM": "dumb"], coloured: false),
    Case(id: "--color never on a terminal is plain", arguments: ["list", "--color", "never"], coloured: false),
    Case(id: "--no-color on a terminal is plain", arguments: ["--no-color", "list"], coloured: false),
    Case(id: "--color=always through a pipe is coloured", arguments: ["list", "--color=always"], onTerminal: false, coloured: true),
    Case(
      id: "--color=always wins over NO_COLOR", arguments: ["--color=always", "list"], environment: ["NO_COLOR": "1"],
      onTerminal: false, coloured: true),
  ]

  @Test(
    "colour follows the terminal and the options",
    .enabled(if: PseudoTerminal.isAvailable, "needs /usr/bin/script (bsdutils) for a pseudo-terminal"),
    arguments: cases)
  func colour(_ testCase: Case) throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    try #require(sandbox.notes("new", "Shopping", "--text", "Milk", in: store).status == 0)
    let result: RunResult
    if testCase.onTerminal {
      result = sandbox.notesOnTerminal(testCase.arguments, in: store, environment: testCase.environment)
    } else {
      var environment = testCase.environment
      environment["TERM"] = environment["TERM"] ?? "xterm-256color"
      environment["NO_COLOR"] = environment["NO_COLOR"] ?? ""
      result = sandbox.notes(testCase.arguments, in: store, environment: environment)
    }
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Shopping"))
    #expect(result.stdout.contains(Self.escape) == testCase.coloured, "\(result.stdout.debugDescription)")
  }

  @Test(
    "an error is red on a terminal's stderr even when stdout is piped",
    .enabled(if: PseudoTerminal.isAvailable, "needs /usr/bin/script (bsdutils) for a pseudo-terminal"))
  func errorOnTerminal() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    let result = sandbox.notesOnTerminal(["show", "Nothing"], in: store, pipeStdout: true)
    #expect(result.stdout.contains("notes: \u{1B}[31merror:\u{1B}[0m"), "\(result.stdout.debugDescription)")
    let plain = sandbox.notes(["show", "Nothing"], in: store)
    #expect(plain.stderr.hasPrefix("notes: error:"))
  }
}
