import Foundation

/// Writes the fish script: `complete` lines per command, with conditions on the command
/// path typed so far (found by a generated `__notes_path` function).
struct FishCompletionWriter {
  var model: CompletionModel

  private var program: String { model.program }
  private var prefix: String { "__" + program.replacingDashes() }

  func script() -> String {
    var lines = [
      "# fish completion for \(program), generated from its command specs.",
      "# Load it with: \(program) completion fish | source, or save it as \(program).fish in ~/.config/fish/completions.",
      "",
      "# The path reached from path $argv[1] by word $argv[2], if any.",
      "function \(prefix)_resolve",
      "    switch \"$argv[1]|$argv[2]\"",
    ]
    for (path, spec) in model.commands {
      for sub in spec.subcommands {
        let keys = ([sub.name] + sub.aliases).map { model.fishQuoted("\(path)|\($0)") }
        let next = path.isEmpty ? sub.name : "\(path) \(sub.name)"
        lines.append("        case \(keys.joined(separator: " "))")
        lines.append("            echo \(model.fishQuoted(next))")
      }
    }
    lines += ["    end", "end", ""]
    var valued = model.commands.flatMap { path, spec in
      model.spellings(spec.options.filter { !$0.isFlag }).map { model.fishQuoted("\(path)|\($0)") }
    }
    valued += model.spellings(model.globalOptions.filter { !$0.isFlag }).map { "'*|\($0)'" }
    lines += [
      "# Whether option $argv[2] in path $argv[1] takes the next word as its value.",
      "function \(prefix)_takes_value",
      "    switch \"$argv[1]|$argv[2]\"",
      "        case \(valued.joined(separator: " "))",
      "            return 0",
      "    end",
      "    return 1",
      "end",
      "",
      "# The command path typed so far, then the number of positional words after it.",
      "function \(prefix)_state",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    set -l cmdpath ''",
      "    set -l positional 0",
      "    set -l skip 0",
      "    for word in $words",
      "        if test $skip = 1",
      "            set skip 0",
      "            continue",
      "        end",
      "        switch $word",
      "            case '--'",
      "                break",
      "            case '-*=*'",
      "            case '-*'",
      "                if \(prefix)_takes_value \"$cmdpath\" $word",
      "                    set skip 1",
      "                end",
      "            case '*'",
      "                set -l next (\(prefix)_resolve \"$cmdpath\" $word)",
      "                if test -n \"$next\"",
      "                    set cmdpath $next",
      "                else",
      "                    set positional (math $positional + 1)",
      "                end",
      "        end",
      "    end",
      "    echo $cmdpath",
      "    echo $positional",
      "end",
      "",
      "# Whether the path typed so far is $argv[1] (and, given $argv[2], the positional index).",
      "function \(prefix)_at",
      "    set -l state (\(prefix)_state)",
      "    test \"$state[1]\" = \"$argv[1]\"; or return 1",
      "    test (count $argv) -lt 2; and return 0",
      "    if test \"$argv[2]\" = rest",
      "        test \"$state[2]\" -ge \"$argv[3]\"",
      "        return",
      "    end",
      "    test \"$state[2]\" = \"$argv[2]\"",
      "end",
      "",
      "# Note names, from \(program) list --names.",
      "function \(prefix)_note_names",
      "    command \(program) -q list --names 2>/dev/null",
      "end",
      "",
      "complete -c \(program) -f",
    ]
    for option in model.globalOptions {
      lines.append(completeOption(option, condition: nil))
    }
    for (path, spec) in model.commands {
      let at = "'\(prefix)_at \(model.fishQuoted(path).replacingOccurrences(of: "'", with: "\""))'"
      for sub in spec.listedSubcommands(showingHidden: false) {
        lines.append("complete -c \(program) -n \(at) -a \(model.fishQuoted(sub.name)) -d \(model.fishQuoted(sub.abstract))")
      }
      for option in spec.options where !option.isHidden {
        lines.append(completeOption(option, condition: at))
      }
      let (kinds, variadicLast) = model.argumentKinds(of: spec)
      for (index, kind) in kinds.enumerated() where kind != .none {
        let isRest = variadicLast && index == kinds.count - 1
        let position = isRest ? "rest \(index)" : "\(index)"
        let condition = "'\(prefix)_at \"\(path)\" \(position)'"
        switch kind {
        case .note: lines.append("complete -c \(program) -n \(condition) -a '(\(prefix)_note_names)'")
        case .file: lines.append("complete -c \(program) -n \(condition) -F")
        case .command:
          let names = model.root.listedSubcommands(showingHidden: false).map(\.name).joined(separator: " ")
          lines.append("complete -c \(program) -n \(condition) -a \(model.fishQuoted(names))")
        case .none: break
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func completeOption(_ option: OptionSpec, condition: String?) -> String {
    var parts = ["complete -c \(program)"]
    if let condition { parts.append("-n \(condition)") }
    parts.append("-l \(option.long)")
    if let short = option.short { parts.append("-s \(short)") }
    if let allowed = option.allowedValues {
      parts.append("-x -a \(model.fishQuoted(allowed.joined(separator: " ")))")
    } else if !option.isFlag {
      parts.append("-r -F")
    }
    parts.append("-d \(model.fishQuoted(option.help))")
    return parts.joined(separator: " ")
  }
}
