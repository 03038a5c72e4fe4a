import Foundation
import Testing

/// `notes search`: NOTE:LINE: TEXT lines, the words highlighted on a terminal only, exit 1
/// when nothing matches, and `--folder` / `--all-versions` / `--json`.
@Suite("Search command")
struct SearchCommandTests {
  @Test("search prints each hit with its note and line, and exits 1 when nothing matches")
  func searchLines() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    func notes(_ arguments: String...) -> RunResult { sandbox.notes(arguments, in: store) }
    #expect(notes("new", "Café", "--text", "Un café crème\nle matin").status == 0)
    #expect(notes("new", "Work/東京", "--text", "今日は東京タワーに行く").status == 0)
    let accents = notes("search", "CREME")
    #expect(accents.status == 0)
    #expect(accents.stdout == "Café:1: Un café crème\n")
    #expect(notes("search", "東京").stdout == "Work/東京 (name): Work/東京\nWork/東京:1: 今日は東京タワーに行く\n")
    #expect(notes("search", "東京", "--folder", "Home").status == 1)
    let none = notes("search", "zebra")
    #expect(none.status == 1)
    #expect(none.stdout.isEmpty)
    #expect(none.stderr.contains("No note holds 'zebra'"))
    #expect(notes("search").status == 2)

    #expect(notes("write", "Café", "--text", "Thé").status == 0)
    #expect(notes("search", "creme").status == 1)
    let old = notes("search", "creme", "--all-versions")
    #expect(old.status == 0)
    #expect(old.stdout.hasPrefix("Café@"), "\(old.stdout)")
    #expect(old.stdout.hasSuffix(":1: Un café crème\n"))
  }

  @Test(
    "the match is highlighted on a terminal, never through a pipe",
    .enabled(if: PseudoTerminal.isAvailable, "needs /usr/bin/script (bsdutils) for a pseudo-terminal"))
  func highlight() throws {
    let sandbox = try Sandbox()
    let store = try sandbox.makeStore()
    #expect(sandbox.notes("new", "Shopping", "--text", "Oat milk", in: store).status == 0)
    let screen = sandbox.notesOnTerminal(["search", "MILK"], in: store)
    #expect(screen.stdout.contains("\u{1B}[1;7mmilk\u{1B}[0m"), "\(screen.stdout.debugDescription)")
    let piped = sandbox.notes(["search", "MILK"], in: store)
    #expect(piped.stdout == "Shopping:1: Oat milk\n")
  }
}
