#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the process's standard streams are connected to, and whether output may be coloured.
///
/// The colour decision is made once, here, and passed around: never colour a stream that is
/// not a terminal, nor when `NO_COLOR` is set and not empty, `TERM` is `dumb`, or
/// `--no-color` was given (clig.dev, no-color.org).
public struct Terminal: Sendable, Equatable {
  /// Whether standard output is a terminal.
  public var stdoutIsTTY: Bool
  /// Whether standard error is a terminal.
  public var stderrIsTTY: Bool
  /// Whether text written to standard output may carry colour.
  public var useColor: Bool
  /// Whether text written to standard error may carry colour.
  public var useColorOnStderr: Bool
  /// The width to lay text out for: `$COLUMNS`, else the terminal's width, else 80.
  public var width: Int

  /// Creates a terminal description directly (for tests, or to force plain output).
  public init(
    stdoutIsTTY: Bool = false, stderrIsTTY: Bool = false, useColor: Bool = false,
    useColorOnStderr: Bool = false, width: Int = Terminal.defaultWidth
  ) {
    self.stdoutIsTTY = stdoutIsTTY
    self.stderrIsTTY = stderrIsTTY
    self.useColor = useColor
    self.useColorOnStderr = useColorOnStderr
    self.width = width
  }

  /// The width used when neither `$COLUMNS` nor the terminal says otherwise.
  public static let defaultWidth = 80

  /// Inspects file descriptors 1 and 2 and `environment` (pass the process environment).
  public static func detect(
    environment: [String: String], noColorFlag: Bool, colorMode: ColorMode = .auto
  ) -> Terminal {
    let stdoutIsTTY = isatty(STDOUT_FILENO) != 0
    return detect(
      environment: environment, noColorFlag: noColorFlag, stdoutIsTTY: stdoutIsTTY,
      stderrIsTTY: isatty(STDERR_FILENO) != 0,
      windowWidth: stdoutIsTTY ? windowWidth(of: STDOUT_FILENO) : nil, colorMode: colorMode)
  }

  /// Decides from the given facts instead of the real streams; `windowWidth` is the width
  /// the terminal reports, if any.
  ///
  /// `colorMode` `.always` and `.never` win over everything else; `.auto` colours a stream
  /// that is a terminal unless `noColorFlag`, a non-empty `NO_COLOR` or `TERM=dumb` says not to.
  public static func detect(
    environment: [String: String], noColorFlag: Bool, stdoutIsTTY: Bool, stderrIsTTY: Bool,
    windowWidth: Int? = nil, colorMode: ColorMode = .auto
  ) -> Terminal {
    let colorAllowed =
      !noColorFlag && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    let reported = windowWidth.flatMap { $0 > 0 ? $0 : nil }
    let stdoutColour: Bool
    let stderrColour: Bool
    switch colorMode {
    case .always: (stdoutColour, stderrColour) = (true, true)
    case .never: (stdoutColour, stderrColour) = (false, false)
    case .auto: (stdoutColour, stderrColour) = (colorAllowed && stdoutIsTTY, colorAllowed && stderrIsTTY)
    }
    return Terminal(
      stdoutIsTTY: stdoutIsTTY, stderrIsTTY: stderrIsTTY,
      useColor: stdoutColour, useColorOnStderr: stderrColour,
      width: columns ?? reported ?? defaultWidth)
  }

  /// The column count the terminal on `descriptor` reports, or `nil`.
  private static func windowWidth(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// When output is coloured, from `--color <when>`.
public enum ColorMode: String, Sendable, CaseIterable {
  /// On a terminal, unless `NO_COLOR`, `TERM=dumb` or `--no-color` say otherwise.
  case auto
  /// Always, even through a pipe.
  case always
  /// Never.
  case never

  /// The mode a raw command line asks for, for the errors printed before parsing finished:
  /// the last `--color WHEN`, `--color=WHEN` or `--no-color` before `--`.
  static func scan(_ argv: [String]) -> ColorMode {
    var mode = ColorMode.auto
    var index = 0
    while index < argv.count {
      let word = argv[index]
      if word == "--" { break }
      if word == "--no-color" { mode = .never }
      if word.hasPrefix("--color=") { mode = ColorMode(rawValue: String(word.dropFirst(8))) ?? mode }
      if word == "--color", index + 1 < argv.count {
        mode = ColorMode(rawValue: argv[index + 1]) ?? mode
        index += 1
      }
      index += 1
    }
    return mode
  }
}
