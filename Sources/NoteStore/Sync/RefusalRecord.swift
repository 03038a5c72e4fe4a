import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `.git/notes-refused.json`: the devices' changes the last sync, fetch or clone
/// refused (``RejectedChange``), so that `notes status` can name them until a sync
/// takes them or no longer finds them. Derived data, never committed: each run that
/// checks a remote's branches again replaces what it checked (``RefusalCheck``), and
/// an empty record removes the file, so a store that refuses nothing has none.
///
/// Read without the store lock (status); written only under it.
struct RefusalRecord {
  /// The file's format version; a file of another version reads as damaged.
  static let version = 1

  /// What the file holds.
  private struct Contents: Codable {
    var version: Int
    var refused: [RejectedChange]
  }

  let path: String

  init(gitDirectory: String) {
    path = gitDirectory + "/notes-refused.json"
  }

  /// The refusals recorded, in order; empty when there is no file.
  ///
  /// - Throws: `NoteStoreError.damagedRefusalRecord` when the file does not parse (a
  ///   crash can leave a derived file short or zeroed).
  func refused() throws -> [RejectedChange] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let contents: Contents
    do {
      contents = try JSONDecoder().decode(Contents.self, from: data)
    } catch {
      throw NoteStoreError.damagedRefusalRecord(path: path, reason: "it is not the JSON notes writes")
    }
    guard contents.version == Self.version else {
      throw NoteStoreError.damagedRefusalRecord(path: path, reason: "it has format version \(contents.version)")
    }
    return contents.refused
  }

  /// Replaces the refusals `check` covers with `found`, keeps the others (a remote
  /// that could not be reached is refused as before), and writes the file. A damaged
  /// file is replaced whole.
  ///
  /// - Throws: `NoteStoreError.cannotWriteFile`.
  func update(found: [RejectedChange], check: RefusalCheck) throws {
    let earlier = (try? refused()) ?? []
    let foundKeys = Set(found.map { [$0.device, $0.remote] })
    let kept = earlier.filter { !check.covers($0) && !foundKeys.contains([$0.device, $0.remote]) }
    try replace(with: kept + found)
  }

  /// Replaces the record with `refused`; an empty list removes the file.
  ///
  /// - Throws: `NoteStoreError.cannotWriteFile`.
  func replace(with refused: [RejectedChange]) throws {
    guard !refused.isEmpty else {
      if unlink(path) != 0 && errno != ENOENT {
        throw NoteStoreError.cannotWriteFile(path: path, underlying: POSIXErrorDescription(code: errno))
      }
      return
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes: Data
    do {
      bytes = try encoder.encode(Contents(version: Self.version, refused: refused))
    } catch {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
    try ReplacedFile.write(Array(bytes) + [0x0A], to: path)
  }
}

/// Which earlier refusals a run checked again, and so replaces with what it found.
struct RefusalCheck {
  /// Remotes whose device branches were fetched and vetted: their refusals for
  /// breaking a rule on trees were checked again.
  var fetched: Set<String>
  /// Remotes whose fetched tips were held against the mass-delete guard.
  var merged: Set<String>
  /// Remotes the store still has; the refusals of any other one are dropped.
  var configured: Set<String>

  /// Whether `change` was checked again (or its remote is gone).
  func covers(_ change: RejectedChange) -> Bool {
    if !configured.contains(change.remote) { return true }
    return change.rule == RejectedChange.massDeleteRule
      ? merged.contains(change.remote) : fetched.contains(change.remote)
  }
}
