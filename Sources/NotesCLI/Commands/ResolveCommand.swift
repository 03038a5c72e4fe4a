import NoteStore

enum ResolveCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "resolve", abstract: "Resolve a note's conflict by choosing a version.",
    discussion: """
      Puts the chosen version in place, removes the conflict record and commits with \
      trailers that say how (Resolution, Resolved-Versions). The next sync carries the \
      resolution to every device. With three or more versions, --keep-theirs lists them \
      and asks for --version.
      """,
    arguments: [ArgumentSpec(name: "note", help: "The note: its name, path or a unique prefix.")],
    options: [
      OptionSpec(long: "keep-mine", help: "Keep this device's version."),
      OptionSpec(long: "keep-theirs", help: "Keep the other device's version."),
      OptionSpec(long: "version", valueName: "ID", help: "Keep the version with this id (see `notes conflicts`)."),
      OptionSpec(long: "merge", help: "Merge the versions' text three-way."),
      OptionSpec(long: "done", help: "Finish a --merge after editing the markers away."),
      OptionSpec(long: "force", help: "With --done: resolve even though markers remain."),
      OptionSpec(long: "dry-run", short: "n", help: "Say which version would be kept; change nothing."),
      JSONFlag.option,
    ],
    examples: [
      "notes resolve Shopping --keep-mine", "notes resolve Shopping --version 3f2a9c",
      "notes resolve Shopping --merge", "notes resolve Shopping --done",
    ],
    writesToStore: true,
    mutuallyExclusive: [["keep-mine", "keep-theirs", "version", "merge", "done"]])

  /// What `resolve --json` prints.
  private struct Outcome: Encodable {
    struct Kept: Encodable {
      var id: String
      var device: String
    }
    var note: String
    var resolved: Bool
    var how: String
    var kept: Kept?
    var markers: Int
    var dryRun: Bool

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(note, forKey: .note)
      try container.encode(resolved, forKey: .resolved)
      try container.encode(how, forKey: .how)
      try container.encode(kept, forKey: .kept)
      try container.encode(markers, forKey: .markers)
      try container.encode(dryRun, forKey: .dryRun)
    }

    enum CodingKeys: String, CodingKey { case note, resolved, how, kept, markers, dryRun }
  }

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    if arguments.flag("merge") || arguments.flag("done") {
      try runMerge(arguments, context: context)
      return
    }
    let resolution: ConflictResolution
    let how: String
    if arguments.flag("keep-mine") {
      (resolution, how) = (.keepMine, "keep-mine")
    } else if arguments.flag("keep-theirs") {
      (resolution, how) = (.keepTheirs, "keep-theirs")
    } else if let id = arguments.value("version") {
      (resolution, how) = (.version(id), "version")
    } else {
      throw CommandFailure(
        message: "say how to resolve: --keep-mine, --keep-theirs, --version ID or --merge", exitCode: 2)
    }
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let json = arguments.flag("json")
    if arguments.flag("dry-run") {
      let kept = try store.versionToKeep(note, resolution)
      if json {
        try context.outJSON(
          Outcome(
            note: note.name, resolved: false, how: how, kept: Outcome.Kept(id: kept.id, device: kept.device),
            markers: 0, dryRun: true))
      } else {
        context.out("Would resolve \(note.name): keep version \(kept.id) from \(kept.device)\n")
      }
      return
    }
    let kept = try store.resolveConflict(note, resolution)
    if json {
      try context.outJSON(
        Outcome(
          note: note.name, resolved: true, how: how, kept: Outcome.Kept(id: kept.id, device: kept.device),
          markers: 0, dryRun: false))
      return
    }
    context.say(
      "Resolved \(context.errorStyle.note(note.name)): kept version \(kept.id) from \(kept.device); "
        + "\(context.errorStyle.hint("`notes sync`")) carries it to the other devices.\n")
  }

  private static func runMerge(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    let note = try store.resolveNote(arguments.argument("note") ?? "", relativeTo: context.currentDirectory)
    let json = arguments.flag("json")
    let how = arguments.flag("done") ? "done" : "merge"
    if arguments.flag("dry-run") {
      if json {
        try context.outJSON(Outcome(note: note.name, resolved: false, how: how, kept: nil, markers: 0, dryRun: true))
      } else {
        context.out("Would \(arguments.flag("done") ? "finish the merge of" : "merge the versions of") \(note.name)\n")
      }
      return
    }
    if arguments.flag("done") {
      try store.finishMergeResolution(note, force: arguments.flag("force"))
      if json {
        try context.outJSON(Outcome(note: note.name, resolved: true, how: how, kept: nil, markers: 0, dryRun: false))
        return
      }
      context.say("Resolved \(note.name); `notes sync` carries it to the other devices.\n")
      return
    }
    switch try store.mergeConflictVersions(note) {
    case .resolved(let order):
      if json {
        try context.outJSON(Outcome(note: note.name, resolved: true, how: how, kept: nil, markers: 0, dryRun: false))
        return
      }
      context.say("Merged \(order.count) versions of \(note.name) (\(order.joined(separator: ", "))); resolved.\n")
    case .markers(let hunks, let order):
      if json {
        try context.outJSON(Outcome(note: note.name, resolved: false, how: how, kept: nil, markers: hunks, dryRun: false))
      } else {
        context.say(
          "Merged \(order.count) versions of \(note.name) (\(order.joined(separator: ", "))); \(hunks) place\(hunks == 1 ? "" : "s") "
            + "changed on both sides \(hunks == 1 ? "is" : "are") marked with <<<<<<< and >>>>>>>.\nEdit them (`notes edit \(note.name)`), "
            + "then run `notes resolve \(note.name) --done`.\n")
      }
      throw SilentFailure(exitCode: 1)
    }
  }
}
