/// A flag (`--json`) or an option that takes a value (`--format <format>`), as plain data.
///
/// The long name is stored without its leading dashes; `OptionSpec(long: "--json", …)` and
/// `OptionSpec(long: "json", …)` describe the same option.
///
/// ```swift
/// OptionSpec(long: "format", short: "f", valueName: "format",
///            allowedValues: ["text", "json"], help: "The output format.")
/// ```
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes, such as `json` for `--json`.
  public var long: String
  /// The one-letter name, such as `C` for `-C`, if the option has one.
  public var short: Character?
  /// The placeholder shown in help (`<format>`); `nil` makes the option a flag.
  public var valueName: String?
  /// The only values accepted, if the option is an enumeration.
  public var allowedValues: [String]?
  /// Whether the option may be given more than once to collect several values.
  public var isRepeatable: Bool
  /// One sentence for the OPTIONS section of the help.
  public var help: String
  /// Whether the option is left out of help unless `--help-hidden` is given.
  public var isHidden: Bool

  /// Creates an option; pass a `valueName` for an option that takes a value, none for a flag.
  public init(
    long: String, short: Character? = nil, valueName: String? = nil,
    allowedValues: [String]? = nil, isRepeatable: Bool = false, help: String,
    isHidden: Bool = false
  ) {
    self.long = String(long.drop(while: { $0 == "-" }))
    self.short = short
    self.valueName = valueName
    self.allowedValues = allowedValues
    self.isRepeatable = isRepeatable
    self.help = help
    self.isHidden = isHidden
  }

  /// Whether the option is a flag, i.e. takes no value.
  public var isFlag: Bool { valueName == nil }

  /// The long spelling with dashes, such as `--json`.
  public var longSpelling: String { "--" + long }

  /// How the option appears in usage and error messages: `--format <format>` or `--json`.
  public var synopsis: String {
    guard let valueName else { return longSpelling }
    return "\(longSpelling) <\(valueName)>"
  }

  /// Whether `spelling` (`--json`, `json`, `-j`) names this option.
  func matches(spelling: String) -> Bool {
    if spelling.hasPrefix("--") || !spelling.hasPrefix("-") {
      return String(spelling.drop(while: { $0 == "-" })) == long
    }
    let letter = spelling.dropFirst()
    return letter.count == 1 && letter.first == short
  }
}

/// A positional argument of a command, such as `<note>`, as plain data.
public struct ArgumentSpec: Sendable, Equatable {
  /// The name used in usage (`<note>`) and to read the value back (`arguments.argument("note")`).
  public var name: String
  /// One sentence for the ARGUMENTS section of the help.
  public var help: String
  /// Whether the command runs without this argument.
  public var isOptional: Bool
  /// Whether the argument takes every remaining positional value; it must come last.
  public var isVariadic: Bool

  /// Creates a positional argument.
  public init(name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isVariadic = isVariadic
  }

  /// How the argument appears in usage: `<note>`, `[<note>]`, `<file> ...` or `[<file> ...]`.
  public var synopsis: String {
    let base = isVariadic ? "<\(name)> ..." : "<\(name)>"
    return isOptional ? "[\(base)]" : base
  }
}
