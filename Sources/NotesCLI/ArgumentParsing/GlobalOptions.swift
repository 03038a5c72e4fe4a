/// Options every command accepts, before or after the command name: `-C`, `--wait`,
/// `--no-color`, `--color`, `--quiet` and `--debug`.
///
/// `--version`, `-h`/`--help` and `--help-hidden` are global too, but they change the
/// ``ParseOutcome`` instead of being stored here. `--json` is not global: each command that
/// reports declares it.
public struct GlobalOptions: Sendable, Equatable {
  /// The store given with `-C DIR`; it overrides `NOTES_STORE`.
  public var storePath: String?
  /// How long to wait for the store lock, from `--wait SECONDS`.
  public var waitSeconds: Double?
  /// Whether `--no-color` was given.
  public var noColor: Bool
  /// The `--color <when>` given, if any; it wins over `--no-color`.
  public var color: ColorMode?
  /// Whether `--quiet` was given: no messages on success.
  public var quiet: Bool
  /// Whether `--debug` was given: errors show their underlying chain.
  public var debug: Bool

  /// Creates global options; the defaults are those of a command line without any.
  public init(
    storePath: String? = nil, waitSeconds: Double? = nil, noColor: Bool = false,
    quiet: Bool = false, debug: Bool = false, color: ColorMode? = nil
  ) {
    self.color = color
    self.storePath = storePath
    self.waitSeconds = waitSeconds
    self.noColor = noColor
    self.quiet = quiet
    self.debug = debug
  }
}

extension GlobalOptions {
  /// The specs of the global options, in the order the root help lists them.
  public static let specs: [OptionSpec] = [
    OptionSpec(
      long: "store", short: "C", valueName: "directory",
      help: "Use the store at <directory> instead of NOTES_STORE or the enclosing store."),
    OptionSpec(
      long: "wait", valueName: "seconds",
      help: "Wait up to <seconds> for another notes process to release the store."),
    OptionSpec(long: "no-color", help: "Never colour the output (same as --color never)."),
    OptionSpec(
      long: "color", valueName: "when", allowedValues: ColorMode.allCases.map(\.rawValue),
      help: "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never."),
    OptionSpec(long: "quiet", short: "q", help: "No messages on success (a result on stdout, such as the name `new` gave, stays)."),
    OptionSpec(long: "debug", help: "Show the underlying cause of every error."),
    OptionSpec(long: "version", help: "Show the version and exit."),
    OptionSpec(long: "help", short: "h", help: "Show help information."),
    OptionSpec(
      long: "help-hidden", help: "Show help, including hidden commands and topics.",
      isHidden: true),
  ]

  /// The global option spelled `long` (without dashes).
  static func spec(long: String) -> OptionSpec? { specs.first { $0.long == long } }

  /// The global option spelled `-short`.
  static func spec(short: Character) -> OptionSpec? { specs.first { $0.short == short } }

  /// Stores the value of the global option `spec`, checking its type.
  mutating func record(_ spec: OptionSpec, value: String?, commandPath: [String]) throws(UsageError)
  {
    switch spec.long {
    case "store": storePath = value
    case "wait":
      guard let value else { return }
      guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
        throw .invalidValue(value: value, option: "--wait", allowed: [], commandPath: commandPath)
      }
      waitSeconds = seconds
    case "no-color": noColor = true
    case "color": color = value.flatMap(ColorMode.init(rawValue:))
    case "quiet": quiet = true
    case "debug": debug = true
    default: break
    }
  }
}

extension GlobalOptions {
  /// The colour mode the options ask for: `--color` if given, else never with
  /// `--no-color`, else auto.
  public var colorMode: ColorMode { color ?? (noColor ? .never : .auto) }
}
