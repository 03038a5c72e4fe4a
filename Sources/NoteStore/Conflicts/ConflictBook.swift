import Foundation
import Git

/// The owner of the conflict records in a tree, `.notes/conflicts/<id>.json`
/// (DESIGN §4, §5): reading them (a record that cannot be read is an error, never a
/// conflict dropped in silence), and the rule for which version is current.
struct ConflictBook {
  let repository: Repository

  /// The record of `note` in `tree`, or nil when the note has none.
  ///
  /// - Throws: `NoteStoreError.malformedConflictRecord` when the record exists but
  ///   cannot be read or names another note.
  func record(for note: String, in tree: ObjectID) throws -> ConflictRecord? {
    let path = try ConflictRecord.path(for: note)
    guard let entry = try repository.treeEntry(atPath: path, inTree: tree), entry.mode != .tree else { return nil }
    let record = try read(entry.id, at: path)
    guard record.note == note else {
      throw NoteStoreError.malformedConflictRecord(path: path, reason: "it names \(record.note), not \(note)")
    }
    return record
  }

  /// Every record in `tree`, sorted by note.
  ///
  /// - Throws: `NoteStoreError.malformedConflictRecord` for the first record that
  ///   cannot be read or does not sit where its note's record belongs.
  func records(in tree: ObjectID) throws -> [ConflictRecord] {
    guard let folder = try repository.treeEntry(atPath: ConflictRecord.folder, inTree: tree), folder.mode == .tree else {
      return []
    }
    var result: [ConflictRecord] = []
    for entry in try repository.treeEntries(folder.id) {
      let path = ConflictRecord.folder + "/" + entry.name
      guard entry.mode != .tree else {
        throw NoteStoreError.malformedConflictRecord(path: path, reason: "it is a folder")
      }
      let record = try read(entry.id, at: path)
      guard try ConflictRecord.path(for: record.note) == path else {
        throw NoteStoreError.malformedConflictRecord(
          path: path, reason: "it names \(record.note), whose record belongs at \(try ConflictRecord.path(for: record.note))")
      }
      result.append(record)
    }
    return result.sorted { $0.note < $1.note }
  }

  /// The record in the blob `id` at `path`.
  func read(_ id: ObjectID, at path: String) throws -> ConflictRecord {
    do {
      return try ConflictRecord.decode(try repository.blobData(id))
    } catch {
      throw NoteStoreError.malformedConflictRecord(path: path, reason: "it does not parse (\(error))")
    }
  }

  /// Two records of the same note as one: every version, the current one chosen by
  /// ``ConflictRecord/current(among:)``, the smaller base.
  func combined(_ first: ObjectID, _ second: ObjectID, at path: String) throws -> ConflictRecord {
    let a = try read(first, at: path)
    let b = try read(second, at: path)
    var versions: [String: ConflictRecord.RecordedVersion] = [:]
    for version in a.versions + b.versions { versions[version.id] = version }
    let all = versions.values.sorted { $0.id < $1.id }
    return ConflictRecord(
      base: min(a.base, b.base), current: ConflictRecord.current(among: all)?.id ?? a.current, note: a.note,
      versions: all)
  }
}

extension ConflictRecord {
  /// The current version among `versions` (DESIGN §4): the newest that still has the
  /// note — an edit never loses to a deletion — with ties broken by device name, then
  /// id, so every device picks the same one. Nil when every version is a deletion.
  static func current(among versions: [RecordedVersion]) -> RecordedVersion? {
    versions.filter { $0.tree != nil }.max { ($0.modified, $1.device, $1.id) < ($1.modified, $0.device, $0.id) }
  }
}
