/// A `notes` subcommand: its spec (name, arguments, options, help) and what it does.
protocol NotesCommand: Sendable {
  /// The command's spec, from which parsing and help are made.
  static var spec: CommandSpec { get }
  /// Runs the command with parsed arguments.
  static func run(_ arguments: ParsedArguments, context: CommandContext) throws
}
