import Foundation

/// What every completion script is generated from: the command tree walked once, with the
/// kind of value each positional argument takes.
struct CompletionModel {
  /// What a positional word completes to.
  enum ValueKind: String {
    /// A note's name, from `notes list --names`.
    case note
    /// A file or directory name.
    case file
    /// A command name (for `notes help`).
    case command
    /// Nothing the shell can guess (a title, a remote's name).
    case none
  }

  let root: CommandSpec

  /// The program's name, such as `notes`.
  var program: String { root.name }

  /// Every command with its canonical path (`remote add`), root first.
  var commands: [(path: String, spec: CommandSpec)] {
    var result: [(String, CommandSpec)] = []
    func visit(_ spec: CommandSpec, _ path: [String]) {
      result.append((path.joined(separator: " "), spec))
      for subcommand in spec.subcommands { visit(subcommand, path + [subcommand.name]) }
    }
    visit(root, [])
    return result
  }

  /// The global options offered everywhere.
  var globalOptions: [OptionSpec] { GlobalOptions.specs.filter { !$0.isHidden } }

  /// What the positional arguments of `spec` complete to, in order; `variadicLast` says
  /// whether the last one takes every remaining word.
  func argumentKinds(of spec: CommandSpec) -> (kinds: [ValueKind], variadicLast: Bool) {
    let kinds = spec.arguments.map { argument -> ValueKind in
      switch argument.name {
      case "note": return .note
      case "file", "dir", "path", "ancestor", "ours", "theirs", "url": return .file
      case CommandSpec.helpArgumentName where spec.name == CommandSpec.helpCommand.name: return .command
      default: return .none
      }
    }
    return (kinds, spec.arguments.last?.isVariadic ?? false)
  }

  /// Every spelling of `options`: `--json`, and `-j` when there is a short name.
  func spellings(_ options: [OptionSpec]) -> [String] {
    options.flatMap { option in [option.longSpelling] + (option.short.map { ["-\($0)"] } ?? []) }
  }

  /// `text` in double quotes for bash and zsh; spec names hold no quotes, `$` or
  /// backslashes, but they are escaped anyway so a stray one cannot run code.
  func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if "\"$`\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }

  /// `text` in single quotes for fish.
  func fishQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
