import Foundation
import Testing

@testable import NotesCLI

@Suite("Completion scripts and the spec dump")
struct CompletionScriptTests {
  static let script = CompletionScript.bash(for: SampleCommands.parser)

  @Test("the bash script is generated from the specs")
  func bashGolden() {
    expectGolden(Self.script, named: "completion-bash")
  }

  @Test("the real command tree's scripts for bash, zsh and fish are stable", arguments: CompletionScript.Shell.allCases)
  func notesGolden(_ shell: CompletionScript.Shell) {
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    expectGolden(CompletionScript.script(for: shell, parser: parser), named: "completion-notes-\(shell.rawValue)")
  }

  /// The words bash offers after `words`, the last being the word under the cursor.
  static func complete(_ words: [String], script: String = script) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scriptFile = directory.appendingPathComponent("notes.bash")
    try Data(script.utf8).write(to: scriptFile)
    let quotedWords = words.map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.currentDirectoryURL = directory
    process.arguments = [
      "--norc", "-c",
      """
      source "$1"
      COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1)
      _notes
      printf '%s\\n' "${COMPREPLY[@]}"
      """,
      "bash", scriptFile.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
  }

  @Test(
    "bash completes commands, options and values for the word under the cursor",
    arguments: [
      (["notes", "re"], ["remote", "rename"]),
      (["notes", "remote", ""], ["add", "list", "remove"]),
      (["notes", "ls", "--s"], ["--sort", "--store"]),
      (["notes", "list", "--sort", ""], ["modified", "name"]),
      (["notes", "-C", "/tmp/store", "remote", "a"], ["add"]),
      (["notes", "--wait", "5", "stat"], ["status"]),
      (["notes", "export", "trip", "-F", "t"], ["text"]),
      (["notes", "merge"], []),
      (
        ["notes", "hooks", "install", "--"],
        ["--color", "--debug", "--help", "--no-color", "--quiet", "--store", "--version", "--wait"]
      ),
    ] as [([String], [String])])
  func bashCompletes(_ words: [String], expected: [String]) throws {
    #expect(try Self.complete(words) == expected)
  }

  @Test("positional words complete from the note command when one is given")
  func dynamicNotes() throws {
    let script = CompletionScript.bash(
      for: SampleCommands.parser,
      noteCompletionCommand: "compgen -W 'shopping shopping-list todo' --")
    #expect(
      try Self.complete(["notes", "show", "sh"], script: script) == ["shopping", "shopping-list"])
  }

  @Test("'notes help --dump-spec' prints the whole tree as sorted JSON")
  func dumpSpec() throws {
    let outcome = try SampleCommands.parser.parse(["help", "--dump-spec"])
    guard case .help(let json) = outcome else {
      Issue.record("expected the dump as help text, got \(outcome)")
      return
    }
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["version"] as? String == "1.2.3")
    expectGolden(json, named: "dump-spec")
  }
}
