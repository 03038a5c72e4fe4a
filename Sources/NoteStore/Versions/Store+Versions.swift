import Foundation
import Git
import RichText

extension Store {
  /// The conflict record of a note, or nil.
  func conflictRecord(for note: NotePath, inTree tree: ObjectID? = nil) throws -> ConflictRecord? {
    guard let tree = try tree ?? headTree() else { return nil }
    return try git("reading the conflict of \(note.name)") {
      try ConflictBook(repository: repository).record(for: note.path, in: tree)
    }
  }

  /// Whether a committed conflict record (`.notes/conflicts/<id>.json`) names the
  /// note.
  public func hasUnresolvedConflict(_ note: NotePath) throws -> Bool {
    try conflictRecord(for: note) != nil
  }

  /// Every unresolved conflict, sorted by note.
  ///
  /// - Throws: `NoteStoreError.malformedConflictRecord` when a record cannot be read.
  public func conflicts() throws -> [NoteConflict] {
    guard let tree = try headTree() else { return [] }
    let records = try git("reading conflicts") { try ConflictBook(repository: repository).records(in: tree) }
    return try records.map { record in
      let held = try git("reading \(record.note)") { try repository.treeEntry(atPath: record.note, inTree: tree)?.id }
      let versions = record.versions.map { version(from: $0, current: record.current, held: held) }
      // A note that holds none of its versions (a merge with conflict markers, or an
      // edit made since) has that content as its current version.
      let current = versions.first(where: \.isCurrent)?.id ?? held.map(ConflictRecord.versionID(tree:)) ?? record.current
      return NoteConflict(note: NotePath(packagePath: record.note).name, current: current, versions: versions)
    }
  }

  /// A recorded conflict version. It is current when the note holds its content
  /// (`held`, the note's package tree now); without `held`, when the record names it.
  private func version(
    from recorded: ConflictRecord.RecordedVersion, current: String, held: ObjectID? = nil
  ) -> NoteVersion {
    let isCurrent = held.map { recorded.tree == $0.hex } ?? (recorded.id == current)
    return NoteVersion(
      id: recorded.id, device: recorded.device,
      modificationDate: ISO8601DateFormatter().date(from: recorded.modified) ?? Date(timeIntervalSince1970: 0),
      isConflict: !isCurrent, commit: recorded.commit, isCurrent: isCurrent,
      isDeletion: recorded.tree == nil, treeID: recorded.tree)
  }

  /// Every version of a note, newest first: each committed change in its history
  /// (following renames, read from the history index), and the unresolved conflict
  /// versions (marked `isConflict`).
  public func versions(of note: NotePath) throws -> [NoteVersion] {
    guard try headCommit() != nil else { return [] }
    let record = try conflictRecord(for: note)
    let currentTree = try headTree().flatMap { tree in
      try git("reading \(note.name)") { try repository.treeEntry(atPath: note.path, inTree: tree)?.id }
    }
    var byID: [String: NoteVersion] = [:]
    for (index, offset) in try withVerifiedIndex({ $0.log(path: note.path) }) {
      let change = index.changes[offset]
      let commit = index.commits[change.commit]
      let versionID = change.tree.map { ConflictRecord.versionID(tree: $0) } ?? ConflictRecord.deletionID(commit: commit.id)
      // Newest first: the last change seen with this content is the one that made it;
      // a resolution or a restore that brought it back is not its author.
      byID[versionID] = NoteVersion(
        id: versionID, device: index.strings[commit.device],
        modificationDate: Date(timeIntervalSince1970: TimeInterval(commit.date)), isConflict: false,
        commit: commit.id.hex, isCurrent: change.tree != nil && change.tree == currentTree,
        isDeletion: change.tree == nil, treeID: change.tree?.hex)
    }
    for recorded in record?.versions ?? [] {
      let version = version(from: recorded, current: record?.current ?? "", held: currentTree)
      byID[recorded.id] = version
    }
    return byID.values.sorted { ($0.modificationDate, $0.id) > ($1.modificationDate, $1.id) }
  }

  /// `NSFileVersion.currentVersionOfItem`.
  public func currentVersion(of note: NotePath) throws -> NoteVersion? {
    try versions(of: note).first { $0.isCurrent }
  }

  /// `NSFileVersion.unresolvedConflictVersionsOfItem`.
  public func unresolvedConflictVersions(of note: NotePath) throws -> [NoteVersion] {
    try versions(of: note).filter(\.isConflict)
  }

  /// `NSFileVersion.otherVersionsOfItem`: every version but the current one.
  public func otherVersions(of note: NotePath) throws -> [NoteVersion] {
    try versions(of: note).filter { !$0.isCurrent }
  }

  /// A version by id or unique id prefix.
  public func version(_ id: String, of note: NotePath) throws -> NoteVersion {
    let all = try versions(of: note)
    if let exact = all.first(where: { $0.id == id }) { return exact }
    let matches = all.filter { $0.id.hasPrefix(id) }
    guard matches.count == 1, let only = matches.first, !id.isEmpty else {
      throw NoteStoreError.noSuchVersion(note: note.name, id: id, available: all.map(\.id))
    }
    return only
  }

  /// The body of one version of a note.
  public func body(of note: NotePath, version id: String) throws -> AttributedText {
    let version = try version(id, of: note)
    guard let tree = version.tree else {
      throw NoteStoreError.noSuchVersion(note: note.name, id: id, available: [])
    }
    guard let text = try git("reading version \(id)", {
      try repository.treeEntry(atPath: NotePackage.textFileName, inTree: tree)
    }) else {
      throw NoteStoreError.malformedPackage(note: note.name, reason: "version \(id) has no \(NotePackage.textFileName)")
    }
    do {
      return try RTFReader().read(try repository.blobData(text.id)).text
    } catch {
      throw NoteStoreError.cannotLoadText(note: note.name, underlying: error)
    }
  }

  /// The version `resolution` keeps of the conflicted note, changing nothing (what
  /// ``resolveConflict(_:_:)`` would keep, and `resolve --dry-run` names).
  ///
  /// - Throws: `NoteStoreError.noConflict`, `.noVersionFromDevice`, `.ambiguousResolution`
  ///   or `.noSuchVersion`, as `resolveConflict` does.
  public func versionToKeep(_ note: NotePath, _ resolution: ConflictResolution) throws -> NoteVersion {
    guard let record = try conflictRecord(for: note) else { throw NoteStoreError.noConflict(note: note.name) }
    return try versionToKeep(note, resolution, record: record)
  }

  /// `versionToKeep(_:_:)` with the note's conflict record read already.
  private func versionToKeep(
    _ note: NotePath, _ resolution: ConflictResolution, record: ConflictRecord
  ) throws -> NoteVersion {
    let versions = record.versions.map { version(from: $0, current: record.current) }
    switch resolution {
    case .keepCurrent:
      guard let current = versions.first(where: \.isCurrent) else { throw NoteStoreError.noConflict(note: note.name) }
      return current
    case .keepMine:
      guard let mine = versions.filter({ $0.device == device.rawValue }).max(by: { $0.modificationDate < $1.modificationDate })
      else { throw NoteStoreError.noVersionFromDevice(note: note.name, device: device.rawValue) }
      return mine
    case .keepTheirs:
      let theirs = versions.filter { $0.device != device.rawValue }
      guard theirs.count == 1, let only = theirs.first else {
        throw NoteStoreError.ambiguousResolution(note: note.name, versions: versions.map { "\($0.id) (\($0.device))" })
      }
      return only
    case .version(let id):
      return try version(id, of: note)
    }
  }

  /// Resolves a note's conflict: puts the chosen version in the tree, removes the
  /// record and commits with trailers saying how (`Resolution: keep-mine`,
  /// `Resolved-Versions: …`). The next sync carries it to every device.
  ///
  /// - Returns: the version kept.
  /// - Throws: `NoteStoreError.noConflict`, `.ambiguousResolution` (keep-theirs with
  ///   several other versions), `.noSuchVersion`.
  @discardableResult
  public func resolveConflict(_ note: NotePath, _ resolution: ConflictResolution) throws -> NoteVersion {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      guard let record = try conflictRecord(for: note) else { throw NoteStoreError.noConflict(note: note.name) }
      let chosen = try versionToKeep(note, resolution, record: record)
      let recordPath = try ConflictRecord.path(for: note.path)
      var updates: [TreeUpdate] = [.remove(path: recordPath)]
      if let tree = chosen.tree {
        updates.append(.upsert(path: note.path, id: tree, mode: .tree))
      } else {
        updates.append(.remove(path: note.path))
      }
      let how = resolution.trailer
      try commitChange(
        updates,
        message: CommitMessage(
          summary: "Resolve conflict in \(note.name): \(how.replacingOccurrences(of: "-", with: " "))",
          device: device, notes: [note.path],
          extraTrailers: [
            (key: "Resolution", value: how), (key: "Resolved-Version", value: chosen.id),
            (key: "Resolved-Versions", value: record.versions.map(\.id).joined(separator: ", ")),
          ]),
        checkoutPaths: [note.path, recordPath])
      return chosen
    }
  }

  /// `NSFileVersion.replaceItem(at:)`: makes a version (any, from history too) the
  /// note's content in a new commit; the history keeps the rest.
  public func replace(_ note: NotePath, with versionID: String) throws {
    let chosen = try version(versionID, of: note)
    if try conflictRecord(for: note) != nil {
      try resolveConflict(note, .version(chosen.id))
      return
    }
    try withWriteLock {
      try refuseUnsavedChanges(note)
      let update: TreeUpdate = chosen.tree.map { .upsert(path: note.path, id: $0, mode: .tree) } ?? .remove(path: note.path)
      try commitChange(
        [update],
        message: CommitMessage(
          summary: "Restore \(note.name) to version \(chosen.id)", device: device, notes: [note.path],
          extraTrailers: [(key: "Restored-Version", value: chosen.id)]),
        checkoutPaths: [note.path])
    }
  }

  /// `NSFileVersion.removeOtherVersionsOfItem`: keeps the current version and drops
  /// the unresolved ones (the history keeps them).
  public func removeOtherVersions(of note: NotePath) throws {
    if try conflictRecord(for: note) != nil { try resolveConflict(note, .keepCurrent) }
  }
}
