import NotesCLI
import Testing

/// One command line that must fail, the error it must raise and the text shown for it.
struct ErrorCase: CustomTestStringConvertible, Sendable {
  var id: String
  var arguments: [String]
  var expected: UsageError
  var rendered: String

  var testDescription: String { id }
}

@Suite("Usage errors")
struct UsageErrorTests {
  static let cases: [ErrorCase] = [
    ErrorCase(
      id: "an unknown command followed by --help is still a usage error, with a suggestion",
      arguments: ["stauts", "--help"],
      expected: .unknownCommand("stauts", suggestions: ["status"]),
      rendered: """
        Error: 'stauts' is not a notes command.
        Help: Did you mean 'status'?
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a command this build lacks, with --help, is a usage error",
      arguments: ["frob", "--help"],
      expected: .unknownCommand("frob", suggestions: []),
      rendered: """
        Error: 'frob' is not a notes command.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "two swapped letters are one edit: 'nwe' suggests 'new'",
      arguments: ["nwe", "-h"],
      expected: .unknownCommand("nwe", suggestions: ["new"]),
      rendered: """
        Error: 'nwe' is not a notes command.
        Help: Did you mean 'new'?
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a mistyped command suggests the closest one, git-style",
      arguments: ["stauts"],
      expected: .unknownCommand("stauts", suggestions: ["status"]),
      rendered: """
        Error: 'stauts' is not a notes command.
        Help: Did you mean 'status'?
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a command far from every name gets no suggestion",
      arguments: ["frobnicate"],
      expected: .unknownCommand("frobnicate", suggestions: []),
      rendered: """
        Error: 'frobnicate' is not a notes command.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a word equally close to several commands lists them all",
      arguments: ["at"],
      expected: .unknownCommand("at", suggestions: ["attach", "attachments"]),
      rendered: """
        Error: 'at' is not a notes command.
        Help: Did you mean one of 'attach' or 'attachments'?
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a mistyped subcommand names its group and suggests within it",
      arguments: ["remote", "ad", "laptop"],
      expected: .unknownCommand("remote ad", suggestions: ["remote add"]),
      rendered: """
        Error: 'remote ad' is not a notes command.
        Help: Did you mean 'remote add'?
        Usage: notes remote <subcommand>
        See 'notes help remote'.

        """),
    ErrorCase(
      id: "hidden commands are never suggested",
      arguments: ["textconf"],
      expected: .unknownCommand("textconf", suggestions: []),
      rendered: """
        Error: 'textconf' is not a notes command.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "'notes help' with an unknown word suggests a command",
      arguments: ["help", "stauts"],
      expected: .unknownCommand("stauts", suggestions: ["status"]),
      rendered: """
        Error: 'stauts' is not a notes command.
        Help: Did you mean 'status'?
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a mistyped long option suggests the closest long option",
      arguments: ["list", "--jsno"],
      expected: .unknownOption("--jsno", suggestion: "--json", commandPath: ["list"]),
      rendered: """
        Error: Unknown option '--jsno'.
        Help: Did you mean '--json'?
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "a global option is suggested too",
      arguments: ["status", "--quite"],
      expected: .unknownOption("--quite", suggestion: "--quiet", commandPath: ["status"]),
      rendered: """
        Error: Unknown option '--quite'.
        Help: Did you mean '--quiet'?
        Usage: notes status [--json]
        See 'notes help status'.

        """),
    ErrorCase(
      id: "an option four edits away is not suggested",
      arguments: ["list", "--verbose"],
      expected: .unknownOption("--verbose", suggestion: nil, commandPath: ["list"]),
      rendered: """
        Error: Unknown option '--verbose'.
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "an unknown short option is quoted alone and gets no suggestion",
      arguments: ["delete", "-fx", "draft"],
      expected: .unknownOption("-x", suggestion: nil, commandPath: ["delete"]),
      rendered: """
        Error: Unknown option '-x'.
        Usage: notes delete [--dry-run] [--force] <note> ...
        See 'notes help delete'.

        """),
    ErrorCase(
      id: "a long option typed with one dash suggests the two-dash form",
      arguments: ["list", "-json"],
      expected: .unknownOption("-json", suggestion: "--json", commandPath: ["list"]),
      rendered: """
        Error: Unknown option '-json'.
        Help: Did you mean '--json'?
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "an option at the end without its value names the option and its help",
      arguments: ["new", "todo", "--title"],
      expected: .missingValue(option: "--title", commandPath: ["new"]),
      rendered: """
        Error: Missing value for '--title <title>'.
        Help: --title <title>  The note's first line.
        Usage: notes new [--title <title>] [--tag <tag> ...] [--json] <name>
        See 'notes help new'.

        """),
    ErrorCase(
      id: "an option followed by another option has no value",
      arguments: ["list", "--sort", "--json"],
      expected: .missingValue(option: "--sort", commandPath: ["list"]),
      rendered: """
        Error: Missing value for '--sort <order>'.
        Help: --sort <order>  The order of the list.
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "a global short option without its value is quoted as typed",
      arguments: ["status", "-C"],
      expected: .missingValue(option: "-C", commandPath: ["status"]),
      rendered: """
        Error: Missing value for '-C <directory>'.
        Help: --store <directory>  Use the store at <directory> instead of NOTES_STORE or the enclosing store.
        Usage: notes status [--json]
        See 'notes help status'.

        """),
    ErrorCase(
      id: "a positional value the command does not take",
      arguments: ["status", "extra"],
      expected: .unexpectedArgument("extra", commandPath: ["status"]),
      rendered: """
        Error: Unexpected argument 'extra'.
        Usage: notes status [--json]
        See 'notes help status'.

        """),
    ErrorCase(
      id: "a value given to a flag",
      arguments: ["list", "--json=yes"],
      expected: .unexpectedArgument("--json=yes", commandPath: ["list"]),
      rendered: """
        Error: Unexpected argument '--json=yes'.
        Help: '--json' is a flag and takes no value.
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "a missing required argument names it and its help",
      arguments: ["show"],
      expected: .missingArgument("note", commandPath: ["show"]),
      rendered: """
        Error: Missing expected argument '<note>'.
        Help: <note>  The note: its name, path or a unique prefix.
        Usage: notes show [--at <version>] [--json] <note>
        See 'notes help show'.

        """),
    ErrorCase(
      id: "the second of two required arguments is missing",
      arguments: ["remote", "add", "laptop"],
      expected: .missingArgument("url", commandPath: ["remote", "add"]),
      rendered: """
        Error: Missing expected argument '<url>'.
        Help: <url>  Where the remote lives: a path, file://, ssh:// or https:// URL.
        Usage: notes remote add <name> <url>
        See 'notes help remote add'.

        """),
    ErrorCase(
      id: "a value outside the allowed set lists the allowed values",
      arguments: ["list", "--sort", "size"],
      expected: .invalidValue(
        value: "size", option: "--sort", allowed: ["name", "modified"], commandPath: ["list"]),
      rendered: """
        Error: The value 'size' is invalid for '--sort <order>'.
        Help: Please provide one of 'name' or 'modified'.
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """),
    ErrorCase(
      id: "an allowed value check also applies to --name=value and short forms",
      arguments: ["export", "shopping", "-Fpdf"],
      expected: .invalidValue(
        value: "pdf", option: "--format", allowed: ["rtf", "text", "html"], commandPath: ["export"]),
      rendered: """
        Error: The value 'pdf' is invalid for '--format <format>'.
        Help: Please provide one of 'rtf', 'text' or 'html'.
        Usage: notes export [--format <format>] [--output <file>] [--stdout] <note>
        See 'notes help export'.

        """),
    ErrorCase(
      id: "--wait needs a non-negative number of seconds",
      arguments: ["--wait", "soon", "status"],
      expected: .invalidValue(value: "soon", option: "--wait", allowed: [], commandPath: []),
      rendered: """
        Error: The value 'soon' is invalid for '--wait <seconds>'.
        Help: --wait <seconds>  Wait up to <seconds> for another notes process to release the store.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "options declared mutually exclusive conflict",
      arguments: ["export", "shopping", "--stdout", "--output", "out.rtf"],
      expected: .conflictingOptions(["--output", "--stdout"], commandPath: ["export"]),
      rendered: """
        Error: '--output' and '--stdout' cannot be used together.
        Help: Give only one of them.
        Usage: notes export [--format <format>] [--output <file>] [--stdout] <note>
        See 'notes help export'.

        """),
    ErrorCase(
      id: "no command at all",
      arguments: [],
      expected: .missingCommand,
      rendered: """
        Error: No command given.
        Help: Run 'notes help' to list the commands.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "only global options and no command",
      arguments: ["-C", "/tmp/store", "--quiet"],
      expected: .missingCommand,
      rendered: """
        Error: No command given.
        Help: Run 'notes help' to list the commands.
        Usage: notes [<options>] <command> [<arguments>]
        See 'notes help'.

        """),
    ErrorCase(
      id: "a group without its subcommand lists the subcommands",
      arguments: ["remote"],
      expected: .missingSubcommand(commandPath: ["remote"]),
      rendered: """
        Error: 'notes remote' needs a subcommand.
        Help: Subcommands: add, list, remove.
        Usage: notes remote <subcommand>
        See 'notes help remote'.

        """),
  ]

  @Test("each bad command line raises the expected error", arguments: cases)
  func raisesExpectedError(_ errorCase: ErrorCase) {
    #expect(throws: errorCase.expected) {
      try SampleCommands.parser.parse(errorCase.arguments)
    }
  }

  @Test("each usage error renders as Error / Help / Usage / See", arguments: cases)
  func rendersError(_ errorCase: ErrorCase) {
    let text = UsageErrorRenderer.render(
      errorCase.expected, root: SampleCommands.root, parser: SampleCommands.parser)
    #expect(text == errorCase.rendered)
  }

  @Test("a non-integer value read with intValue is an invalid value naming the option")
  func intValueRejectsNonIntegers() throws {
    let outcome = try SampleCommands.parser.parse(["list", "--limit", "ten"])
    guard case .run(_, let arguments, _) = outcome else {
      Issue.record("expected a command to run, got \(outcome)")
      return
    }
    let expected = UsageError.invalidValue(
      value: "ten", option: "--limit", allowed: [], commandPath: ["list"])
    #expect(throws: expected) { try arguments.intValue("limit") }
    #expect(
      UsageErrorRenderer.render(expected, root: SampleCommands.root, parser: SampleCommands.parser)
        == """
        Error: The value 'ten' is invalid for '--limit <count>'.
        Help: --limit <count>  Show at most <count> notes.
        Usage: notes list [--sort <order>] [--limit <count>] [--json]
        See 'notes help list'.

        """)
  }

  @Test("conflictingOptions lists three options with 'and'")
  func conflictingThree() {
    let text = UsageErrorRenderer.render(
      .conflictingOptions(["--a", "--b", "--c"], commandPath: []), root: SampleCommands.root,
      parser: SampleCommands.parser)
    #expect(text.hasPrefix("Error: '--a', '--b' and '--c' cannot be used together.\n"))
  }

  @Test("several suggestions read 'Did you mean one of … or …?'")
  func severalSuggestions() {
    let text = UsageErrorRenderer.render(
      .unknownCommand("x", suggestions: ["a", "b", "c"]), root: SampleCommands.root,
      parser: SampleCommands.parser)
    #expect(text.contains("Help: Did you mean one of 'a', 'b' or 'c'?\n"))
  }
}
