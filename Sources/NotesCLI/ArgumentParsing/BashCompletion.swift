import Foundation

/// Completion scripts generated from the same specs as parsing and help.
public enum CompletionScript {
  /// The shells `notes completion` writes scripts for.
  public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// A bash completion script for `parser`'s tree: subcommands (aliases resolve, hidden
  /// commands are not offered), options of the command being typed plus the global ones,
  /// the allowed values of enumerated options, and positional arguments by kind (note
  /// names, files, command names). Load it with `source <(notes completion bash)`.
  ///
  /// - Parameter noteCompletionCommand: a command line that prints matching note names one
  ///   per line for a prefix appended as its last argument (such as `_notes_note_names`);
  ///   `<note>` arguments complete from it. Without one they complete as file names.
  public static func bash(for parser: CommandLineParser, noteCompletionCommand: String? = nil)
    -> String
  {
    BashCompletionWriter(
      model: CompletionModel(root: parser.root), noteCompletionCommand: noteCompletionCommand
    ).script()
  }

  /// The script for `shell`, completing note names by calling back `notes list --names`
  /// quietly (in the store given with `-C` on the line being completed, if any).
  public static func script(for shell: Shell, parser: CommandLineParser) -> String {
    let model = CompletionModel(root: parser.root)
    switch shell {
    case .bash:
      let names = "_\(model.program.replacingDashes())_note_names"
      let function = [
        "# Note names starting with $1, from \(model.program) list --names in the store of -C, if given.",
        "\(names)() {",
        "  local name",
        "  command \(model.program) \"${_\(model.program.replacingDashes())_store[@]}\" -q list --names 2>/dev/null |",
        "    while IFS= read -r name; do [[ \"$name\" == \"$1\"* ]] && printf '%q\\n' \"$name\"; done",
        "}",
        "",
      ]
      let script = BashCompletionWriter(model: model, noteCompletionCommand: names).script()
      return script.replacingOccurrences(of: "\n\(BashCompletionWriter.driverMarker)", with: "\n" + function.joined(separator: "\n") + BashCompletionWriter.driverMarker)
    case .zsh: return ZshCompletionWriter(model: model).script()
    case .fish: return FishCompletionWriter(model: model).script()
    }
  }
}

/// Writes the bash script: lookup functions generated per command, then one driver function.
struct BashCompletionWriter {
  var model: CompletionModel
  var noteCompletionCommand: String?

  /// The comment line that starts the driver function.
  static let driverMarker = "# Completes the word under the cursor."

  private var program: String { model.program }
  private var prefix: String { "_" + program.replacingDashes() }
  private var commands: [(path: String, spec: CommandSpec)] { model.commands }
  private var globalOptions: [OptionSpec] { model.globalOptions }

  func script() -> String {
    var lines = [
      "# bash completion for \(program), generated from its command specs.",
      "# Load it with: source <(\(program) completion bash)",
      "",
    ]
    lines += CompletionFunctions(model: model, prefix: prefix).shared()
    lines += driver()
    return lines.joined(separator: "\n") + "\n"
  }

  private func driver() -> [String] {
    let notes: String
    if let noteCompletionCommand {
      notes = "mapfile -t COMPREPLY < <(\(noteCompletionCommand) \"$cur\" 2>/dev/null)"
    } else {
      notes = "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
    }
    return [
      Self.driverMarker,
      "\(prefix)() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  local cmdpath=\"\" word next values kind i npos=0",
      "  \(prefix)_store=()",
      "  for ((i = 1; i < COMP_CWORD; i++)); do",
      "    word=\"${COMP_WORDS[i]}\"",
      "    case \"$word\" in",
      "      --) break ;;",
      "      -*=*) ;;",
      "      -C|--store) \(prefix)_store=(-C \"${COMP_WORDS[i+1]}\"); ((i++)) ;;",
      "      -*) if \(prefix)_takes_value \"$cmdpath\" \"$word\"; then ((i++)); fi ;;",
      "      *) next=\"$(\(prefix)_resolve \"$cmdpath\" \"$word\")\"",
      "         if [[ -n \"$next\" ]]; then cmdpath=\"$next\"; else ((npos++)); fi ;;",
      "    esac",
      "  done",
      "  if ((COMP_CWORD > 1)) && [[ \"$prev\" == -* ]] && \(prefix)_takes_value \"$cmdpath\" \"$prev\"; then",
      "    values=\"$(\(prefix)_values \"$cmdpath\" \"$prev\")\"",
      "    if [[ -n \"$values\" ]]; then",
      "      mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")",
      "    else",
      "      mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
      "    fi",
      "    return 0",
      "  fi",
      "  if [[ \"$cur\" == -* ]]; then",
      "    mapfile -t COMPREPLY < <(compgen -W \"$(\(prefix)_options \"$cmdpath\")\" -- \"$cur\")",
      "    return 0",
      "  fi",
      "  values=\"$(\(prefix)_subcommands \"$cmdpath\")\"",
      "  if [[ -n \"$values\" ]]; then",
      "    mapfile -t COMPREPLY < <(compgen -W \"$values\" -- \"$cur\")",
      "    return 0",
      "  fi",
      "  kind=\"$(\(prefix)_argument \"$cmdpath\" \"$npos\")\"",
      "  case \"$kind\" in",
      "    note) \(notes) ;;",
      "    file) mapfile -t COMPREPLY < <(compgen -f -- \"$cur\") ;;",
      "    command) mapfile -t COMPREPLY < <(compgen -W \"$(\(prefix)_subcommands \"\")\" -- \"$cur\") ;;",
      "    *) COMPREPLY=() ;;",
      "  esac",
      "}",
      "complete -F \(prefix) \(program)",
    ]
  }
}

extension String {
  /// The name with dashes made underscores, for shell function names.
  func replacingDashes() -> String {
    String(map { $0 == "-" ? "_" : $0 })
  }
}
