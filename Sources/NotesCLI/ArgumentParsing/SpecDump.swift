/// The command tree as JSON, printed by `notes help --dump-spec`.
///
/// Like SAP's `--experimental-dump-help`, this is the one model rendered for other tools: a
/// README command reference, a man page or a completion script can be generated from it and
/// golden-tested, so help and docs never drift. Keys are sorted (``JSONOutput``); fields may
/// be added but are never renamed.
enum SpecDump {
  /// The JSON text describing `parser`'s whole tree, global options and help topics.
  static func json(for parser: CommandLineParser) -> String {
    let dump = Root(
      version: parser.version,
      command: Command(parser.root, path: [], parser: parser),
      globalOptions: GlobalOptions.specs.map(Option.init),
      topics: parser.topics.map {
        Topic(name: $0.name, abstract: $0.abstract, isHidden: $0.isHidden)
      })
    // Only strings, booleans and arrays of them are encoded, which cannot fail.
    return ((try? JSONOutput.encode(dump)) ?? "{}") + "\n"
  }

  private struct Root: Encodable {
    var version: String
    var command: Command
    var globalOptions: [Option]
    var topics: [Topic]
  }

  private struct Command: Encodable {
    var name: String
    var path: [String]
    var aliases: [String]
    var abstract: String
    var discussion: String?
    var usage: String
    var arguments: [Argument]
    var options: [Option]
    var examples: [String]
    var subcommands: [Command]
    var isHidden: Bool
    var writesToStore: Bool
    var mutuallyExclusive: [[String]]

    init(_ spec: CommandSpec, path: [String], parser: CommandLineParser) {
      name = spec.name
      self.path = path
      aliases = spec.aliases
      abstract = spec.abstract
      discussion = spec.discussion
      usage = parser.usageLine(for: path)
      arguments = spec.arguments.map {
        Argument(name: $0.name, help: $0.help, isOptional: $0.isOptional, isVariadic: $0.isVariadic)
      }
      options = spec.options.map(Option.init)
      examples = spec.examples
      subcommands = spec.subcommands.map { Command($0, path: path + [$0.name], parser: parser) }
      isHidden = spec.isHidden
      writesToStore = spec.writesToStore
      mutuallyExclusive = spec.mutuallyExclusive.map { $0.map { "--" + $0 } }
    }
  }

  private struct Argument: Encodable {
    var name: String
    var help: String
    var isOptional: Bool
    var isVariadic: Bool
  }

  private struct Option: Encodable {
    var long: String
    var short: String?
    var valueName: String?
    var allowedValues: [String]?
    var isRepeatable: Bool
    var isHidden: Bool
    var help: String

    init(_ spec: OptionSpec) {
      long = spec.longSpelling
      short = spec.short.map { "-\($0)" }
      valueName = spec.valueName
      allowedValues = spec.allowedValues
      isRepeatable = spec.isRepeatable
      isHidden = spec.isHidden
      help = spec.help
    }
  }

  private struct Topic: Encodable {
    var name: String
    var abstract: String
    var isHidden: Bool
  }
}
