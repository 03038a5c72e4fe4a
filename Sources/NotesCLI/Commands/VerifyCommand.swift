import NoteStore

enum VerifyCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "verify", abstract: "Check that every note is well-formed and readable.",
    discussion: "Exits 1 and lists the problems, each naming its note, when any is found.",
    options: [OptionSpec(long: "json", help: "Print {ok, problems: [{note, problem}]}.")],
    examples: ["notes verify", "notes verify --json"])

  private struct Report: Encodable {
    var ok: Bool
    var problems: [VerificationProblem]
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let problems = try context.openStore().verify()
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(Report(ok: problems.isEmpty, problems: problems)) + "\n")
    } else if problems.isEmpty {
      context.say("All notes are well-formed.\n")
    } else {
      for problem in problems { context.out("\(problem.note): \(problem.problem)\n") }
      context.say("\(problems.count) problem\(problems.count == 1 ? "" : "s") found.\n")
    }
    if !problems.isEmpty { throw SilentFailure() }
  }
}
