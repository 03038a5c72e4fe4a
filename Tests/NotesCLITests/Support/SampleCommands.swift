import NotesCLI

/// A tree shaped like the real `notes` commands (DESIGN §11), so the framework is exercised
/// on realistic input. The real specs live in Sources/NotesCLI/Commands/.
enum SampleCommands {
  static let json = OptionSpec(long: "json", help: "Print JSON instead of text.")
  static let dryRun = OptionSpec(
    long: "dry-run", short: "n", help: "Show what would happen; change nothing.")
  static let force = OptionSpec(long: "force", short: "f", help: "Do it without asking.")
  static let note = ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")

  static let root = CommandSpec(
    name: "notes",
    abstract: "Keep rich-text notes in a versioned store that syncs between devices.",
    discussion: "Each note is an RTF document with its attachments; every save is a version.",
    examples: ["notes init", "notes new shopping", "notes list --json"],
    subcommands: [
      leaf("init", "Create a store in the current directory.", writes: true),
      CommandSpec(
        name: "new", abstract: "Create a note.",
        arguments: [ArgumentSpec(name: "name", help: "The new note's name.")],
        options: [
          OptionSpec(long: "title", short: "t", valueName: "title", help: "The note's first line."),
          OptionSpec(
            long: "tag", valueName: "tag", isRepeatable: true, help: "A tag for the note."),
          json,
        ],
        examples: ["notes new shopping", "notes new todo --title 'This week' --tag home"],
        writesToStore: true),
      CommandSpec(
        name: "list", aliases: ["ls"], abstract: "List the notes in the store.",
        options: [
          OptionSpec(
            long: "sort", valueName: "order", allowedValues: ["name", "modified"],
            help: "The order of the list."),
          OptionSpec(long: "limit", valueName: "count", help: "Show at most <count> notes."),
          json,
        ],
        examples: ["notes list", "notes ls --sort modified --limit 10"]),
      CommandSpec(
        name: "show", abstract: "Print a note as plain text.", arguments: [note],
        options: [
          OptionSpec(
            long: "at", valueName: "version", help: "Show the note as it was at <version>."),
          json,
        ],
        examples: ["notes show shopping", "notes show shopping --at 3"]),
      CommandSpec(
        name: "write", abstract: "Replace a note's text with plain text or RTF.",
        arguments: [
          note, ArgumentSpec(name: "file", help: "The file to read, or '-' for standard input."),
        ],
        examples: ["echo milk | notes write shopping -"], writesToStore: true),
      leaf("edit", "Open a note in $VISUAL or $EDITOR.", arguments: [note], writes: true),
      CommandSpec(
        name: "rename", abstract: "Give a note a new name.",
        arguments: [note, ArgumentSpec(name: "new-name", help: "The name to give it.")],
        examples: ["notes rename shopping groceries"], writesToStore: true),
      CommandSpec(
        name: "delete", aliases: ["rm"], abstract: "Delete notes; they stay in history.",
        arguments: [ArgumentSpec(name: "note", help: "The notes to delete.", isVariadic: true)],
        options: [dryRun, force], examples: ["notes delete old-list", "notes rm -fn draft"],
        writesToStore: true),
      CommandSpec(
        name: "attach", abstract: "Attach files to a note.",
        arguments: [
          note, ArgumentSpec(name: "file", help: "The files to attach.", isVariadic: true),
        ],
        examples: ["notes attach trip map.png ticket.pdf"], writesToStore: true),
      leaf("attachments", "List a note's attachments.", arguments: [note], options: [json]),
      CommandSpec(
        name: "detach", abstract: "Remove an attachment from a note.",
        arguments: [note, ArgumentSpec(name: "attachment", help: "The attachment's file name.")],
        examples: ["notes detach trip map.png"], writesToStore: true),
      CommandSpec(
        name: "export", abstract: "Write a note out as RTF, text or HTML.",
        arguments: [note],
        options: [
          OptionSpec(
            long: "format", short: "F", valueName: "format",
            allowedValues: ["rtf", "text", "html"],
            help: "The file format."),
          OptionSpec(long: "output", short: "o", valueName: "file", help: "Write to <file>."),
          OptionSpec(long: "stdout", help: "Write to standard output."),
        ],
        examples: ["notes export shopping --format text --stdout"],
        mutuallyExclusive: [["output", "stdout"]]),
      leaf("status", "Show unsaved changes, conflicts and sync state.", options: [json]),
      leaf("save", "Record a version of every changed note.", writes: true),
      leaf("verify", "Check the store for damage.", options: [json]),
      leaf("gc", "Pack history and drop unreachable objects.", writes: true),
      CommandSpec(
        name: "remote", abstract: "Manage the remotes the store syncs with.",
        examples: ["notes remote add laptop ssh://laptop/notes"],
        subcommands: [
          CommandSpec(
            name: "add", abstract: "Add a remote.",
            arguments: [
              ArgumentSpec(name: "name", help: "A short name for the remote."),
              ArgumentSpec(
                name: "url",
                help: "Where the remote lives: a path, file://, ssh:// or https:// URL."),
            ],
            examples: ["notes remote add laptop ssh://laptop/notes"], writesToStore: true),
          leaf("list", "List the remotes.", options: [json], example: "notes remote list --json"),
          leaf(
            "remove", "Remove a remote.",
            arguments: [ArgumentSpec(name: "name", help: "The remote to remove.")], writes: true,
            example: "notes remote remove laptop"),
        ]),
      CommandSpec(
        name: "hooks", abstract: "Manage the git hooks of the store.",
        examples: ["notes hooks install"],
        subcommands: [
          leaf(
            "install", "Install the hooks that keep the store consistent.", writes: true,
            example: "notes hooks install")
        ]),
      CommandSpec(
        name: "merge-driver", abstract: "Merge three versions of a note (called by git).",
        arguments: [
          ArgumentSpec(name: "base", help: "The common ancestor."),
          ArgumentSpec(name: "ours", help: "Our version; the result is written here."),
          ArgumentSpec(name: "theirs", help: "Their version."),
        ],
        isHidden: true),
      leaf(
        "textconv", "Print a note's text for git diff.",
        arguments: [ArgumentSpec(name: "file", help: "The RTF file.")], hidden: true),
    ])

  static let parser = CommandLineParser(root: root, version: "1.2.3")

  /// A command with one example built from its name.
  private static func leaf(
    _ name: String, _ abstract: String, arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], writes: Bool = false, hidden: Bool = false, example: String? = nil
  ) -> CommandSpec {
    let sample = arguments.isEmpty ? "" : " shopping"
    let examples = hidden ? [] : [example ?? "notes \(name)\(sample)"]
    return CommandSpec(
      name: name, abstract: abstract, arguments: arguments, options: options,
      examples: examples, isHidden: hidden, writesToStore: writes)
  }
}
