/// Checks a command tree for mistakes in its definition, the way SAP's validators do, and
/// returns one sentence per problem (empty when the tree is sound).
///
/// Call it from a test on the real tree: `#expect(validate(NotesCommands.root) == [])`.
/// It checks that names and aliases are unique among siblings and do not shadow the built-in
/// `help`; that every visible command has an abstract and at least one example; that every
/// option has a long name, is defined once and does not clash with a global option; that
/// required arguments come before optional ones and only the last is variadic; that groups
/// take no arguments; and that exclusive option sets name defined options.
public func validate(_ root: CommandSpec) -> [String] {
  var problems: [String] = []
  SpecValidator.check(root, path: [root.name], isRoot: true, into: &problems)
  return problems
}

private enum SpecValidator {
  static func check(
    _ command: CommandSpec, path: [String], isRoot: Bool, into problems: inout [String]
  ) {
    let here = path.joined(separator: " ")
    checkName(command, here: here, into: &problems)
    if !command.isHidden {
      if command.abstract.isEmpty {
        problems.append("\(here): a visible command needs an abstract")
      }
      if command.examples.isEmpty { problems.append("\(here): a visible command needs an example") }
    }
    checkOptions(command, here: here, into: &problems)
    checkArguments(command, here: here, into: &problems)
    checkSiblings(command.subcommands, parent: here, isRoot: isRoot, into: &problems)
    for subcommand in command.subcommands {
      check(subcommand, path: path + [subcommand.name], isRoot: false, into: &problems)
    }
  }

  private static func checkName(_ command: CommandSpec, here: String, into problems: inout [String])
  {
    for word in [command.name] + command.aliases where !isWellFormed(word) {
      problems.append(
        "\(here): '\(word)' is not a valid command name (lowercase letters, digits, '-')")
    }
  }

  private static func checkSiblings(
    _ siblings: [CommandSpec], parent: String, isRoot: Bool, into problems: inout [String]
  ) {
    var owners: [String: String] = [:]
    for sibling in siblings {
      for word in [sibling.name] + sibling.aliases {
        if let owner = owners[word] {
          problems.append("\(parent): '\(word)' names both '\(owner)' and '\(sibling.name)'")
        } else {
          owners[word] = sibling.name
        }
        if isRoot && word == CommandSpec.helpCommand.name && sibling != CommandSpec.helpCommand {
          problems.append("\(parent): 'help' is built in; do not define it")
        }
      }
    }
  }

  private static func checkOptions(
    _ command: CommandSpec, here: String, into problems: inout [String]
  ) {
    var longs = Set<String>()
    var shorts = Set<Character>()
    for option in command.options {
      let name = option.longSpelling
      if option.long.isEmpty || !isWellFormed(option.long) {
        problems.append(
          "\(here): option '\(name)' needs a long name (lowercase letters, digits, '-')")
      }
      if !longs.insert(option.long).inserted {
        problems.append("\(here): option '\(name)' is defined twice")
      }
      if let short = option.short, !shorts.insert(short).inserted {
        problems.append("\(here): option '-\(short)' is defined twice")
      }
      // A command may give `--version` a meaning of its own (a note's version): the
      // global `--version` then means nothing after that command's name.
      if GlobalOptions.spec(long: option.long) != nil && option.long != "version" {
        problems.append("\(here): option '\(name)' clashes with a global option")
      }
      if let short = option.short, GlobalOptions.spec(short: short) != nil {
        problems.append("\(here): option '-\(short)' clashes with a global option")
      }
      if option.help.isEmpty { problems.append("\(here): option '\(name)' needs help text") }
      if let allowed = option.allowedValues {
        if option.isFlag { problems.append("\(here): flag '\(name)' cannot have allowed values") }
        if allowed.isEmpty { problems.append("\(here): option '\(name)' allows no value at all") }
      }
    }
    for group in command.mutuallyExclusive {
      for long in group where !longs.contains(long) {
        problems.append("\(here): exclusive option '--\(long)' is not defined")
      }
    }
  }

  private static func checkArguments(
    _ command: CommandSpec, here: String, into problems: inout [String]
  ) {
    if command.isGroup && !command.arguments.isEmpty {
      problems.append("\(here): a command with subcommands cannot take arguments")
    }
    var names = Set<String>()
    var sawOptional = false
    for (index, argument) in command.arguments.enumerated() {
      if !names.insert(argument.name).inserted {
        problems.append("\(here): argument '<\(argument.name)>' is defined twice")
      }
      if argument.isOptional {
        sawOptional = true
      } else if sawOptional {
        problems.append("\(here): required argument '<\(argument.name)>' follows an optional one")
      }
      if argument.isVariadic && index != command.arguments.count - 1 {
        problems.append("\(here): variadic argument '<\(argument.name)>' must come last")
      }
    }
  }

  private static func isWellFormed(_ word: String) -> Bool {
    guard let first = word.first, first.isLowercase || first.isNumber else { return false }
    return word.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber || $0 == "-" }
  }
}
