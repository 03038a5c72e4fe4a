/// The lookup functions bash and zsh scripts share: each one `case` over strings generated
/// from the specs, in the syntax both shells read.
struct CompletionFunctions {
  var model: CompletionModel
  /// The function-name prefix, such as `_notes`.
  var prefix: String

  private var commands: [(path: String, spec: CommandSpec)] { model.commands }

  /// `_resolve`, `_subcommands`, `_options`, `_takes_value`, `_values` and `_argument`.
  func shared() -> [String] {
    var lines: [String] = []
    lines += function("resolve", comment: "The path reached from path $1 by word $2, if any.") {
      commands.flatMap { path, spec in
        spec.subcommands.map { sub in
          let keys = ([sub.name] + sub.aliases).map { model.quoted("\(path)|\($0)") }
          let next = path.isEmpty ? sub.name : "\(path) \(sub.name)"
          return "    \(keys.joined(separator: "|"))) echo \(model.quoted(next)) ;;"
        }
      }
    }
    lines += function("subcommands", comment: "The subcommands offered after path $1.") {
      commands.compactMap { path, spec in
        let names = spec.listedSubcommands(showingHidden: false).map(\.name)
        return names.isEmpty
          ? nil : "    \(model.quoted(path))) echo \(model.quoted(names.joined(separator: " "))) ;;"
      }
    }
    lines += function(
      "options", comment: "The options of path $1, then the global options.",
      trailer: "  echo \(model.quoted(model.spellings(model.globalOptions).joined(separator: " ")))"
    ) {
      commands.compactMap { path, spec in
        let words = model.spellings(spec.options.filter { !$0.isHidden })
        return words.isEmpty
          ? nil : "    \(model.quoted(path))) echo \(model.quoted(words.joined(separator: " "))) ;;"
      }
    }
    lines += takesValueFunction()
    lines += function("values", comment: "The allowed values of option $2 in path $1.") {
      commands.flatMap { path, spec in
        spec.options.compactMap { option -> String? in
          guard let allowed = option.allowedValues else { return nil }
          let keys = model.spellings([option]).map { model.quoted("\(path)|\($0)") }
          return
            "    \(keys.joined(separator: "|"))) echo \(model.quoted(allowed.joined(separator: " "))) ;;"
        }
      } + globalValueLines()
    }
    lines += function(
      "argument", comment: "What positional argument $2 (from 0) of path $1 takes: note, file or command."
    ) {
      commands.flatMap { path, spec -> [String] in
        let (kinds, variadicLast) = model.argumentKinds(of: spec)
        var cases: [String] = []
        for (index, kind) in kinds.enumerated() {
          let isRest = variadicLast && index == kinds.count - 1
          let key = isRest ? model.quoted("\(path)|") + "*" : model.quoted("\(path)|\(index)")
          if kind != .none { cases.append("    \(key)) echo \(kind.rawValue) ;;") }
          if isRest { break }
        }
        return cases
      }
    }
    return lines
  }

  /// Allowed values of global options, on any path.
  private func globalValueLines() -> [String] {
    model.globalOptions.compactMap { option -> String? in
      guard let allowed = option.allowedValues else { return nil }
      let keys = model.spellings([option]).map { "*" + model.quoted("|\($0)") }
      return "    \(keys.joined(separator: "|"))) echo \(model.quoted(allowed.joined(separator: " "))) ;;"
    }
  }

  private func takesValueFunction() -> [String] {
    var patterns = commands.flatMap { path, spec in
      model.spellings(spec.options.filter { !$0.isFlag }).map { model.quoted("\(path)|\($0)") }
    }
    patterns += model.spellings(model.globalOptions.filter { !$0.isFlag }).map { "*" + model.quoted("|\($0)") }
    return [
      "# Whether option $2 in path $1 takes the next word as its value.",
      "\(prefix)_takes_value() {",
      "  case \"$1|$2\" in",
      "    \(patterns.joined(separator: "|"))) return 0 ;;",
      "  esac",
      "  return 1",
      "}",
      "",
    ]
  }

  /// A function whose body is one `case "$1|$2"` (or `"$1"`) over generated lines.
  private func function(
    _ name: String, comment: String, trailer: String? = nil, cases: () -> [String]
  ) -> [String] {
    let subject = name == "subcommands" || name == "options" ? "\"$1\"" : "\"$1|$2\""
    var lines = ["# \(comment)", "\(prefix)_\(name)() {", "  case \(subject) in"]
    lines += cases()
    lines += ["  esac"]
    if let trailer { lines.append(trailer) }
    lines += ["}", ""]
    return lines
  }
}
