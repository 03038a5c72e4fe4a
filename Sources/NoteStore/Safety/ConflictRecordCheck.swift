import Git

/// Whether a conflict record from outside is one NoteStore could have written: it
/// parses, it sits at the path its note's record belongs at, and it names a package
/// path inside the tree.
enum ConflictRecordCheck {
  /// What is wrong with the record at `recordPath`, or nil.
  static func problem(recordPath: String, blob: ObjectID, repository: Repository) -> String? {
    let record: ConflictRecord
    do {
      record = try ConflictRecord.decode(try repository.blobData(blob))
    } catch {
      return "it does not parse as a conflict record"
    }
    guard isPackagePath(record.note) else { return "it names '\(record.note)', which is not a note package path" }
    guard let expected = try? ConflictRecord.path(for: record.note), expected == recordPath else {
      return "it is not where the record of '\(record.note)' belongs"
    }
    guard !record.versions.isEmpty, record.versions.contains(where: { $0.id == record.current }) else {
      return "its current version is not among its versions"
    }
    for version in record.versions {
      guard ObjectID(hex: version.commit) != nil, version.tree.map({ ObjectID(hex: $0) != nil }) ?? true else {
        return "version \(version.id) names no valid commit or tree"
      }
    }
    return nil
  }

  /// A relative path of folders and one package, each name valid: `Work/Plan.note`.
  static func isPackagePath(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let last = components.last, TreeInspector.isPackageName(String(last)) else { return false }
    return components.allSatisfy { component in
      !component.isEmpty && !component.hasPrefix(".") && EntryNameRules.violation(of: component) == nil
    }
  }
}
