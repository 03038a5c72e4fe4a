import Foundation
import NoteStore

enum SyncCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "sync", abstract: "Fetch, merge and push: bring every device's changes together.",
    discussion: """
      Commits unsaved changes, fetches every device branch from each remote (or REMOTE), \
      merges the other devices' changes into this device's branch in name order, checks \
      out the result and pushes this device's branch (never forced). Notes changed on two \
      devices are merged when the changes touch different files; otherwise every version \
      is kept and the note is in conflict (see `notes conflicts`). A remote that fails is \
      reported and the others still sync (exit code 3).
      """,
    arguments: [ArgumentSpec(name: "remote", help: "Sync with this remote only.", isOptional: true)],
    options: [
      OptionSpec(
        long: "policy", valueName: "POLICY", allowedValues: ["merge", "ask", "latest"],
        help: "For notes changed on both sides: merge (default), ask (always a conflict), latest (newest wins)."),
      OptionSpec(long: "dry-run", short: "n", help: "Fetch and report what would happen; change nothing else."),
      OptionSpec(long: "no-push", help: "Stop after merging and checking out."),
      OptionSpec(long: "allow-mass-delete", help: "Allow a merge that deletes more than 20 notes and more than half of them."),
      OptionSpec(long: "timeout", valueName: "SECONDS", help: "Abandon a remote after SECONDS without progress (default 60)."),
      OptionSpec(long: "json", help: "Print {remotes, merged, fastForwarded, conflicts, changed}."),
    ],
    examples: ["notes sync", "notes sync origin --dry-run", "notes sync --policy latest --json"],
    writesToStore: true, reachesRemote: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    var options = SyncOptions()
    options.remote = arguments.argument("remote")
    options.policy = arguments.value("policy").flatMap(ConflictPolicy.init(rawValue:))
    options.dryRun = arguments.flag("dry-run")
    options.noPush = arguments.flag("no-push")
    options.allowMassDelete = arguments.flag("allow-mass-delete")
    options.timeout = try timeout(arguments)
    let report = try ProgressReporter(context: context).around { observer in
      options.onProgress = observer
      return try store.sync(options)
    }
    for rejected in report.rejected { OutputStreams.writeErr("notes: " + context.errorStyle.error(rejected.reason) + "\n") }
    try print(report, dryRun: options.dryRun, json: arguments.flag("json"), context: context)
    if report.isPartial { throw SilentFailure(exitCode: 3) }
  }

  /// `--timeout SECONDS`, 60 by default.
  static func timeout(_ arguments: ParsedArguments) throws -> Double {
    guard let text = arguments.value("timeout") else { return 60 }
    guard let value = Double(text), value > 0 else {
      throw UsageError.invalidValue(value: text, option: "--timeout", allowed: [], commandPath: arguments.commandPath)
    }
    return value
  }

  static func print(_ report: SyncReport, dryRun: Bool, json: Bool, context: CommandContext) throws {
    if json {
      context.out(try JSONOutput.encode(report) + "\n")
      return
    }
    let style = context.errorStyle
    var lines: [String] = []
    let names = { (list: [String]) in list.map(TerminalText.escaped).joined(separator: ", ") }
    for remote in report.remotes {
      if let error = remote.error {
        lines.append("\(remote.name): " + style.error(error))
      } else {
        lines.append(
          "\(remote.name): fetched"
            + (remote.pushed ? ", " + style.success("pushed") : dryRun ? " (dry run: nothing pushed)" : ""))
      }
    }
    if !report.fastForwarded.isEmpty {
      lines.append(
        (dryRun ? "Would fast-forward to " : "Fast-forwarded to ") + style.incoming(names(report.fastForwarded)))
    }
    if !report.merged.isEmpty {
      lines.append((dryRun ? "Would merge changes from " : "Merged changes from ") + style.incoming(names(report.merged)))
    }
    if !report.changed.isEmpty {
      let shown = report.changed.prefix(10).map { style.note(TerminalText.escaped($0)) }.joined(separator: ", ")
      let more = report.changed.count > 10 ? " and \(report.changed.count - 10) more" : ""
      let count = "\(report.changed.count) note\(report.changed.count == 1 ? "" : "s")"
      lines.append((dryRun ? "Would change \(count): " : "Changed \(count): ") + shown + more)
    }
    if report.merged.isEmpty && report.fastForwarded.isEmpty { lines.append("Already up to date.") }
    if !report.rejected.isEmpty {
      let devices = Set(report.rejected.map(\.device)).sorted()
      lines.append("Refused changes from \(names(devices)) (see the messages above; nothing of them is pushed)")
    }
    if !report.conflicts.isEmpty {
      let count = "\(report.conflicts.count) note\(report.conflicts.count == 1 ? "" : "s")"
      lines.append(
        style.conflict((dryRun ? "\(count) would be in conflict: " : "\(count) in conflict: ")
          + names(report.conflicts)) + "; see " + style.hint("`notes conflicts`"))
    }
    context.say(lines.joined(separator: "\n") + "\n")
  }
}

enum FetchCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "fetch", abstract: "Download other devices' changes without merging them.",
    discussion: "Afterwards `notes list` shows notes with newer versions as incoming, and new notes as new; `notes sync` merges them.",
    arguments: [ArgumentSpec(name: "remote", help: "Fetch from this remote only.", isOptional: true)],
    options: [
      OptionSpec(long: "timeout", valueName: "SECONDS", help: "Abandon a remote after SECONDS without progress (default 60)."),
      JSONFlag.option,
    ],
    examples: ["notes fetch", "notes fetch origin"], reachesRemote: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let timeout = try SyncCommand.timeout(arguments)
    let report = try ProgressReporter(context: context).around { observer in
      try store.fetch(remote: arguments.argument("remote"), timeout: timeout, progress: observer)
    }
    for rejected in report.rejected { OutputStreams.writeErr("notes: " + context.errorStyle.error(rejected.reason) + "\n") }
    if arguments.flag("json") {
      try context.outJSON(FetchJSON(remotes: report.remotes, rejected: report.rejected))
      if report.isPartial { throw SilentFailure(exitCode: 3) }
      return
    }
    for remote in report.remotes {
      context.say(remote.error.map { "\(remote.name): \($0)\n" } ?? "\(remote.name): fetched\n")
    }
    if report.isPartial { throw SilentFailure(exitCode: 3) }
  }
}

/// What `notes fetch --json` prints.
private struct FetchJSON: Encodable {
  var remotes: [SyncReport.RemoteReport]
  var rejected: [RejectedChange]
}
