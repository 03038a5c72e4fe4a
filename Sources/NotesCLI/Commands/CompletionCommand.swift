/// `notes completion bash|zsh|fish`: a completion script generated from the command specs.
enum CompletionCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "completion", abstract: "Print a shell completion script.",
    discussion: """
      The script completes commands, options, option values and note names (it asks \
      `notes list --names` quietly, in the store given with -C, if any). `make install` \
      puts the scripts where bash, zsh and fish find them.
      """,
    arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.")],
    examples: [
      "source <(notes completion bash)", "notes completion zsh > ~/.zfunc/_notes",
      "notes completion fish | source",
    ])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let name = arguments.argument("shell") ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError.invalidValue(
        value: name, option: "<shell>", allowed: CompletionScript.Shell.allCases.map(\.rawValue),
        commandPath: arguments.commandPath)
    }
    let parser = CommandLineParser(root: NotesMain.root, version: NotesMain.version)
    context.out(CompletionScript.script(for: shell, parser: parser))
  }
}
