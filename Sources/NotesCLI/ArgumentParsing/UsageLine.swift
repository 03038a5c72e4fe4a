/// The one-line synopsis of a command, such as `notes show [--json] <note>`.
enum UsageLine {
  /// The usage of `command`, found at `path` below the root called `programName`.
  ///
  /// A hand-written ``CommandSpec/usage`` is used as written when it starts with the program
  /// name, and after the command path otherwise. A generated line that does not fit in
  /// `width` columns folds the options into `[<options>]`.
  static func make(for command: CommandSpec, path: [String], programName: String, width: Int)
    -> String
  {
    let invocation = ([programName] + path).joined(separator: " ")
    if let usage = command.usage {
      return usage.hasPrefix(programName + " ") ? usage : invocation + " " + usage
    }
    if command.isGroup {
      return path.isEmpty
        ? "\(invocation) [<options>] <command> [<arguments>]"
        : "\(invocation) <subcommand>"
    }
    let options = command.options.filter { !$0.isHidden }.map(optionSynopsis)
    let arguments = command.arguments.map(\.synopsis)
    let full = ([invocation] + options + arguments).joined(separator: " ")
    if full.count + "USAGE: ".count <= max(width, TextLayout.minimumWidth) || options.isEmpty {
      return full
    }
    return ([invocation, "[<options>]"] + arguments).joined(separator: " ")
  }

  private static func optionSynopsis(_ option: OptionSpec) -> String {
    option.isRepeatable ? "[\(option.synopsis) ...]" : "[\(option.synopsis)]"
  }
}
