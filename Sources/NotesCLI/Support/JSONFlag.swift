/// The `--json` flag of a command that reports; its shape is in ``JSONSchemas``.
enum JSONFlag {
  /// The option spec, for a command's `options`.
  static let option = OptionSpec(long: "json", help: "Print the result as JSON (see `notes help json`).")
}

extension CommandContext {
  /// Prints `value` as the command's `--json` output on stdout.
  func outJSON<T: Encodable>(_ value: T) throws {
    out(try JSONOutput.encode(value) + "\n")
  }
}

/// `{name, path, changed}`: what `write` and `edit` report.
struct ChangedNote: Encodable {
  var name: String
  var path: String
  var changed: Bool
}

/// `{name, path, deleted}`: what `delete` reports (`deleted` is false for a dry run).
struct DeletedNote: Encodable {
  var name: String
  var path: String
  var deleted: Bool
}

/// `{note, attachments}`: the names `attach` gave the files.
struct AttachedFiles: Encodable {
  var note: String
  var attachments: [String]
}

/// `{name, url, warning}`: what `remote add` did, with its warning or null.
struct AddedRemote: Encodable {
  var name: String
  var url: String
  var warning: String?

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(url, forKey: .url)
    try container.encode(warning, forKey: .warning)
  }

  enum CodingKeys: String, CodingKey { case name, url, warning }
}
