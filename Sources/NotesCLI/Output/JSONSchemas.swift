import NoteStore

/// The documented shape of every command's `--json` output, by command path (`remote list`).
///
/// `notes help json` prints these, and the end-to-end tests check each command's real output
/// against them, so the documentation cannot drift from what is printed.
public enum JSONSchemas {
  /// Each command that takes `--json`, and the shape it prints.
  public static let byCommand: [(command: String, shape: JSONShape)] = [
    ("init", .object([("store", .string), ("device", .string)])),
    ("clone", .object([("url", .string), ("store", .string), ("device", .string), ("rejected", .array(rejectedChange))])),
    ("new", noteRef),
    ("list", .array(noteInfo)),
    ("show", .object([("name", .string), ("path", .string), ("version", .nullable(.string)), ("text", .string)])),
    ("write", changedNote),
    ("edit", changedNote),
    ("rename", .object([("from", .string), ("name", .string), ("path", .string)])),
    ("delete", .object([("name", .string), ("path", .string), ("deleted", .boolean)])),
    ("attach", .object([("note", .string), ("attachments", .array(.string))])),
    ("attachments", .array(.object([("name", .string), ("size", .integer), ("type", .string)]))),
    ("detach", .object([("note", .string), ("attachment", .string)])),
    ("export", .object([("note", .string), ("attachment", .string), ("path", .string)])),
    ("status", status),
    ("save", .object([("saved", .array(unsavedChange))])),
    ("sync", syncReport),
    ("fetch", .object([("remotes", .array(remoteReport)), ("rejected", .array(rejectedChange))])),
    ("remote add", .object([("name", .string), ("url", .string), ("warning", .nullable(.string))])),
    ("remote list", .array(.object([("name", .string), ("url", .string)]))),
    ("remote remove", .object([("name", .string)])),
    ("devices", .array(.object([("name", .string), ("lastChange", .date), ("merged", .boolean), ("current", .boolean)]))),
    ("conflicts", .array(conflict)),
    ("versions", .array(version)),
    ("resolve", resolution),
    ("verify", .object([("ok", .boolean), ("problems", .array(.object([("note", .string), ("problem", .string)])))])),
    ("search", .array(searchHit)),
    ("log", .array(.object([
      ("commit", .string), ("date", .date), ("device", .string), ("author", .string), ("message", .string),
      ("note", .string), ("change", .oneOf(NoteChangeKind.allCases.map(\.rawValue))), ("from", .nullable(.string)),
      ("resolution", .nullable(.string)), ("version", .nullable(.string)),
    ]))),
    ("diff", .object([
      ("from", .string), ("to", .string),
      ("hunks", .array(.object([("old", .string), ("new", .string), ("oldParagraph", .integer), ("newParagraph", .integer)]))),
      ("formatting", .array(.object([("text", .string), ("change", .string), ("paragraph", .integer)]))),
    ])),
    ("blame", .array(.object([
      ("paragraph", .integer), ("text", .string), ("commit", .string), ("device", .string), ("author", .string),
      ("date", .date),
    ]))),
    ("deleted", .array(.object([
      ("note", .string), ("date", .date), ("device", .string), ("commit", .string), ("version", .nullable(.string)),
    ]))),
    ("hooks list", .array(.object([
      ("name", .string), ("path", .string), ("runs", .boolean), ("reason", .nullable(.string)), ("isShipped", .boolean),
    ]))),
    ("gc", .object([("packedObjects", .integer), ("packedBytes", .integer), ("packs", .integer), ("packBytes", .integer), ("looseObjects", .integer)])),
  ]

  /// The shape `command` (a path such as `remote list`) prints with `--json`, if it has one.
  public static func shape(of command: String) -> JSONShape? {
    byCommand.first { $0.command == command }?.shape
  }

  static let statuses: JSONShape = .oneOf(
    [NoteStatus.current, .modified, .conflict, .ahead, .incoming, .new].map(\.rawValue))

  static let noteRef: JSONShape = .object([("name", .string), ("path", .string)])

  static let changedNote: JSONShape = .object([("name", .string), ("path", .string), ("changed", .boolean)])

  static let noteInfo: JSONShape = .object([
    ("name", .string), ("path", .string), ("modified", .date), ("device", .string),
    ("attachments", .integer), ("status", statuses),
  ])

  static let unsavedChange: JSONShape = .object([
    ("note", .string), ("path", .string), ("kind", .oneOf(["created", "modified", "deleted"])),
    ("files", .array(.string)),
  ])

  static let status: JSONShape = .object([
    ("device", .string), ("store", .string), ("unsaved", .array(unsavedChange)),
    ("remotes", .array(.object([
      ("remote", .string), ("device", .string), ("thisDevice", .boolean), ("ahead", .integer),
      ("behind", .integer), ("notPushed", .integer), ("incoming", .integer), ("upToDate", .boolean),
    ]))),
    ("conflicts", .array(.string)), ("ahead", .array(.string)), ("incoming", .array(.string)),
    ("new", .array(.string)),
    ("refused", .array(.object(rejectedChangeFields + [("action", .string)]))),
    ("upToDate", .boolean),
  ])

  static let remoteReport: JSONShape = .object([
    ("name", .string), ("fetched", .boolean), ("pushed", .boolean), ("error", .nullable(.string)),
  ])

  static let syncReport: JSONShape = .object([
    ("remotes", .array(remoteReport)), ("merged", .array(.string)), ("fastForwarded", .array(.string)),
    ("conflicts", .array(.string)), ("changed", .array(.string)),
    ("rejected", .array(rejectedChange)), ("unreadable", .array(.string)),
  ])

  /// A device's change a sync refused (DESIGN §9): the rule is a TreeRule name or
  /// `massDelete`.
  static let rejectedChange: JSONShape = .object(rejectedChangeFields)

  static let rejectedChangeFields: [(String, JSONShape)] = [
    ("device", .string), ("remote", .string), ("commit", .string), ("path", .string), ("rule", .string),
    ("reason", .string),
  ]

  static let conflict: JSONShape = .object([
    ("note", .string), ("current", .string), ("currentIsVersion", .boolean),
    ("versions", .array(.object([("id", .string), ("device", .string), ("modified", .date), ("current", .boolean)]))),
  ])

  static let version: JSONShape = .object([
    ("id", .string), ("device", .string), ("modified", .date), ("commit", .string), ("current", .boolean),
    ("conflict", .boolean), ("deleted", .boolean),
  ])

  static let resolution: JSONShape = .object([
    ("note", .string), ("resolved", .boolean), ("how", .oneOf(["keep-mine", "keep-theirs", "version", "merge", "done"])),
    ("kept", .nullable(.object([("id", .string), ("device", .string)]))), ("markers", .integer),
    ("dryRun", .boolean),
  ])

  static let searchHit: JSONShape = .object([
    ("note", .string), ("path", .string), ("line", .integer), ("text", .string), ("inName", .boolean),
    (
      "version",
      .nullable(
        .object([
          ("commit", .string), ("blob", .string), ("date", .date), ("device", .string), ("id", .string),
          ("name", .string),
        ]))
    ),
  ])

  /// The SCHEMAS section of `notes help json`.
  static var helpText: String {
    var lines = ["SCHEMAS:"]
    for (command, shape) in byCommand {
      lines.append("  notes \(command) --json")
      lines.append("    " + shape.layout(indent: "    "))
    }
    lines.append("")
    lines.append("  Types: string, integer, boolean, date (ISO 8601 string), a|b (one of these")
    lines.append("  strings), T|null (T or null), [T] (an array of T), {key: T, ...} (an object).")
    return lines.joined(separator: "\n")
  }
}
