/// Turns a ``UsageError`` into the text printed on standard error: the one place usage
/// errors are worded.
///
/// ```
/// Error: Unknown option '--jsno'.
/// Help: Did you mean '--json'?
/// Usage: notes list [--json] [--sort <order>]
/// See 'notes help list'.
/// ```
///
/// The exit status for any usage error is 2; returning it is the caller's job.
public struct UsageErrorRenderer {
  /// The message for `error`, ending with a newline. `root` is the tree the error came from
  /// (used to quote option help); `parser` supplies the usage line; `style` colours the
  /// labels when standard error may carry colour.
  public static func render(
    _ error: UsageError, root: CommandSpec, parser: CommandLineParser, style: Style = .plain
  ) -> String {
    let path = error.commandPath
    let command = root.descendant(at: path) ?? parser.root.descendant(at: path) ?? root
    let (message, hint) = wording(of: error, command: command, programName: parser.root.name)
    var lines = [style.error("Error:") + " " + message]
    if let hint { lines.append(style.hint("Help:") + " " + hint) }
    lines.append("Usage: " + parser.usageLine(for: path))
    let helpInvocation = ([parser.root.name, "help"] + path).joined(separator: " ")
    lines.append("See '\(helpInvocation)'.")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func wording(of error: UsageError, command: CommandSpec, programName: String)
    -> (message: String, hint: String?)
  {
    switch error {
    case .unknownCommand(let name, let suggestions):
      return ("'\(name)' is not a \(programName) command.", didYouMean(suggestions))

    case .unknownOption(let option, let suggestion, _):
      return ("Unknown option '\(option)'.", suggestion.flatMap { didYouMean([$0]) })

    case .missingValue(let option, _):
      let spec = optionSpec(option, in: command)
      let shown = spec.map { synopsis(of: $0, spelled: option) } ?? option
      return ("Missing value for '\(shown)'.", spec.map(helpLine))

    case .unexpectedArgument(let argument, _):
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        let option = String(argument[..<equals])
        return ("Unexpected argument '\(argument)'.", "'\(option)' is a flag and takes no value.")
      }
      return ("Unexpected argument '\(argument)'.", nil)

    case .missingArgument(let name, _):
      let spec = command.arguments.first { $0.name == name }
      return ("Missing expected argument '<\(name)>'.", spec.map { "<\(name)>  \($0.help)" })

    case .invalidValue(let value, let option, let allowed, _):
      let spec = optionSpec(option, in: command)
      let message = "The value '\(value)' is invalid for '\(spec?.synopsis ?? option)'."
      if !allowed.isEmpty {
        return (
          message, "Please provide one of \(TextLayout.quotedList(allowed, conjunction: "or"))."
        )
      }
      return (message, spec.map(helpLine))

    case .conflictingOptions(let options, _):
      let list = TextLayout.quotedList(options, conjunction: "and")
      return ("\(list) cannot be used together.", "Give only one of them.")

    case .missingCommand:
      return ("No command given.", "Run '\(programName) help' to list the commands.")

    case .missingSubcommand(let path):
      let names = command.listedSubcommands(showingHidden: false).map(\.name)
      let invocation = ([programName] + path).joined(separator: " ")
      return (
        "'\(invocation)' needs a subcommand.",
        "Subcommands: \(names.joined(separator: ", "))."
      )
    }
  }

  private static func didYouMean(_ suggestions: [String]) -> String? {
    switch suggestions.count {
    case 0: return nil
    case 1: return "Did you mean '\(suggestions[0])'?"
    default: return "Did you mean one of \(TextLayout.quotedList(suggestions, conjunction: "or"))?"
    }
  }

  /// The spec of an option as typed (`--wait`, `-C`), in the command or among the globals.
  private static func optionSpec(_ spelling: String, in command: CommandSpec) -> OptionSpec? {
    (command.options + GlobalOptions.specs).first { $0.matches(spelling: spelling) }
  }

  /// `-C <directory>` when the user typed `-C`, `--store <directory>` otherwise.
  private static func synopsis(of option: OptionSpec, spelled: String) -> String {
    guard !spelled.hasPrefix("--"), let valueName = option.valueName else { return option.synopsis }
    return "\(spelled) <\(valueName)>"
  }

  private static func helpLine(_ option: OptionSpec) -> String {
    "\(option.synopsis)  \(option.help)"
  }
}
