/// Note names as a case-insensitive file system sees them (macOS's and Windows' by
/// default): two names that differ only in case are one folder there, so a store holding
/// both could not be checked out whole on those systems. New names are refused such a
/// twin; a note may still be renamed to its own name in another case.
struct CaseInsensitiveNames {
  /// A name held, by its key.
  private var held: [String: String] = [:]

  init(_ names: some Sequence<String>) {
    for name in names { insert(name) }
  }

  /// What two names that one case-insensitive file system holds as one share.
  static func key(_ name: String) -> String { name.lowercased() }

  /// The name held that differs from `name` only in case, if any (never `name` itself).
  func twin(of name: String) -> String? {
    guard let found = held[Self.key(name)], found != name else { return nil }
    return found
  }

  /// Whether `name`, or a name that differs from it only in case, is held.
  func contains(_ name: String) -> Bool { held[Self.key(name)] != nil }

  mutating func insert(_ name: String) {
    if held[Self.key(name)] == nil { held[Self.key(name)] = name }
  }

  /// Throws when a new note may not take `name`: `NoteStoreError.noteExists` when it is
  /// held, `.noteNameDiffersOnlyInCase` when a name that differs from it only in case is.
  func refuseTaken(_ name: String) throws(NoteStoreError) {
    guard let found = held[Self.key(name)] else { return }
    if found == name { throw .noteExists(name) }
    throw .noteNameDiffersOnlyInCase(name, existing: found)
  }
}
