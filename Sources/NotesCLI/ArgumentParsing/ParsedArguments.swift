/// The values a command line gave one command, looked up by the names in its spec.
///
/// Option names may be written with or without dashes: `flag("json")` and `flag("--json")`
/// are the same question.
public struct ParsedArguments: Sendable, Equatable {
  /// The canonical names from the root to the command, such as `["remote", "add"]`.
  public var commandPath: [String]
  private var flagCounts: [String: Int]
  private var optionValues: [String: [String]]
  private var argumentValues: [String: [String]]

  /// Creates parsed arguments directly (useful to call a command from a test).
  public init(
    commandPath: [String], flags: [String] = [], options: [String: [String]] = [:],
    arguments: [String: [String]] = [:]
  ) {
    self.commandPath = commandPath
    self.flagCounts = [:]
    self.optionValues = [:]
    self.argumentValues = arguments
    for flag in flags { flagCounts[Self.bare(flag), default: 0] += 1 }
    for (name, values) in options { optionValues[Self.bare(name)] = values }
  }

  /// Whether the flag was given at least once.
  public func flag(_ long: String) -> Bool { flagCount(long) > 0 }

  /// How many times the flag was given (for `-vv`-style counting).
  public func flagCount(_ long: String) -> Int { flagCounts[Self.bare(long)] ?? 0 }

  /// The value of the option; the last one when it was given more than once.
  public func value(_ long: String) -> String? { optionValues[Self.bare(long)]?.last }

  /// Every value of a repeatable option, in command-line order.
  public func values(_ long: String) -> [String] { optionValues[Self.bare(long)] ?? [] }

  /// The value of a positional argument.
  public func argument(_ name: String) -> String? { argumentValues[name]?.first }

  /// Every value of a variadic argument, in command-line order.
  public func arguments(_ name: String) -> [String] { argumentValues[name] ?? [] }

  /// The option's value as an integer, or `nil` when the option was not given.
  ///
  /// - Throws: ``UsageError/invalidValue(value:option:allowed:commandPath:)`` when the value
  ///   is not an integer.
  public func intValue(_ long: String) throws(UsageError) -> Int? {
    guard let text = value(long) else { return nil }
    guard let number = Int(text) else {
      throw .invalidValue(
        value: text, option: "--" + Self.bare(long), allowed: [], commandPath: commandPath)
    }
    return number
  }

  mutating func recordFlag(_ long: String) { flagCounts[long, default: 0] += 1 }
  mutating func recordValue(_ value: String, for long: String) {
    optionValues[long, default: []].append(value)
  }
  mutating func recordArgument(_ value: String, for name: String) {
    argumentValues[name, default: []].append(value)
  }
  func hasOption(_ long: String) -> Bool {
    flagCounts[long] != nil || optionValues[long] != nil
  }

  private static func bare(_ name: String) -> String {
    String(name.drop(while: { $0 == "-" }))
  }
}
