/// Writes the zsh script: the lookup functions bash uses too, a candidates function that
/// prints what fits the word under the cursor, and the `_notes` widget that offers them.
struct ZshCompletionWriter {
  var model: CompletionModel

  private var program: String { model.program }
  private var prefix: String { "_" + program.replacingDashes() }

  func script() -> String {
    var lines = [
      "#compdef \(program)",
      "# zsh completion for \(program), generated from its command specs.",
      "# Load it with: source <(\(program) completion zsh), or save it as _\(program) in a directory of $fpath.",
      "",
    ]
    lines += CompletionFunctions(model: model, prefix: prefix).shared()
    lines += [
      "# Note names, from \(program) list --names in the store of -C, if given.",
      "\(prefix)_note_names() {",
      "  command \(program) \"${\(prefix)_store[@]}\" -q list --names 2>/dev/null",
      "}",
      "",
      "# The candidates for the last of the words given (the word under the cursor), one per line;",
      "# '@files' asks for file names.",
      "\(prefix)_candidates() {",
      "  local -a typed=(\"$@\") found kinds",
      "  local cur=\"${typed[-1]}\" prev=\"\" cmdpath=\"\" word next values kind i npos=0",
      "  (( ${#typed} > 1 )) && prev=\"${typed[-2]}\"",
      "  \(prefix)_store=()",
      "  for ((i = 2; i < ${#typed}; i++)); do",
      "    word=\"${typed[i]}\"",
      "    case \"$word\" in",
      "      --) break ;;",
      "      -*=*) ;;",
      "      -C|--store) \(prefix)_store=(-C \"${typed[i+1]}\"); ((i++)) ;;",
      "      -*) if \(prefix)_takes_value \"$cmdpath\" \"$word\"; then ((i++)); fi ;;",
      "      *) next=\"$(\(prefix)_resolve \"$cmdpath\" \"$word\")\"",
      "         if [[ -n \"$next\" ]]; then cmdpath=\"$next\"; else ((npos++)); fi ;;",
      "    esac",
      "  done",
      "  if (( ${#typed} > 2 )) && [[ \"$prev\" == -* ]] && \(prefix)_takes_value \"$cmdpath\" \"$prev\"; then",
      "    values=\"$(\(prefix)_values \"$cmdpath\" \"$prev\")\"",
      "    if [[ -n \"$values\" ]]; then found=(${=values}); else print -r -- @files; return; fi",
      "  elif [[ \"$cur\" == -* ]]; then",
      "    found=(${=$(\(prefix)_options \"$cmdpath\")})",
      "  else",
      "    values=\"$(\(prefix)_subcommands \"$cmdpath\")\"",
      "    if [[ -n \"$values\" ]]; then",
      "      found=(${=values})",
      "    else",
      "      kind=\"$(\(prefix)_argument \"$cmdpath\" \"$npos\")\"",
      "      case \"$kind\" in",
      "        note) found=(\"${(@f)$(\(prefix)_note_names)}\") ;;",
      "        file) print -r -- @files; return ;;",
      "        command) found=(${=$(\(prefix)_subcommands \"\")}) ;;",
      "        *) return ;;",
      "      esac",
      "    fi",
      "  fi",
      "  found=(${(M)found:#${(b)cur}*})",
      "  (( ${#found} )) && print -rl -- \"${found[@]}\"",
      "}",
      "",
      "\(prefix)() {",
      "  local -a found",
      "  found=(\"${(@f)$(\(prefix)_candidates \"${(@)words[1,CURRENT]}\")}\")",
      "  if [[ \"${found[1]}\" == @files ]]; then",
      "    _files",
      "  elif [[ -n \"${found[1]}\" ]]; then",
      "    compadd -- \"${found[@]}\"",
      "  fi",
      "}",
      "",
      "if (( $+functions[compdef] )); then compdef \(prefix) \(program); fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
