/// Completion scripts generated from the same specs as parsing and help.
public enum CompletionScript {
  /// A bash completion script for `parser`'s tree: subcommands (aliases resolve, hidden
  /// commands are not offered), options of the command being typed plus the global ones, and
  /// the allowed values of enumerated options. Load it with `source <(notes completion bash)`.
  ///
  /// - Parameter noteCompletionCommand: a command line that prints matching note names one
  ///   per line for a prefix appended as its last argument (such as `notes __complete notes`);
  ///   positional words complete from it. Without one they complete as file names.
  public static func bash(for parser: CommandLineParser, noteCompletionCommand: String? = nil)
    -> String
  {
    BashCompletionWriter(parser: parser, noteCompletionCommand: noteCompletionCommand).script()
  }
}

/// Writes the bash script: lookup functions generated per command, then one driver function.
private struct BashCompletionWriter {
  var parser: CommandLineParser
  var noteCompletionCommand: String?

  private var program: String { parser.root.name }
  private var prefix: String { "_" + program.replacingDashes() }

  /// Every command with its canonical path, root first.
  private var commands: [(path: String, spec: CommandSpec)] {
    var result: [(String, CommandSpec)] = []
    func visit(_ spec: CommandSpec, _ path: [String]) {
      result.append((path.joined(separator: " "), spec))
      for subcommand in spec.subcommands { visit(subcommand, path + [subcommand.name]) }
    }
    visit(parser.root, [])
    return result
  }

  private var globalOptions: [OptionSpec] { GlobalOptions.specs.filter { !$0.isHidden } }

  func script() -> String {
    var lines = [
      "# bash completion for \(program), generated from its command specs.",
      "# Load it with: source <(\(program) completion bash)",
      "",
    ]
    lines += function("resolve", comment: "The path reached from path $1 by word $2, if any.") {
      commands.flatMap { path, spec in
        spec.subcommands.map { sub in
          let keys = ([sub.name] + sub.aliases).map { quoted("\(path)|\($0)") }
          let next = path.isEmpty ? sub.name : "\(path) \(sub.name)"
          return "    \(keys.joined(separator: "|"))) echo \(quoted(next)) ;;"
        }
      }
    }
    lines += function("subcommands", comment: "The subcommands offered after path $1.") {
      commands.compactMap { path, spec in
        let names = spec.listedSubcommands(showingHidden: false).map(\.name)
        return names.isEmpty
          ? nil : "    \(quoted(path))) echo \(quoted(names.joined(separator: " "))) ;;"
      }
    }
    lines += function(
      "options", comment: "The options of path $1, then the global options.",
      trailer: "  echo \(quoted(spellings(globalOptions).joined(separator: " ")))"
    ) {
      commands.compactMap { path, spec in
        let shown = spec.options.filter { !$0.isHidden }
        let words = spellings(shown)
        return words.isEmpty
          ? nil : "    \(quoted(path))) echo \(quoted(words.joined(separator: " "))) ;;"
      }
    }
    lines += takesValueFunction()
    lines += function("values", comment: "The allowed values of option $2 in path $1.") {
      commands.flatMap { path, spec in
        spec.options.compactMap { option -> String? in
          guard let allowed = option.allowedValues else { return nil }
          let keys = spellings([option]).map { quoted("\(path)|\($0)") }
          return
            "    \(keys.joined(separator: "|"))) echo \(quoted(allowed.joined(separator: " "))) ;;"
        }
      }
    }
    lines += driver()
    return lines.joined(separator: "\n") + "\n"
  }

  private func takesValueFunction() -> [String] {
    var patterns = commands.flatMap { path, spec in
      spellings(spec.options.filter { !$0.isFlag }).map { quoted("\(path)|\($0)") }
    }
    patterns += spellings(globalOptions.filter { !$0.isFlag }).map { "*" + quoted("|\($0)") }
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

  private func driver() -> [String] {
    let positional: String
    if let noteCompletionCommand {
      positional = "  mapfile -t COMPREPLY < <(\(noteCompletionCommand) \"$cur\" 2>/dev/null)"
    } else {
      positional = "  mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
    }
    return [
      "\(prefix)() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local path=\"\" word next values i",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    word=\"${COMP_WORDS[i]}\"",
      "    case \"$word\" in",
      "      --) break ;;",
      "      -*=*) ;;",
      "      -*) if \(prefix)_takes_value \"$path\" \"$word\"; then ((i++)); fi ;;",
      "      *) next=\"$(\(prefix)_resolve \"$path\" \"$word\")\"; [[ -n \"$next\" ]] && path=\"$next\" ;;",
      "    esac",
      "  done",
      "  if ((COMP_CWORD > 1)) && [[ \"$prev\" == -* ]] && \(prefix)_takes_value \"$path\" \"$prev\"; then",
      "    values=\"$(\(prefix)_values \"$path\" \"$prev\")\"",
      "    if [[ -n \"$values\" ]]; then",
      "      mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")",
      "    else",
      "      mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
      "    fi",
      "    return 0",
      "  fi",
      "  if [[ \"$cur\" == -* ]]; then",
      "    mapfile -t COMPREPLY < <(compgen -W \"$(\(prefix)_options \"$path\")\" -- \"$cur\")",
      "    return 0",
      "  fi",
      "  values=\"$(\(prefix)_subcommands \"$path\")\"",
      "  if [[ -n \"$values\" ]]; then",
      "    mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")",
      "    return 0",
      "  fi",
      positional,
      "}",
      "complete -F \(prefix) \(program)",
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

  private func spellings(_ options: [OptionSpec]) -> [String] {
    options.flatMap { option in [option.longSpelling] + (option.short.map { ["-\($0)"] } ?? []) }
  }

  /// `text` in double quotes for bash; spec names hold no quotes, `$` or backslashes, but
  /// escape them anyway so a stray one cannot run code.
  private func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if "\"$`\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}

extension String {
  fileprivate func replacingDashes() -> String {
    String(map { $0 == "-" ? "_" : $0 })
  }
}
