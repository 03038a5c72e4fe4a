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

  /// The help of `command`, found at `path` below the root.
  func help(for command: CommandSpec, path: [String]) -> String {
    var sections: [[String]] = [overview(command.abstract, discussion: command.discussion)]
    let usage = UsageLine.make(for: command, path: path, programName: programName, width: width)
    sections.append(
      TextLayout.wrap(usage, width: width, firstPrefix: "USAGE: ", prefix: "         "))
    let options =
      (path.isEmpty ? command.options + GlobalOptions.specs : command.options + [helpOption])
      .filter { showHidden || !$0.isHidden }
    let subcommands = command.listedSubcommands(showingHidden: showHidden)
    let shownTopics = path.isEmpty ? topics.filter { showHidden || !$0.isHidden } : []

    let arguments = command.arguments.map { (label($0), $0.help) }
    let optionRows = options.map { (label($0), helpText($0)) }
    let subcommandRows = subcommands.map { (label($0), helpText($0)) }
    let topicRows = shownTopics.map { ($0.name, $0.abstract) }
    let labels = (arguments + optionRows + subcommandRows + topicRows).map(\.0)
    let column = TextLayout.helpColumn(width: width, labels: labels)
    for (title, rows) in [
      ("ARGUMENTS:", arguments), ("OPTIONS:", optionRows), ("SUBCOMMANDS:", subcommandRows),
      ("HELP TOPICS:", topicRows),
    ] where !rows.isEmpty {
      let lines = rows.flatMap { row in
        TextLayout.twoColumns(label: row.0, text: row.1, width: width, column: column)
      }
      sections.append([title] + lines)
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

  private func label(_ argument: ArgumentSpec) -> String {
    argument.isVariadic ? "<\(argument.name)> ..." : "<\(argument.name)>"
  }

  private func label(_ option: OptionSpec) -> String {
    option.short.map { "-\($0), \(option.synopsis)" } ?? option.synopsis
  }

  private func helpText(_ option: OptionSpec) -> String {
    var text = option.help
    if let allowed = option.allowedValues, !allowed.isEmpty {
      text += " (values: \(allowed.joined(separator: ", ")))"
    }
    if option.isRepeatable { text += " (may be repeated)" }
    return text
  }

  private func label(_ subcommand: CommandSpec) -> String {
    ([subcommand.name] + subcommand.aliases).joined(separator: ", ")
  }

  private func helpText(_ subcommand: CommandSpec) -> String {
    subcommand.isHidden ? subcommand.abstract + " (hidden)" : subcommand.abstract
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
    GlobalOptions.spec(long: "help")
      ?? OptionSpec(long: "help", short: "h", help: "Show help information.")
  }
}
