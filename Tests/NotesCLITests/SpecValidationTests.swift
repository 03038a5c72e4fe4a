import NotesCLI
import Testing

@Suite("Validating command specs")
struct SpecValidationTests {
  @Test("the sample tree, shaped like the real commands, has no problems")
  func sampleTreeIsValid() {
    #expect(validate(SampleCommands.root) == [])
  }

  @Test("the tree the parser builds, with its built-in help, has no problems")
  func parserTreeIsValid() {
    #expect(validate(SampleCommands.parser.root) == [])
  }

  struct BrokenCase: Sendable, CustomTestStringConvertible {
    var id: String
    var subcommands: [CommandSpec]
    var problems: [String]
    var testDescription: String { id }
  }

  static func command(
    _ name: String, aliases: [String] = [], abstract: String = "Does a thing.",
    arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [String] = ["notes x"],
    subcommands: [CommandSpec] = [], isHidden: Bool = false, exclusive: [[String]] = []
  ) -> CommandSpec {
    CommandSpec(
      name: name, aliases: aliases, abstract: abstract, arguments: arguments, options: options,
      examples: examples, subcommands: subcommands, isHidden: isHidden, mutuallyExclusive: exclusive
    )
  }

  static let brokenCases: [BrokenCase] = [
    BrokenCase(
      id: "two commands with one name",
      subcommands: [command("list"), command("list")],
      problems: ["notes: 'list' names both 'list' and 'list'"]),
    BrokenCase(
      id: "an alias equal to another command's name",
      subcommands: [command("list", aliases: ["show"]), command("show")],
      problems: ["notes: 'show' names both 'list' and 'show'"]),
    BrokenCase(
      id: "a visible command without abstract or example",
      subcommands: [command("gc", abstract: "", examples: [])],
      problems: [
        "notes gc: a visible command needs an abstract",
        "notes gc: a visible command needs an example",
      ]),
    BrokenCase(
      id: "a hidden command needs neither",
      subcommands: [command("textconv", abstract: "", examples: [], isHidden: true)],
      problems: []),
    BrokenCase(
      id: "an option without a long name",
      subcommands: [
        command("list", options: [OptionSpec(long: "", short: "l", help: "Long form.")])
      ],
      problems: ["notes list: option '--' needs a long name (lowercase letters, digits, '-')"]),
    BrokenCase(
      id: "an option defined twice, by long or short name",
      subcommands: [
        command(
          "list",
          options: [
            OptionSpec(long: "json", short: "j", help: "JSON."),
            OptionSpec(long: "json", help: "JSON again."),
            OptionSpec(long: "jason", short: "j", help: "Another j."),
          ])
      ],
      problems: [
        "notes list: option '--json' is defined twice", "notes list: option '-j' is defined twice",
      ]),
    BrokenCase(
      id: "an option that shadows a global option",
      subcommands: [
        command("list", options: [OptionSpec(long: "quiet", short: "C", help: "Shh.")])
      ],
      problems: [
        "notes list: option '--quiet' clashes with a global option",
        "notes list: option '-C' clashes with a global option",
      ]),
    BrokenCase(
      id: "a user-defined help command",
      subcommands: [command("help")],
      problems: ["notes: 'help' is built in; do not define it"]),
    BrokenCase(
      id: "a required argument after an optional one, and a variadic one not last",
      subcommands: [
        command(
          "attach",
          arguments: [
            ArgumentSpec(name: "files", help: "Files.", isOptional: true, isVariadic: true),
            ArgumentSpec(name: "note", help: "Note."),
          ])
      ],
      problems: [
        "notes attach: variadic argument '<files>' must come last",
        "notes attach: required argument '<note>' follows an optional one",
      ]),
    BrokenCase(
      id: "a group that takes arguments",
      subcommands: [
        command(
          "remote", arguments: [ArgumentSpec(name: "name", help: "Name.")],
          subcommands: [command("add")])
      ],
      problems: ["notes remote: a command with subcommands cannot take arguments"]),
    BrokenCase(
      id: "an exclusive set naming an undefined option",
      subcommands: [
        command(
          "export", options: [OptionSpec(long: "stdout", help: "Out.")],
          exclusive: [["stdout", "output"]])
      ],
      problems: ["notes export: exclusive option '--output' is not defined"]),
    BrokenCase(
      id: "a flag with allowed values and an empty allowed set",
      subcommands: [
        command(
          "list",
          options: [
            OptionSpec(long: "all", allowedValues: ["yes"], help: "All."),
            OptionSpec(long: "sort", valueName: "order", allowedValues: [], help: "Sort."),
          ])
      ],
      problems: [
        "notes list: flag '--all' cannot have allowed values",
        "notes list: option '--sort' allows no value at all",
      ]),
    BrokenCase(
      id: "a command name with capitals or spaces",
      subcommands: [command("List"), command("gc now")],
      problems: [
        "notes List: 'List' is not a valid command name (lowercase letters, digits, '-')",
        "notes gc now: 'gc now' is not a valid command name (lowercase letters, digits, '-')",
      ]),
    BrokenCase(
      id: "problems deep in the tree name the full path",
      subcommands: [command("remote", subcommands: [command("add", examples: [])])],
      problems: ["notes remote add: a visible command needs an example"]),
  ]

  @Test("each broken tree reports its problems by command path", arguments: brokenCases)
  func reportsProblems(_ brokenCase: BrokenCase) {
    let root = CommandSpec(
      name: "notes", abstract: "Notes.", examples: ["notes"], subcommands: brokenCase.subcommands)
    #expect(validate(root) == brokenCase.problems)
  }
}
