/// Builds help text from the spec: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS and
/// EXAMPLES, wrapped at a given width.
///
/// `notes -h`, `notes --help`, `notes help CMD` and `notes CMD --help` all end up here, so
/// they print the same text.
struct HelpGenerator {
  var programName: String
  var topics: [HelpTopic]
  var width: Int
  var showHidden: Bool

  private var column: Int { TextLayout.helpColumn(width: width) }

  /// The help of `command`, found at `path` below the root.
  func help(for command: CommandSpec, path: [String]) -> String {
    var sections: [[String]] = [overview(command.abstract, discussion: command.discussion)]
    let usage = UsageLine.make(for: command, path: path, programName: programName, width: width)
    sections.append(TextLayout.wrap(usage, width: width, firstPrefix: "USAGE: ", prefix: "         "))
    if !command.arguments.isEmpty {
      sections.append(["ARGUMENTS:"] + command.arguments.flatMap(argumentLines))
    }
    let options = path.isEmpty ? command.options + GlobalOptions.specs : command.options + [helpOption]
    let shownOptions = options.filter { showHidden || !$0.isHidden }
    if !shownOptions.isEmpty {
      sections.append(["OPTIONS:"] + shownOptions.flatMap(optionLines))
    }
    let subcommands = command.listedSubcommands(showingHidden: showHidden)
    if !subcommands.isEmpty {
      sections.append(["SUBCOMMANDS:"] + subcommands.flatMap(subcommandLines))
    }
    let shownTopics = path.isEmpty ? topics.filter { showHidden || !$0.isHidden } : []
    if !shownTopics.isEmpty {
      sections.append(["HELP TOPICS:"] + shownTopics.flatMap(topicLines))
    }
    if !command.examples.isEmpty {
      sections.append(["EXAMPLES:"] + command.examples.map { "  " + $0 })
    }
    sections.append([footer(for: command, path: path)])
    return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
  }

  /// The page of a help topic: its abstract as OVERVIEW, then its text as written.
  func help(for topic: HelpTopic) -> String {
    let overview = overview(topic.abstract, discussion: nil).joined(separator: "\n")
    var body = topic.text
    while body.last == "\n" { body.removeLast() }
    return overview + "\n\n" + body + "\n"
  }

  private func overview(_ abstract: String, discussion: String?) -> [String] {
    var lines = TextLayout.wrap(abstract, width: width, firstPrefix: "OVERVIEW: ", prefix: "")
    for paragraph in TextLayout.paragraphs(discussion ?? "") {
      lines.append("")
      lines += TextLayout.wrap(paragraph, width: width, firstPrefix: "", prefix: "")
    }
    return lines
  }

  private func argumentLines(_ argument: ArgumentSpec) -> [String] {
    let label = argument.isVariadic ? "<\(argument.name)> ..." : "<\(argument.name)>"
    return TextLayout.twoColumns(label: label, text: argument.help, width: width, column: column)
  }

  private func optionLines(_ option: OptionSpec) -> [String] {
    let label = option.short.map { "-\($0), \(option.synopsis)" } ?? option.synopsis
    var text = option.help
    if let allowed = option.allowedValues, !allowed.isEmpty {
      text += " (values: \(allowed.joined(separator: ", ")))"
    }
    if option.isRepeatable { text += " (may be repeated)" }
    return TextLayout.twoColumns(label: label, text: text, width: width, column: column)
  }

  private func subcommandLines(_ subcommand: CommandSpec) -> [String] {
    let label = ([subcommand.name] + subcommand.aliases).joined(separator: ", ")
    let text = subcommand.isHidden ? subcommand.abstract + " (hidden)" : subcommand.abstract
    return TextLayout.twoColumns(label: label, text: text, width: width, column: column)
  }

  private func topicLines(_ topic: HelpTopic) -> [String] {
    TextLayout.twoColumns(label: topic.name, text: topic.abstract, width: width, column: column)
  }

  private func footer(for command: CommandSpec, path: [String]) -> String {
    if path.isEmpty { return "See '\(programName) help <command>' for detailed help." }
    if command.isGroup {
      let invocation = ([programName, "help"] + path).joined(separator: " ")
      return "See '\(invocation) <subcommand>' for detailed help."
    }
    return "See '\(programName) help' for the global options."
  }

  private var helpOption: OptionSpec {
    GlobalOptions.spec(long: "help") ?? OptionSpec(long: "help", short: "h", help: "Show help information.")
  }
}
