import NotesCLI
import Testing

@Suite("Help text")
struct HelpTextTests {
  let parser = SampleCommands.parser

  func help(_ argv: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
      let outcome = try parser.parse(argv)
      guard case .help(let text) = outcome else {
        Issue.record("expected help for \(argv), got \(outcome)", sourceLocation: sourceLocation)
        return ""
      }
      return text
    } catch {
      Issue.record("expected help for \(argv), got \(error)", sourceLocation: sourceLocation)
      return ""
    }
  }

  @Test("-h, --help and 'help' print the same root help")
  func rootHelpForms() {
    let expected = parser.helpText(for: [], width: 80)
    for argv in [["-h"], ["--help"], ["help"], ["-q", "--help"], ["-qh"]] {
      #expect(help(argv) == expected, "\(argv)")
    }
    expectGolden(expected, named: "root")
  }

  @Test("'help CMD', 'CMD --help' and 'CMD -h' print the same command help")
  func commandHelpForms() {
    let expected = parser.helpText(for: ["show"], width: 80)
    for argv in [
      ["help", "show"], ["show", "--help"], ["show", "-h"], ["show", "shopping", "-h"],
    ] {
      #expect(help(argv) == expected, "\(argv)")
    }
    expectGolden(expected, named: "show")
  }

  @Test("nested commands get the same help from 'help remote add' and 'remote add --help'")
  func nestedHelpForms() {
    let expected = parser.helpText(for: ["remote", "add"], width: 80)
    #expect(help(["help", "remote", "add"]) == expected)
    #expect(help(["remote", "add", "--help"]) == expected)
    #expect(help(["remote", "--help", "add"]) == expected)
    #expect(help(["help", "remote", "add", "--help"]) == expected)
    expectGolden(expected, named: "remote-add")
  }

  @Test("a group's help lists its subcommands")
  func groupHelp() {
    let text = help(["remote", "-h"])
    #expect(text == help(["help", "remote"]))
    expectGolden(text, named: "remote")
  }

  @Test("help wins over any error on the same command line")
  func helpBeatsErrors() {
    #expect(help(["show", "--bogus", "--help"]) == parser.helpText(for: ["show"], width: 80))
    #expect(throws: UsageError.unknownCommand("remote ad", suggestions: ["remote add"])) {
      try parser.parse(["remote", "ad", "--help"])
    }
    #expect(help(["list", "--sort", "-h"]) == parser.helpText(for: ["list"], width: 80))
  }

  @Test("aliases find the same help as the command")
  func aliasHelp() {
    #expect(help(["help", "ls"]) == parser.helpText(for: ["list"], width: 80))
    expectGolden(parser.helpText(for: ["list"], width: 80), named: "list")
  }

  @Test("'help --help' explains the help command itself")
  func helpOfHelp() {
    #expect(help(["help", "--help"]) == parser.helpText(for: ["help"], width: 80))
    #expect(help(["help", "-h"]).hasPrefix("OVERVIEW: Show help for a command or a topic."))
  }

  @Test("hidden commands and topics appear only with --help-hidden")
  func hiddenCommands() {
    let plain = help(["--help"])
    #expect(!plain.contains("merge-driver"))
    #expect(!plain.contains("exit-codes"))
    let hidden = help(["--help-hidden"])
    #expect(hidden.contains("merge-driver"))
    #expect(hidden.contains("exit-codes"))
    #expect(help(["help", "--help-hidden"]) == hidden)
    expectGolden(hidden, named: "root-hidden")
  }

  @Test("a hidden command still has help of its own")
  func hiddenCommandHelp() {
    #expect(help(["help", "merge-driver"]).hasPrefix("OVERVIEW: Merge three versions"))
  }

  @Test(
    "help topics come from the HelpTopic values given to the parser", arguments: HelpTopic.standard)
  func topics(_ topic: HelpTopic) {
    let text = help(["help", topic.name])
    #expect(text.hasPrefix("OVERVIEW: \(topic.abstract)\n\n"))
    #expect(text.contains(topic.text))
    expectGolden(text, named: "topic-\(topic.name)")
  }

  @Test("the exit-codes topic documents every exit status")
  func exitCodes() {
    let text = help(["help", "exit-codes"])
    for code in ["0 ", "1 ", "2 ", "3 ", "130 "] { #expect(text.contains("  \(code)")) }
  }

  @Test("a parser with its own topics shows them instead of the standard ones")
  func customTopics() throws {
    let topic = HelpTopic(
      name: "formats", abstract: "File formats.", text: "RTF only.", isHidden: false)
    let custom = CommandLineParser(root: SampleCommands.root, version: "1", topics: [topic])
    #expect(
      try custom.parse(["help", "formats"]) == .help("OVERVIEW: File formats.\n\nRTF only.\n"))
    #expect(custom.helpText(for: [], width: 80).contains("HELP TOPICS:\n  formats"))
    #expect(throws: UsageError.unknownCommand("exit-codes", suggestions: [])) {
      try custom.parse(["help", "exit-codes"])
    }
  }

  @Test("help is wrapped at the given width")
  func narrowWidth() {
    let text = parser.helpText(for: ["list"], width: 50)
    for line in text.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
    expectGolden(text, named: "list-width-50")
  }

  @Test("helpText for an unknown path falls back to the deepest known command")
  func unknownPathFallback() {
    #expect(
      parser.helpText(for: ["remote", "nope"], width: 80)
        == parser.helpText(for: ["remote"], width: 80))
  }

  @Test("a long usage line folds its options into [<options>]")
  func foldedUsage() {
    let long = CommandSpec(
      name: "notes", abstract: "x", examples: ["x"],
      subcommands: [
        CommandSpec(
          name: "sync", abstract: "Sync.",
          options: (1...8).map {
            OptionSpec(long: "option-\($0)", valueName: "value", help: "An option.")
          },
          examples: ["notes sync"])
      ])
    #expect(
      CommandLineParser(root: long, version: "1").usageLine(for: ["sync"])
        == "notes sync [<options>]")
  }
}
