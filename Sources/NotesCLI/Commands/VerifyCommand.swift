import NoteStore

enum VerifyCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "verify", abstract: "Check that every note is well-formed and readable.",
    discussion: """
      Exits 1 and lists the problems, each naming its note, when any is found. It \
      also reads every loose object whole, history included, and names a damaged one \
      (under ".") with its file, and names notes, and files of one note, whose names \
      differ only in case (macOS and Windows hold such a pair as one). With \
      --staged, checks the tree about to be committed instead: the index in \
      GIT_INDEX_FILE (set for a pre-commit hook), else .git/index; names that differ \
      only in case do not fail it, so that one brought in by a sync never stops a \
      commit, the rename that fixes it included.
      """,
    options: [
      OptionSpec(long: "staged", help: "Check the staged tree (GIT_INDEX_FILE, else .git/index), as a pre-commit hook does."),
      OptionSpec(long: "json", help: "Print {ok, problems: [{note, problem}]}."),
    ],
    examples: ["notes verify", "notes verify --json", "notes verify --staged"])

  private struct Report: Encodable {
    var ok: Bool
    var problems: [VerificationProblem]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let problems: [VerificationProblem]
    if arguments.flag("staged") {
      let indexFile = context.environment["GIT_INDEX_FILE"].flatMap { $0.isEmpty ? nil : context.absolute($0) }
      problems = try store.verifyStaged(indexFile: indexFile)
    } else {
      problems = try store.verify()
    }
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(Report(ok: problems.isEmpty, problems: problems)) + "\n")
    } else if problems.isEmpty {
      context.say(arguments.flag("staged") ? "All staged notes are well-formed.\n" : "All notes are well-formed.\n")
    } else {
      for problem in problems { context.out("\(problem.note): \(problem.problem)\n") }
      context.say("\(problems.count) problem\(problems.count == 1 ? "" : "s") found.\n")
    }
    if !problems.isEmpty { throw SilentFailure() }
  }
}
