import NoteStore

enum HooksCommand {
  static let spec = CommandSpec(
    name: "hooks", abstract: "Install and list the git hooks NoteStore runs.",
    discussion: """
      NoteStore runs pre-commit, prepare-commit-msg, commit-msg, post-commit, \
      pre-merge-commit, post-merge, pre-push and its own post-sync from core.hooksPath, \
      else .git/hooks, with git's arguments and meaning; see the README's Hooks section.
      """,
    examples: ["notes hooks install", "notes hooks install --server /srv/notes.git", "notes hooks list"],
    subcommands: [HooksInstallCommand.spec, HooksListCommand.spec])
}

enum HooksInstallCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "install", abstract: "Put the shipped hooks in place.",
    discussion: """
      Without --server: the store's pre-commit (runs `notes verify --staged`) and \
      post-sync.example, into core.hooksPath, else .git/hooks. With --server: \
      pre-receive into the bare repository (append-only device branches, checked \
      trees). A different existing hook is kept unless --force.
      """,
    options: [
      OptionSpec(long: "server", valueName: "BARE_REPO", help: "Install the server's pre-receive into this bare repository."),
      OptionSpec(long: "force", help: "Replace existing hooks that differ."),
    ],
    examples: ["notes hooks install", "notes hooks install --server /srv/notes.git"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let force = arguments.flag("force")
    let directory: String
    let hooks: [(name: String, content: String)]
    if let server = arguments.value("server") {
      directory = try HookInstaller.hooksDirectory(ofBareRepository: context.absolute(server))
      hooks = [("pre-receive", ShippedHooks.preReceive)]
    } else {
      directory = try context.openStore().hooksDirectory()
      hooks = [("pre-commit", ShippedHooks.preCommit), ("post-sync.example", ShippedHooks.postSyncExample)]
    }
    var failures: [String] = []
    for hook in hooks {
      do {
        let outcome = try HookInstaller.install(hook.content + "\n", named: hook.name, into: directory, force: force)
        let verb: String
        switch outcome {
        case .installed: verb = "Installed"
        case .unchanged: verb = "Already installed"
        case .replaced: verb = "Replaced"
        }
        context.say("\(verb) \(directory)/\(hook.name)\n")
      } catch let error as HookInstallError {
        failures.append(error.description)
      }
    }
    if !failures.isEmpty { throw CommandFailure(message: failures.joined(separator: "\nnotes: error: "), exitCode: 1) }
  }
}

enum HooksListCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "list", abstract: "List the hooks in the store's hooks folder.",
    discussion: "One line per file: its name, whether it runs (or why not), and whether it is a shipped hook.",
    options: [OptionSpec(long: "json", help: "Print a JSON array of {isShipped, name, path, reason, runs}.")],
    examples: ["notes hooks list", "notes hooks list --json"])

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let hooks = try store.installedHooks()
    if arguments.flag("json") {
      context.out(try JSONOutput.encode(hooks) + "\n")
      return
    }
    if hooks.isEmpty {
      context.say("No hooks in \(try store.hooksDirectory()); `notes hooks install` puts the shipped ones there.\n")
      return
    }
    let rows = hooks.map { hook in
      [hook.name, hook.runs ? "runs" : hook.reason ?? "", hook.isShipped ? "shipped" : "own", hook.path]
    }
    for row in rows { context.out(row.joined(separator: "\t") + "\n") }
  }
}
