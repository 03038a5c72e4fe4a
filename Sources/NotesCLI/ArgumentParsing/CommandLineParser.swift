/// What a command line asks for: run a command, print help, or print the version.
public enum ParseOutcome: Sendable, Equatable {
  /// Run `command` with its parsed values; `arguments.commandPath` says which command it is.
  case run(command: CommandSpec, arguments: ParsedArguments, globals: GlobalOptions)
  /// Print this text on standard output and exit 0.
  case help(String)
  /// Print ``CommandLineParser/versionText`` on standard output and exit 0.
  case version
}

/// Parses `notes` command lines against a tree of ``CommandSpec`` values.
///
/// Parsing runs in two passes: ``ArgumentLexer`` classifies each word of argv, then
/// ``ArgumentMatcher`` walks the tree. The parser adds the built-in `help` command to the
/// root, and the global options (``GlobalOptions/specs``) to every command.
///
/// ```swift
/// let parser = CommandLineParser(root: notesRoot, version: "1.0.0")
/// switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .run(let command, let arguments, let globals): …
/// case .help(let text): OutputStreams.writeOut(text)
/// case .version: OutputStreams.writeOut(parser.versionText + "\n")
/// }
/// ```
public struct CommandLineParser: Sendable {
  /// The command tree, with the built-in `help` command appended.
  public let root: CommandSpec
  /// The version printed by `--version`.
  public let version: String
  /// The pages `notes help <topic>` can show.
  public let topics: [HelpTopic]
  /// The width help returned by ``parse(_:)`` is wrapped at.
  public var width: Int

  /// Creates a parser for `root`, whose name is the program name (`notes`).
  public init(
    root: CommandSpec, version: String, topics: [HelpTopic] = HelpTopic.standard, width: Int = 80
  ) {
    var root = root
    if root.subcommand(named: CommandSpec.helpCommand.name) == nil {
      root.subcommands.append(CommandSpec.helpCommand)
    }
    self.root = root
    self.version = version
    self.topics = topics
    self.width = width
  }

  /// The line `--version` prints, such as `notes 1.0.0`.
  public var versionText: String { "\(root.name) \(version)" }

  /// Parses `argv`, which must not include the program name.
  ///
  /// `-h`/`--help` anywhere before `--` wins over any error in the same command line, except
  /// an unknown command: that is always a usage error, with a suggestion.
  ///
  /// - Throws: ``UsageError`` when the command line does not fit the tree; render it with
  ///   ``UsageErrorRenderer`` and exit with status 2.
  public func parse(_ argv: [String]) throws(UsageError) -> ParseOutcome {
    var matcher = ArgumentMatcher(root: root, tokens: ArgumentLexer.tokens(argv))
    do {
      try matcher.match()
    } catch {
      // A word that names no command is an error even with `--help` (`notes log --help` on
      // a build without `log`): showing some other command's help would hide the typo.
      if case .unknownCommand = error { throw error }
      let requests = matcher.requests
      if requests.wantsHelp {
        return .help(helpText(for: matcher.path, width: width, showingHidden: requests.hiddenHelp))
      }
      if requests.version { return .version }
      throw error
    }
    let requests = matcher.requests
    // `notes help remote --help` explains `remote`; `notes help --help` explains `help`.
    let words = matcher.parsed.arguments(CommandSpec.helpArgumentName)
    let isHelpCommand = matcher.path == [CommandSpec.helpCommand.name]
    if isHelpCommand && matcher.parsed.flag(CommandSpec.dumpSpecOption) {
      return .help(SpecDump.json(for: self))
    }
    if isHelpCommand && matcher.parsed.flag(CommandSpec.manOption) {
      return .help(ManPage.roff(for: self))
    }
    if isHelpCommand && (!words.isEmpty || !requests.help) {
      return .help(try resolvedHelp(for: words, width: width, showingHidden: requests.hiddenHelp))
    }
    if requests.wantsHelp {
      return .help(helpText(for: matcher.path, width: width, showingHidden: requests.hiddenHelp))
    }
    if requests.version { return .version }
    return .run(command: matcher.command, arguments: matcher.parsed, globals: matcher.globals)
  }

  /// The help `notes help <path…>` prints: for a command (names or aliases) or a topic.
  ///
  /// When `path` names nothing, the help of the deepest command it does name is returned.
  public func helpText(for path: [String], width: Int) -> String {
    helpText(for: path, width: width, showingHidden: false)
  }

  /// The help for `path`, listing hidden commands, options and topics when `showingHidden`.
  public func helpText(for path: [String], width: Int, showingHidden: Bool) -> String {
    let generator = HelpGenerator(
      programName: root.name, topics: topics, width: width, showHidden: showingHidden)
    if path.count == 1, let topic = topics.first(where: { $0.name == path[0] }) {
      return generator.help(for: topic)
    }
    var command = root
    var canonical: [String] = []
    for word in path {
      guard let next = command.subcommand(named: word) else { break }
      command = next
      canonical.append(next.name)
    }
    return generator.help(for: command, path: canonical)
  }

  /// The usage line of the command at `path`, such as `notes show [--json] <note>`.
  public func usageLine(for path: [String]) -> String {
    let command = root.descendant(at: path) ?? root
    return UsageLine.make(for: command, path: path, programName: root.name, width: width)
  }

  /// Help for the words after `notes help`, or an unknown-command error for a word that
  /// names neither a command nor a topic.
  private func resolvedHelp(for words: [String], width: Int, showingHidden: Bool)
    throws(UsageError) -> String
  {
    if words.count == 1, topics.contains(where: { $0.name == words[0] }) {
      return helpText(for: words, width: width, showingHidden: showingHidden)
    }
    var command = root
    var canonical: [String] = []
    for word in words {
      guard let next = command.subcommand(named: word) else {
        var candidates = command.listedSubcommands(showingHidden: showingHidden).map(\.name)
        if canonical.isEmpty { candidates += topics.map(\.name) }
        let qualify = { (name: String) in (canonical + [name]).joined(separator: " ") }
        throw .unknownCommand(
          qualify(word),
          suggestions: commandSuggestions(for: word, among: candidates).map(qualify))
      }
      command = next
      canonical.append(next.name)
    }
    return helpText(for: canonical, width: width, showingHidden: showingHidden)
  }
}

extension CommandSpec {
  /// The built-in `help` command the parser adds to every root.
  public static let helpCommand = CommandSpec(
    name: "help",
    abstract: "Show help for a command or a topic.",
    discussion: """
      Prints the same text as '--help' after the command. With '--help-hidden', the \
      list also shows hidden commands and the help topics.
      """,
    arguments: [
      ArgumentSpec(
        name: helpArgumentName,
        help: "The command or topic to explain, such as 'remote add' or 'exit-codes'.",
        isOptional: true, isVariadic: true)
    ],
    options: [
      OptionSpec(
        long: dumpSpecOption, help: "Print the whole command tree as JSON, for docs and tools.",
        isHidden: true),
      OptionSpec(long: manOption, help: "Print the manual page (roff), as `make man` writes it."),
    ],
    examples: ["notes help", "notes help remote add", "notes help exit-codes", "notes help --man > notes.1"])

  static let helpArgumentName = "command"
  static let dumpSpecOption = "dump-spec"
  static let manOption = "man"
}
