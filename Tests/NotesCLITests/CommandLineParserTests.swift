import NotesCLI
import Testing

@Suite("Parsing command lines")
struct CommandLineParserTests {
  let parser = SampleCommands.parser

  /// The parsed values of a command line that must run a command.
  func run(_ argv: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> (CommandSpec, ParsedArguments, GlobalOptions)
  {
    let outcome = try parser.parse(argv)
    guard case .run(let command, let arguments, let globals) = outcome else {
      Issue.record(
        "expected \(argv) to run a command, got \(outcome)", sourceLocation: sourceLocation)
      throw CancellationError()
    }
    return (command, arguments, globals)
  }

  @Test("a command with an argument and a flag runs with both")
  func simpleCommand() throws {
    let (command, arguments, globals) = try run(["show", "shopping", "--json"])
    #expect(command.name == "show")
    #expect(arguments.commandPath == ["show"])
    #expect(arguments.argument("note") == "shopping")
    #expect(arguments.flag("json"))
    #expect(arguments.flag("--json"))
    #expect(!arguments.flag("at"))
    #expect(globals == GlobalOptions())
  }

  @Test("nested subcommands report their full path")
  func nestedSubcommand() throws {
    let (command, arguments, _) = try run(["remote", "add", "laptop", "ssh://laptop/notes"])
    #expect(command.name == "add")
    #expect(command.writesToStore)
    #expect(arguments.commandPath == ["remote", "add"])
    #expect(arguments.argument("name") == "laptop")
    #expect(arguments.argument("url") == "ssh://laptop/notes")
  }

  @Test("an alias runs the command under its canonical name")
  func alias() throws {
    let (_, arguments, _) = try run(["ls", "--sort", "name"])
    #expect(arguments.commandPath == ["list"])
    #expect(arguments.value("sort") == "name")
  }

  @Test(
    "-C and --wait are global and work before or after the command",
    arguments: [
      ["-C", "/tmp/store", "--wait", "2.5", "list"],
      ["list", "-C", "/tmp/store", "--wait", "2.5"],
      ["--wait=2.5", "list", "--store=/tmp/store"],
      ["-C/tmp/store", "list", "--wait", "2.5"],
    ])
  func globalOptionsAnywhere(_ argv: [String]) throws {
    let (_, arguments, globals) = try run(argv)
    #expect(arguments.commandPath == ["list"])
    #expect(globals.storePath == "/tmp/store")
    #expect(globals.waitSeconds == 2.5)
  }

  @Test("global flags are collected apart from the command's own")
  func globalFlags() throws {
    let (_, arguments, globals) = try run(["--no-color", "status", "-q", "--debug", "--json"])
    #expect(globals == GlobalOptions(noColor: true, quiet: true, debug: true))
    #expect(arguments.flag("json"))
    #expect(!arguments.flag("quiet"))
  }

  @Test(
    "--name=value and --name value mean the same",
    arguments: [
      ["new", "todo", "--title=This week"], ["new", "todo", "--title", "This week"],
      ["new", "todo", "-t", "This week"], ["new", "todo", "-tThis week"],
    ])
  func optionValueForms(_ argv: [String]) throws {
    let (_, arguments, _) = try run(argv)
    #expect(arguments.value("title") == "This week")
    #expect(arguments.argument("name") == "todo")
  }

  @Test("an empty value after '=' is a value")
  func emptyInlineValue() throws {
    let (_, arguments, _) = try run(["new", "todo", "--title="])
    #expect(arguments.value("title") == "")
  }

  @Test("packed short flags set every flag")
  func packedShortFlags() throws {
    let (_, arguments, globals) = try run(["delete", "-fnq", "draft", "old"])
    #expect(arguments.flag("force"))
    #expect(arguments.flag("dry-run"))
    #expect(globals.quiet)
    #expect(arguments.arguments("note") == ["draft", "old"])
  }

  @Test("a repeatable option keeps every value; a single-valued one keeps the last")
  func repeatedOptions() throws {
    let (_, arguments, _) = try run([
      "new", "todo", "--tag", "home", "--title", "a", "--tag", "work", "--title", "b",
    ])
    #expect(arguments.values("tag") == ["home", "work"])
    #expect(arguments.value("title") == "b")
    #expect(arguments.values("title") == ["a", "b"])
  }

  @Test("a lone '-' is a positional value (standard input)")
  func loneDash() throws {
    let (_, arguments, _) = try run(["write", "shopping", "-"])
    #expect(arguments.argument("file") == "-")
  }

  @Test(
    "'--' and '--end-of-options' make every later word a value",
    arguments: ["--", "--end-of-options"])
  func terminator(_ terminator: String) throws {
    let (_, arguments, _) = try run(["attach", "trip", terminator, "--help", "-x.png"])
    #expect(arguments.argument("note") == "trip")
    #expect(arguments.arguments("file") == ["--help", "-x.png"])
  }

  @Test("options and arguments may come in any order")
  func orderIndependence() throws {
    let (_, first, _) = try run(["export", "shopping", "--format", "text", "--stdout"])
    let (_, second, _) = try run(["export", "--stdout", "--format", "text", "shopping"])
    #expect(first == second)
  }

  @Test("a negative number is a value, not an option")
  func negativeNumber() throws {
    let (_, arguments, _) = try run(["list", "--limit", "-5"])
    #expect(try arguments.intValue("limit") == -5)
  }

  @Test("intValue is nil for an option that was not given")
  func intValueAbsent() throws {
    let (_, arguments, _) = try run(["list"])
    #expect(try arguments.intValue("limit") == nil)
  }

  @Test("a variadic argument may be empty only when it is optional")
  func variadic() throws {
    let (_, arguments, _) = try run(["attach", "trip", "map.png", "ticket.pdf"])
    #expect(arguments.arguments("file") == ["map.png", "ticket.pdf"])
    #expect(throws: UsageError.missingArgument("note", commandPath: ["delete"])) {
      try parser.parse(["delete"])
    }
  }

  @Test("hidden commands still run")
  func hiddenCommandRuns() throws {
    let (command, arguments, _) = try run(["merge-driver", "base.rtf", "ours.rtf", "theirs.rtf"])
    #expect(command.isHidden)
    #expect(arguments.argument("theirs") == "theirs.rtf")
  }

  @Test("--version prints the version, wherever it is")
  func version() throws {
    #expect(try parser.parse(["--version"]) == .version)
    #expect(try parser.parse(["status", "--version"]) == .version)
    #expect(parser.versionText == "notes 1.2.3")
  }

  @Test("the built-in help command is added to the root once")
  func helpIsBuiltIn() {
    #expect(parser.root.subcommands.filter { $0.name == "help" }.count == 1)
    let again = CommandLineParser(root: parser.root, version: "1")
    #expect(again.root.subcommands.filter { $0.name == "help" }.count == 1)
  }

  @Test("ParsedArguments can be made directly for tests of commands")
  func directParsedArguments() throws {
    let arguments = ParsedArguments(
      commandPath: ["list"], flags: ["--json"], options: ["limit": ["3"]],
      arguments: ["note": ["a"]])
    #expect(arguments.flag("json"))
    #expect(try arguments.intValue("--limit") == 3)
    #expect(arguments.argument("note") == "a")
  }
}
