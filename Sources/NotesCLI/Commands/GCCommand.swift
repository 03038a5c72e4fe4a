import NoteStore

enum GCCommand: NotesCommand {
  static let spec = CommandSpec(
    name: "gc", abstract: "Pack loose objects now.",
    discussion: """
      Every change writes new git objects; notes packs them on its own when they pile \
      up (like `git gc --auto`). This packs them now, with deltas, and removes the copies \
      that `notes restore NOTE` kept of discarded edits once they are two weeks old.
      """,
    options: [
      JSONFlag.option,
      OptionSpec(
        long: "auto", help: "Pack only if due, and write pending previews (what notes starts on its own after a write).",
        isHidden: true),
    ],
    examples: ["notes gc"],
    writesToStore: true)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
    let store = try context.openStore()
    if arguments.flag("auto") {
      store.onAutoPackDue = nil
      store.onQuickLookBacklog = nil
      // Housekeeping of derived data: the previews a big change left, then the pack if due.
      try store.renderQuickLookBacklog()
      _ = try store.packIfDue()
      return
    }
    let report = try ProgressReporter(context: context).measure("Packing objects") { try store.packObjects() }
    if arguments.flag("json") {
      try context.outJSON([
        "packedObjects": Int64(report.looseObjectsBefore - report.looseObjectsAfter),
        "packedBytes": report.looseBytesBefore, "packs": Int64(report.packs), "packBytes": report.packBytes,
        "looseObjects": Int64(report.looseObjectsAfter),
      ])
      return
    }
    context.say(
      "Packed \(report.looseObjectsBefore - report.looseObjectsAfter) loose objects "
        + "(\(kilobytes(report.looseBytesBefore)) KB); now \(report.packs) pack\(report.packs == 1 ? "" : "s") "
        + "of \(kilobytes(report.packBytes)) KB, \(report.looseObjectsAfter) loose objects left.\n")
  }

  private static func kilobytes(_ bytes: Int64) -> Int64 { (bytes + 1023) / 1024 }
}
