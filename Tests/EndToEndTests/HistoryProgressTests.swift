import Foundation
import Testing

@Suite("History index progress")
struct HistoryProgressTests {
  /// A store with `count` more commits on its branch, made by `git fast-import` (each
  /// edits one note), and without a history index.
  static func storeWithCommits(_ sandbox: Sandbox, count: Int) throws -> String {
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("-C", store, "new", "Log", "--text", "start").status == 0)
    let branch = "refs/heads/devices/laptop"
    var stream = ""
    for number in 1...count {
      let text = "{\\rtf1\\ansi line \(number)\\par}"
      stream += "commit \(branch)\ncommitter Bench <bench@example.com> \(1_700_000_000 + number) +0000\n"
      stream += "data 5\nedit\n"
      if number == 1 { stream += "from \(branch)^0\n" }
      stream += "M 100644 inline Log.note/Text.rtf\ndata \(text.utf8.count)\n\(text)\n\n"
    }
    let imported = CommandRunner.run(
      "/usr/bin/git", ["-C", store, "fast-import", "--quiet"], in: store, input: Data(stream.utf8),
      environment: sandbox.environment)
    try #require(imported.status == 0, "git fast-import failed: \(imported.stderr)")
    #expect(sandbox.git("reset", "-q", "--hard", in: store).status == 0)
    try FileManager.default.removeItem(atPath: store + "/.git/notes-history.idx")
    try? FileManager.default.removeItem(atPath: store + "/.git/notes-history.delta")
    return store
  }

  @Test("a rebuild of the history index prints one progress line off a terminal, and nothing with -q")
  func rebuildProgress() throws {
    let sandbox = try Sandbox()
    let store = try Self.storeWithCommits(sandbox, count: 600)
    let quiet = sandbox.notes("-C", store, "-q", "log", "Log", "-n", "1")
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty)

    try FileManager.default.removeItem(atPath: store + "/.git/notes-history.idx")
    let shown = sandbox.notes("-C", store, "log", "Log", "-n", "1")
    #expect(shown.status == 0)
    let lines = shown.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Indexing history: 100% (") == true)
    #expect(lines.first?.hasSuffix(", done.") == true)
    #expect(!shown.stdout.contains("Indexing"))

    // An index that is current, or one commit behind, reports nothing.
    #expect(!sandbox.notes("-C", store, "write", "Log", "--text", "one more").stderr.contains("Indexing"))
    #expect(sandbox.notes("-C", store, "log", "Log", "-n", "1").stderr.isEmpty)
  }

  @Test(
    "on a terminal a rebuild of the history index draws a bar that ends on one final line",
    .enabled(if: PseudoTerminal.isAvailable, "needs /usr/bin/script (bsdutils) for a pseudo-terminal"))
  func rebuildProgressOnTerminal() throws {
    let sandbox = try Sandbox()
    let store = try Self.storeWithCommits(sandbox, count: 600)
    // stdout goes through a pipe, so the terminal shows stderr's drawing and then the data.
    let screen = sandbox.notesOnTerminal(["-C", store, "log", "Log", "-n", "1"], pipeStdout: true)
    #expect(screen.status == 0, "\(screen.stdout.debugDescription)")
    // Scalars, not Characters: the terminal ends lines with "\r\n", one Character in Swift.
    let text = screen.stdout
    let scalars = Array(text.unicodeScalars)
    func position(of piece: String) -> Int? {
      let wanted = Array(piece.unicodeScalars)
      guard scalars.count >= wanted.count else { return nil }
      return (0...(scalars.count - wanted.count)).first { Array(scalars[$0..<($0 + wanted.count)]) == wanted }
    }
    // The first report (0 of the total) is always drawn: a carriage return, the phase name,
    // a percentage and a bar, redrawn in place with no newline of its own.
    let bar = try #require(position(of: "\rIndexing history   0% ["), "no bar drawn: \(text.debugDescription)")
    let final = try #require(position(of: "\rIndexing history: 100% ("), "no final line: \(text.debugDescription)")
    #expect(bar < final)
    #expect(!scalars[bar..<final].contains("\n"), "the bar is redrawn in place: \(text.debugDescription)")
    // The final line is drawn once and closed; the data (the log line) comes after it.
    let lineEnd = try #require(scalars[final...].firstIndex(of: "\n"), "the final line is not closed")
    let finalLine = String(String.UnicodeScalarView(scalars[final..<lineEnd]))
    #expect(finalLine.hasSuffix(", done.\u{1B}[K\r"), "\(finalLine.debugDescription)")
    #expect(text.components(separatedBy: "Indexing history:").count == 2)
    let rest = String(String.UnicodeScalarView(scalars[(lineEnd + 1)...]))
    #expect(rest.contains("Log") && !rest.contains("Indexing"), "\(rest.debugDescription)")
  }
}
