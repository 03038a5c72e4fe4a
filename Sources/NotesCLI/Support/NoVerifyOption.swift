import NoteStore

/// `--no-verify`, defined once and given to every command that commits or moves the
/// device branch, with git's meaning: skip the hooks that check a change
/// (pre-commit and commit-msg; for sync also pre-merge-commit and pre-push).
enum NoVerifyOption {
  /// The option as every such command lists it.
  static let spec = OptionSpec(
    long: "no-verify",
    help: "Skip the pre-commit and commit-msg hooks (sync: also pre-merge-commit and pre-push), as git's --no-verify.")

  /// The commands that take it: those whose changes run the commit or merge hooks. An
  /// array, not a `Set<[String]>`: a set's type is made at run time, with a search of every
  /// protocol conformance in the binary, on each start.
  static let commandPaths: [[String]] = [
    ["new"], ["write"], ["edit"], ["rename"], ["delete"], ["attach"], ["detach"], ["save"], ["resolve"],
    ["sync"], ["restore"], ["undo"], ["mv"],
  ]

  /// `spec` with the option added when the command at `path` takes it.
  static func adding(to spec: CommandSpec, path: [String]) -> CommandSpec {
    guard commandPaths.contains(path) else { return spec }
    var spec = spec
    spec.options.append(Self.spec)
    return spec
  }

  /// Applies `--no-verify` and the command line's hook environment to `store`.
  static func configure(_ store: Store, skipsVerification: Bool) {
    store.hooks.skipsVerification = skipsVerification
    store.hooks.encodeSyncReport = { report in try JSONOutput.encode(report) }
    store.hooks.onOutput = { text in OutputStreams.writeErr(text) }
    store.hooks.environment["NOTES_EXECUTABLE"] = NotesExecutable.path
  }
}
