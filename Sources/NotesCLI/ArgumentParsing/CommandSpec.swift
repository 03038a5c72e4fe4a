/// A command of the `notes` tree, as plain data: what it is called, what it takes and what
/// help it prints.
///
/// A command with subcommands is a group (`notes remote`): it is never run itself, and it
/// takes no positional arguments of its own.
public struct CommandSpec: Sendable, Equatable {
  /// The name typed on the command line, such as `list`.
  public var name: String
  /// Other names that run the same command, such as `ls`; explicit and stable, never guessed.
  public var aliases: [String]
  /// One sentence shown in OVERVIEW and in the parent's SUBCOMMANDS list.
  public var abstract: String
  /// Longer text shown after the abstract; paragraphs are separated by blank lines.
  public var discussion: String?
  /// A hand-written usage line (without the program path); generated from the spec when `nil`.
  public var usage: String?
  /// Positional arguments in order.
  public var arguments: [ArgumentSpec]
  /// Options and flags of this command (global options are added by the parser).
  public var options: [OptionSpec]
  /// Complete command lines shown under EXAMPLES, such as `notes new shopping`.
  public var examples: [String]
  /// Nested commands, such as `add`, `list` and `remove` under `remote`.
  public var subcommands: [CommandSpec]
  /// Whether the command is left out of listings unless `--help-hidden` is given.
  public var isHidden: Bool
  /// Whether the command changes the store (the caller may take the store lock for it).
  public var writesToStore: Bool
  /// Whether the command may reach a remote (fetch, push, clone), so `notes` prepares its
  /// network transports before running it; every other command starts without them.
  public var reachesRemote: Bool
  /// Sets of long option names of which at most one may be given at a time.
  public var mutuallyExclusive: [[String]]

  /// Creates a command spec.
  public init(
    name: String, aliases: [String] = [], abstract: String, discussion: String? = nil,
    usage: String? = nil, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
    examples: [String] = [], subcommands: [CommandSpec] = [], isHidden: Bool = false,
    writesToStore: Bool = false, mutuallyExclusive: [[String]] = [], reachesRemote: Bool = false
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.discussion = discussion
    self.usage = usage
    self.arguments = arguments
    self.options = options
    self.examples = examples
    self.subcommands = subcommands
    self.isHidden = isHidden
    self.writesToStore = writesToStore
    self.reachesRemote = reachesRemote
    self.mutuallyExclusive = mutuallyExclusive.map { group in
      group.map { String($0.drop(while: { $0 == "-" })) }
    }
  }

  /// Whether the command only groups subcommands.
  public var isGroup: Bool { !subcommands.isEmpty }

  /// The direct subcommand called `word`, by name or alias.
  public func subcommand(named word: String) -> CommandSpec? {
    subcommands.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// The command at `path` below this one (canonical names or aliases), or `nil`.
  public func descendant(at path: [String]) -> CommandSpec? {
    var command = self
    for word in path {
      guard let next = command.subcommand(named: word) else { return nil }
      command = next
    }
    return command
  }

  /// The subcommands shown in listings.
  func listedSubcommands(showingHidden: Bool) -> [CommandSpec] {
    subcommands.filter { showingHidden || !$0.isHidden }
  }

  /// The option of this command with the long name `long` (with or without dashes).
  func option(long: String) -> OptionSpec? {
    let bare = String(long.drop(while: { $0 == "-" }))
    return options.first { $0.long == bare }
  }

  /// The option of this command with the one-letter name `short`.
  func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
