import Foundation
import Testing

/// The scripts `notes completion` prints load in real bash, zsh and fish and complete
/// commands and note names (calling back the built `notes`).
@Suite("Completion in real shells")
struct CompletionShellTests {
  static func installed(_ shell: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") || FileManager.default.isExecutableFile(atPath: "/bin/\(shell)")
  }

  /// A store with three notes, the scripts written beside it, and PATH leading to `notes`.
  private func prepare() throws -> (Sandbox, store: String, environment: [String: String]) {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    for (name, text) in [("Shopping list", "Milk"), ("Shell", "bash"), ("Trip", "Rome")] {
      try #require(sandbox.notes("new", name, "--text", text, in: store).status == 0)
    }
    for shell in ["bash", "zsh", "fish"] {
      let script = sandbox.notes("completion", shell)
      try #require(script.status == 0, "\(script.stderr)")
      try sandbox.writeFile("notes.\(shell)", script.stdoutData)
    }
    var environment = sandbox.environment
    let binaryDirectory = URL(fileURLWithPath: CommandRunner.notesBinary).deletingLastPathComponent().path
    environment["PATH"] = binaryDirectory + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return (sandbox, store, environment)
  }

  private func lines(_ result: RunResult) -> [String] {
    result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.filter { !$0.isEmpty }
  }

  @Test("bash completes commands and note names", .enabled(if: installed("bash"), "bash is not installed"))
  func bash() throws {
    let (sandbox, store, environment) = try prepare()
    func complete(_ words: String, _ index: Int) -> [String] {
      let script = "source \(sandbox.directory)/notes.bash; COMP_WORDS=(\(words)); COMP_CWORD=\(index); _notes; printf '%s\\n' \"${COMPREPLY[@]}\""
      return lines(CommandRunner.run("/bin/bash", ["--norc", "-c", script], in: store, environment: environment))
    }
    #expect(complete("notes sho", 1) == ["show"])
    #expect(complete("notes show Sh", 2) == ["Shell", "Shopping\\ list"])
    #expect(complete("notes -C \(store) rename T", 4) == ["Trip"])
    #expect(complete("notes --color a", 2) == ["auto", "always"])
  }

  @Test("zsh loads the script and completes commands and note names", .enabled(if: installed("zsh"), "zsh is not installed"))
  func zsh() throws {
    let (sandbox, store, environment) = try prepare()
    func complete(_ words: [String]) -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let script = "source \(sandbox.directory)/notes.zsh; _notes_candidates \(quoted)"
      return lines(CommandRunner.run("/usr/bin/zsh", ["-f", "-c", script], in: store, environment: environment))
    }
    #expect(complete(["notes", "sho"]) == ["show"])
    #expect(complete(["notes", "show", "Sh"]) == ["Shell", "Shopping list"])
    #expect(complete(["notes", "remote", "r"]) == ["remove"])
    #expect(complete(["notes", "list", "--j"]) == ["--json"])
    // The script also registers itself with compinit's compdef.
    let registered = CommandRunner.run(
      "/usr/bin/zsh", ["-f", "-c", "autoload -U compinit; compinit -u; source \(sandbox.directory)/notes.zsh; print -r -- $_comps[notes]"],
      in: store, environment: environment)
    #expect(registered.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "_notes", "\(registered.stderr)")
  }

  @Test("fish loads the script and completes commands and note names", .enabled(if: installed("fish"), "fish is not installed"))
  func fish() throws {
    let (sandbox, store, environment) = try prepare()
    func complete(_ line: String) -> [String] {
      let script = "source \(sandbox.directory)/notes.fish; complete -C'\(line)'"
      return lines(CommandRunner.run("/usr/bin/fish", ["--no-config", "-c", script], in: store, environment: environment))
    }
    #expect(complete("notes sho") == ["show"])
    #expect(complete("notes show Sh") == ["Shell", "Shopping list"])
    #expect(complete("notes remote r") == ["remove"])
    #expect(complete("notes help rem") == ["remote"])
  }
}
