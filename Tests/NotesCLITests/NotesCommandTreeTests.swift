import Testing

@testable import NotesCLI

@Suite("The real notes command tree")
struct NotesCommandTreeTests {
  @Test("the command specs are valid: unique names, abstracts, examples, long options")
  func specsAreValid() {
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    #expect(validate(parser.root) == [])
  }

  @Test("every command of the local store is there, with its help")
  func commandsPresent() {
    let names = Set(NotesMain.root.subcommands.map(\.name))
    let expected: Set = [
      "init", "new", "list", "show", "write", "edit", "rename", "delete", "attach", "attachments", "detach",
      "export", "status", "save", "verify", "gc",
    ]
    #expect(expected.isSubset(of: names))
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    for name in expected {
      let help = parser.helpText(for: [name], width: 80)
      #expect(help.contains("notes \(name)"), "help of \(name)")
      #expect(help.contains("EXAMPLES"), "help of \(name) has examples")
    }
  }

  @Test("the top-level help of notes is stable")
  func topLevelHelp() {
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    expectGolden(parser.helpText(for: [], width: 80), named: "notes-root")
  }

  @Test("no command's help shows a stray backslash (a line continuation written twice)")
  func noStrayBackslashes() {
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    for entry in NotesMain.commands {
      let help = parser.helpText(for: entry.path, width: 80, showingHidden: true)
      let discussion = entry.command.spec.discussion ?? ""
      #expect(!discussion.contains("\\\n"), "discussion of \(entry.path)")
      #expect(!help.contains("\\ "), "help of \(entry.path.joined(separator: " "))")
    }
    expectGolden(parser.helpText(for: ["merge-driver"], width: 80), named: "merge-driver")
  }

  @Test("'notes help --man' prints the manual page generated from the specs")
  func manPage() throws {
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    guard case .help(let page) = try parser.parse(["help", "--man"]) else {
      Issue.record("expected the page as help text")
      return
    }
    #expect(page.hasPrefix(".\\\" Generated"))
    for entry in NotesMain.commands where !entry.command.spec.isHidden {
      #expect(page.contains(".SS \"notes \(entry.path.joined(separator: " "))\""), "\(entry.path)")
    }
    expectGolden(page, named: "notes.1")
  }
}
