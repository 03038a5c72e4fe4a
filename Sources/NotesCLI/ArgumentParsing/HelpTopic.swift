/// A help page that is not a command, such as `notes help exit-codes`.
///
/// Topics are plain data handed to ``CommandLineParser``; the parser knows nothing of their
/// content. Like gh's help topics they only print text.
public struct HelpTopic: Sendable, Equatable {
  /// The word after `notes help`, such as `exit-codes`.
  public var name: String
  /// One sentence shown in OVERVIEW and in the topic list of `notes --help-hidden`.
  public var abstract: String
  /// The body, already laid out for an 80-column terminal; printed as written.
  public var text: String {
    get { makeText() }
    set { makeText = { newValue } }
  }
  /// Whether the topic is listed only with `--help-hidden`.
  public var isHidden: Bool
  /// Makes ``text`` when a page is shown: every `notes` start builds the parser and its
  /// topics, and laying out the JSON schemas there cost about 0.5 ms of each command.
  private var makeText: @Sendable () -> String

  /// Creates a help topic; `text` is made only when it is read.
  public init(
    name: String, abstract: String, text: @escaping @autoclosure @Sendable () -> String, isHidden: Bool = true
  ) {
    self.name = name
    self.abstract = abstract
    self.makeText = text
    self.isHidden = isHidden
  }

  /// Topics are equal when their names, abstracts, texts and visibility are.
  public static func == (lhs: HelpTopic, rhs: HelpTopic) -> Bool {
    lhs.name == rhs.name && lhs.abstract == rhs.abstract && lhs.isHidden == rhs.isHidden && lhs.text == rhs.text
  }
}

extension HelpTopic {
  /// The topics every `notes` build has: exit codes, JSON output and environment variables.
  public static let standard: [HelpTopic] = [exitCodes, json, environment]

  /// `notes help exit-codes`: what each exit status means.
  public static let exitCodes = HelpTopic(
    name: "exit-codes",
    abstract: "What the exit status of 'notes' means.",
    text: """
      EXIT CODES:
        0     Done.
        1     Failed; the message on standard error says why.
        2     Usage error: an unknown command or option, or a missing or invalid value.
        3     Sync or clone partly done: the store is consistent, but a remote failed or a
              device's changes were refused (each named on stderr).
        130   Interrupted (Ctrl-C).

      A command may document more codes. 'notes merge-driver' follows git's contract
      instead: 0 when the merge is clean, 1 when conflicts remain.
      """)

  /// `notes help json`: the promises `--json` output keeps.
  public static let json = HelpTopic(
    name: "json",
    abstract: "How '--json' output is shaped and what stays stable.",
    text: """
      JSON OUTPUT:
        Commands that report take '--json' and then print JSON on standard output,
        and nothing else. Messages and progress still go to standard error.

        - Keys are stable and sorted; output is pretty-printed with two-space indent.
        - Dates are ISO 8601 in UTC, such as "2026-01-31T09:30:00Z".
        - Fields may be added in any release; a field is never renamed or retyped.
          If a format must change, a new '--json=v2' will be added beside it.

      Text meant for people may change between releases; scripts should use '--json'.


      """ + JSONSchemas.helpText + "\n")

  /// `notes help environment`: the environment variables `notes` reads.
  public static let environment = HelpTopic(
    name: "environment",
    abstract: "Environment variables that change what 'notes' does.",
    text: """
      ENVIRONMENT:
        NOTES_STORE     The store to use when '-C' is not given. Without either, the
                        store enclosing the current directory is used.
        NOTES_DEVICE    The name this device records in history and syncs under.
        VISUAL, EDITOR  The editor 'notes edit' opens (VISUAL first).
        NO_COLOR        When set and not empty, output is never coloured.
        TERM            When 'dumb', output is never coloured.
        COLUMNS         The width help and tables are laid out for (default 80).

      Options given on the command line override the environment.
      """)
}
