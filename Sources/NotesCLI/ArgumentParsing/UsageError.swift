/// Everything that can be wrong with a command line, before any command runs.
///
/// Each case carries the offending word as typed and the path of the command being parsed,
/// so ``UsageErrorRenderer`` can quote it and show the right usage. The exit status is 2.
public enum UsageError: Error, Sendable, Equatable {
  /// A word that names no command. The name includes the parent path (`remote ad`).
  case unknownCommand(String, suggestions: [String])
  /// An option the command does not define, as typed (`--nme`, `-x`).
  case unknownOption(String, suggestion: String?, commandPath: [String])
  /// An option that needs a value but got none, as typed (`--title`, `-C`).
  case missingValue(option: String, commandPath: [String])
  /// A positional value, or a value given to a flag, that the command does not take.
  case unexpectedArgument(String, commandPath: [String])
  /// A required positional argument that was not given, by its spec name (`note`).
  case missingArgument(String, commandPath: [String])
  /// A value that is not one of the allowed values, or not of the expected type.
  case invalidValue(value: String, option: String, allowed: [String], commandPath: [String])
  /// Options that cannot be used together, as long spellings (`--keep-mine`).
  case conflictingOptions([String], commandPath: [String])
  /// No command was given (`notes` alone).
  case missingCommand
  /// A group was given without one of its subcommands (`notes remote`).
  case missingSubcommand(commandPath: [String])
}

extension UsageError {
  /// The command path the error happened in; empty for the root.
  public var commandPath: [String] {
    switch self {
    case .unknownCommand(let name, _):
      return Array(name.split(separator: " ").dropLast().map(String.init))
    case .unknownOption(_, _, let path), .missingValue(_, let path),
      .unexpectedArgument(_, let path), .missingArgument(_, let path),
      .invalidValue(_, _, _, let path), .conflictingOptions(_, let path),
      .missingSubcommand(let path):
      return path
    case .missingCommand:
      return []
    }
  }
}
