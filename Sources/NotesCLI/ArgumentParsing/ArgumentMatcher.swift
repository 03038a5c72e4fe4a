/// Walks the tokens of one command line down the command tree (pass two of two).
///
/// Values first select subcommands, then fill positional arguments in order. Options are
/// looked up in the current command, then among the global options, so globals may come
/// before or after the command name. `--help`, `--help-hidden` and `--version` are accepted
/// everywhere and left to ``BuiltInRequests``.
struct ArgumentMatcher {
  private let tokens: [ArgumentToken]
  private var position = 0
  private var argumentIndex = 0
  /// The command reached so far.
  private(set) var command: CommandSpec
  /// The canonical path of `command`; after an error, how far matching got.
  private(set) var path: [String] = []
  private(set) var parsed = ParsedArguments(commandPath: [])
  private(set) var globals = GlobalOptions()
  /// Help and version requests: those found by scanning ahead, plus those matched.
  private(set) var requests: BuiltInRequests

  init(root: CommandSpec, tokens: [ArgumentToken]) {
    self.command = root
    self.tokens = tokens
    self.requests = BuiltInRequests(tokens)
  }

  /// Matches every token, then checks required arguments and exclusive options.
  mutating func match() throws(UsageError) {
    while position < tokens.count {
      let token = tokens[position]
      position += 1
      switch token.kind {
      case .terminator: continue
      case .value(let word): try matchValue(word)
      case .long(let name, let value): try matchLong(name, inlineValue: value, token: token)
      case .shortGroup(let letters): try matchShortGroup(letters, token: token)
      }
    }
    try checkComplete()
  }

  private mutating func matchValue(_ word: String) throws(UsageError) {
    if command.isGroup {
      guard let subcommand = command.subcommand(named: word) else {
        let candidates = command.listedSubcommands(showingHidden: false).map(\.name)
        throw .unknownCommand(
          qualified(word),
          suggestions: commandSuggestions(for: word, among: candidates).map(qualified))
      }
      command = subcommand
      path.append(subcommand.name)
      parsed.commandPath = path
      return
    }
    guard argumentIndex < command.arguments.count else {
      throw .unexpectedArgument(word, commandPath: path)
    }
    let spec = command.arguments[argumentIndex]
    parsed.recordArgument(word, for: spec.name)
    if !spec.isVariadic { argumentIndex += 1 }
  }

  private mutating func matchLong(
    _ name: String, inlineValue: String?, token: ArgumentToken
  ) throws(UsageError) {
    let spelled = "--" + name
    guard let (spec, isGlobal) = lookup(long: name) else {
      throw .unknownOption(spelled, suggestion: suggestedOption(for: name), commandPath: path)
    }
    if spec.isFlag {
      if inlineValue != nil { throw .unexpectedArgument(token.text, commandPath: path) }
      try record(spec, isGlobal: isGlobal, value: nil)
    } else {
      try recordValue(of: spec, isGlobal: isGlobal, spelled: spelled, inlineValue: inlineValue)
    }
  }

  private mutating func matchShortGroup(
    _ letters: [Character], token: ArgumentToken
  ) throws(UsageError) {
    for (offset, letter) in letters.enumerated() {
      guard let (spec, isGlobal) = lookup(short: letter) else {
        // `-json` is most likely a mistyped `--json`: quote the whole word and suggest.
        if offset == 0 && letters.count > 1 {
          throw .unknownOption(
            token.text, suggestion: suggestedOption(for: String(letters)), commandPath: path)
        }
        throw .unknownOption("-\(letter)", suggestion: nil, commandPath: path)
      }
      if spec.isFlag {
        try record(spec, isGlobal: isGlobal, value: nil)
        continue
      }
      // An option taking a value swallows the rest of the group (`-Cdir`) or the next word.
      let rest = String(letters[(offset + 1)...])
      try recordValue(
        of: spec, isGlobal: isGlobal, spelled: "-\(letter)", inlineValue: rest.isEmpty ? nil : rest)
      return
    }
  }

  private mutating func recordValue(
    of spec: OptionSpec, isGlobal: Bool, spelled: String, inlineValue: String?
  ) throws(UsageError) {
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if position < tokens.count, case .value(let next) = tokens[position].kind {
      value = next
      position += 1
    } else {
      throw .missingValue(option: spelled, commandPath: path)
    }
    if let allowed = spec.allowedValues, !allowed.contains(value) {
      throw .invalidValue(
        value: value, option: spec.longSpelling, allowed: allowed, commandPath: path)
    }
    try record(spec, isGlobal: isGlobal, value: value)
  }

  private mutating func record(
    _ spec: OptionSpec, isGlobal: Bool, value: String?
  ) throws(UsageError) {
    if isGlobal {
      switch spec.long {
      case "help": requests.help = true
      case "help-hidden": requests.hiddenHelp = true
      case "version": requests.version = true
      default: try globals.record(spec, value: value, commandPath: path)
      }
    } else if let value {
      parsed.recordValue(value, for: spec.long)
    } else {
      parsed.recordFlag(spec.long)
    }
  }

  private mutating func checkComplete() throws(UsageError) {
    if command.isGroup {
      if path.isEmpty { throw .missingCommand }
      throw .missingSubcommand(commandPath: path)
    }
    for spec in command.arguments where !spec.isOptional && parsed.arguments(spec.name).isEmpty {
      throw .missingArgument(spec.name, commandPath: path)
    }
    for group in command.mutuallyExclusive {
      let given = group.filter { parsed.hasOption($0) }
      if given.count > 1 {
        throw .conflictingOptions(given.map { "--" + $0 }, commandPath: path)
      }
    }
  }

  private func lookup(long name: String) -> (OptionSpec, isGlobal: Bool)? {
    if let spec = command.option(long: name) { return (spec, false) }
    if let spec = GlobalOptions.spec(long: name) { return (spec, true) }
    return nil
  }

  private func lookup(short letter: Character) -> (OptionSpec, isGlobal: Bool)? {
    if let spec = command.option(short: letter) { return (spec, false) }
    if let spec = GlobalOptions.spec(short: letter) { return (spec, true) }
    return nil
  }

  /// The closest visible long option, under SAP's similarity floor (distance below 4).
  private func suggestedOption(for name: String) -> String? {
    let candidates = (command.options + GlobalOptions.specs).filter { !$0.isHidden }.map(\.long)
    return suggestions(for: name, among: candidates, maxDistance: 3).first.map { "--" + $0 }
  }

  private func qualified(_ word: String) -> String {
    (path + [word]).joined(separator: " ")
  }
}

/// What the built-in options ask for.
///
/// The scan ahead lets `--help` win over an error earlier in the same command line, as in
/// `notes show --bogus --help`. Only unambiguous words count here (`--help`, `-h`,
/// `--help-hidden`, `--version`): in `-th` the `h` may be the value of `-t`, so packed
/// groups are left to the matcher, which knows which letters take values.
///
/// Help is found by scanning ahead, so `--help` wins over any error on the line.
/// `--version` is not: a command may have a `--version` option of its own (`notes show
/// NOTE --version ID`), so it counts only where the matcher finds the global option.
struct BuiltInRequests: Equatable {
  var help = false
  var hiddenHelp = false
  var version = false

  init(_ tokens: [ArgumentToken]) {
    for token in tokens {
      switch token.kind {
      case .terminator: return
      case .long("help", nil): help = true
      case .long("help-hidden", nil): hiddenHelp = true
      case .shortGroup(["h"]): help = true
      default: continue
      }
    }
  }

  /// Whether any form of help was asked for.
  var wantsHelp: Bool { help || hiddenHelp }
}
