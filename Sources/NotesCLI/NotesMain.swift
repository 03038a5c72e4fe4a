import Foundation
import NoteStore

/// The `notes` command line: parses the arguments, runs the command and turns any
/// error into a message on stderr and an exit code (0 done, 1 failed, 2 usage).
public enum NotesMain {
  /// The tool's version.
  public static let version = "0.1.0"

  /// Every runnable command by its path (`["remote", "add"]`), metatypes of
  /// stateless enums.
  static let commands: [(path: [String], command: any NotesCommand.Type)] = [
    (["init"], InitCommand.self), (["clone"], CloneCommand.self), (["new"], NewCommand.self),
    (["list"], ListCommand.self), (["show"], ShowCommand.self), (["write"], WriteCommand.self),
    (["edit"], EditCommand.self), (["rename"], RenameCommand.self), (["delete"], DeleteCommand.self),
    (["attach"], AttachCommand.self), (["attachments"], AttachmentsCommand.self), (["detach"], DetachCommand.self),
    (["export"], ExportCommand.self), (["status"], StatusCommand.self), (["save"], SaveCommand.self),
    (["sync"], SyncCommand.self), (["fetch"], FetchCommand.self),
    (["remote", "add"], RemoteAddCommand.self), (["remote", "list"], RemoteListCommand.self),
    (["remote", "remove"], RemoteRemoveCommand.self), (["devices"], DevicesCommand.self),
    (["conflicts"], ConflictsCommand.self), (["versions"], VersionsCommand.self), (["resolve"], ResolveCommand.self),
    (["verify"], VerifyCommand.self), (["gc"], GCCommand.self),
    (["hooks", "install"], HooksInstallCommand.self), (["hooks", "list"], HooksListCommand.self),
    (["merge-driver"], MergeDriverCommand.self), (["textconv"], TextconvCommand.self),
    (["completion"], CompletionCommand.self), (["search"], SearchCommand.self),
    (["thumbnail"], ThumbnailCommand.self),
    (["log"], LogCommand.self), (["diff"], DiffCommand.self), (["blame"], BlameCommand.self),
    (["restore"], RestoreCommand.self), (["undo"], UndoCommand.self), (["deleted"], DeletedCommand.self),
  ]

  /// The top-level specs, in help order.
  static let topLevel: [CommandSpec] = {
    var specs: [CommandSpec] = []
    for entry in commands where entry.path.count == 1 {
      specs.append(NoVerifyOption.adding(to: entry.command.spec, path: entry.path))
      if entry.path == ["fetch"] { specs.append(RemoteCommand.spec) }
      if entry.path == ["gc"] { specs.append(HooksCommand.spec) }
    }
    return specs
  }()

  /// The command tree from which parsing and help are made.
  static let root = CommandSpec(
    name: "notes", abstract: "A versioned notes store on git.",
    discussion: """
      Notes are packages (Title.note/ with Text.rtf, Attachments/ and QuickLook/) in a \
      git repository; every change is one commit on this device's branch.
      """,
    examples: ["notes init ~/Notes --device laptop", "notes new Shopping --text 'Milk'", "notes list"],
    subcommands: topLevel)

  /// Routes ssh remotes through the system's OpenSSH client (so `~/.ssh/config`, the
  /// agent and `known_hosts` work as they do for git); where there is no `ssh`,
  /// libgit2's own libssh2 transport stays. Prompts (passphrases, host keys) only
  /// when standard input is a terminal.
  public static func prepareTransports(interactive: Bool) {
    do {
      try Store.prepareNetwork(interactive: interactive) { OutputStreams.writeErr("notes: warning: \($0)\n") }
    } catch {
      let style = Style.stderr(Terminal.detect(environment: ProcessInfo.processInfo.environment, noColorFlag: false))
      OutputStreams.writeErr("notes: " + style.warning("warning:") + " ssh remotes will use libssh2: \(error)\n")
    }
  }

  /// Runs `notes` with `arguments` (without the program name) and returns the exit
  /// code. `environment` is read only when a command runs or a usage error is shown, so
  /// `--version` and help never copy the process environment.
  ///
  /// With `preparingTransports`, a command that reaches a remote (``CommandSpec/reachesRemote``)
  /// first gets the network transports (``prepareTransports(interactive:)``, prompts only
  /// when standard input is a terminal); the `notes` executable asks for this, and no other
  /// command pays for it at start-up.
  public static func run(
    _ arguments: [String], environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment,
    preparingTransports: Bool = false
  ) -> Int32 {
    let parser = CommandLineParser(root: root, version: version)
    let outcome: ParseOutcome
    do {
      outcome = try parser.parse(arguments)
    } catch {
      let terminal = Terminal.detect(
        environment: environment(), noColorFlag: false, colorMode: ColorMode.scan(arguments))
      OutputStreams.writeErr(
        UsageErrorRenderer.render(error, root: root, parser: parser, style: .stderr(terminal)))
      return 2
    }
    switch outcome {
    case .version:
      OutputStreams.writeOut("notes \(version)\n")
      return 0
    case .help(let text):
      OutputStreams.writeOut(text)
      return 0
    case .run(let spec, let parsed, let globals):
      guard let command = commands.first(where: { $0.path == parsed.commandPath })?.command else {
        OutputStreams.writeOut(parser.helpText(for: parsed.commandPath, width: 80))
        return 0
      }
      let environment = environment()
      let terminal = Terminal.detect(
        environment: environment, noColorFlag: globals.noColor, colorMode: globals.colorMode)
      var context = CommandContext(
        globals: globals, terminal: terminal,
        environment: environment, currentDirectory: FileManager.default.currentDirectoryPath)
      context.skipsVerification = parsed.flag(NoVerifyOption.spec.long)
      context.drawingAhead = DrawingAhead(commandPath: parsed.commandPath)
      defer { context.drawingAhead.finish() }
      if preparingTransports && spec.reachesRemote { prepareTransports(interactive: isatty(0) == 1) }
      do {
        try command.run(parsed, context: context)
        AutoPackRequest.launchIfDue()  // after the answer: packing never delays a command
        return 0
      } catch {
        return report(error, debug: globals.debug, parser: parser, style: context.errorStyle)
      }
    }
  }

  /// Prints an error and returns its exit code.
  private static func report(
    _ error: any Error, debug: Bool, parser: CommandLineParser, style: Style
  ) -> Int32 {
    let label = "notes: " + style.error("error:") + " "
    switch error {
    case let usage as UsageError:
      OutputStreams.writeErr(UsageErrorRenderer.render(usage, root: root, parser: parser, style: style))
      return 2
    case let silent as SilentFailure:
      return silent.exitCode
    case let failure as CommandFailure:
      OutputStreams.writeErr(label + "\(failure.message)\n")
      return failure.exitCode
    case let storeError as NoteStoreError:
      OutputStreams.writeErr(label + "\(debug ? storeError.debugDescription : storeError.description)\n")
      return 1
    default:
      OutputStreams.writeErr(label + "\(debug ? String(reflecting: error) : String(describing: error))\n")
      return 1
    }
  }
}
