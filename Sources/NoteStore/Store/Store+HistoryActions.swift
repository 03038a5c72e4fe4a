import Foundation
import Git
import RichText

extension Store {
  /// The version of a note that `spec` names: a version id (or unique prefix), a
  /// commit (40 hex digits or a unique prefix of at least 4), or a date or relative
  /// time (`HistoryDate`), meaning the version the note had at that moment (the end
  /// of a day given by date only).
  ///
  /// - Throws: `NoteStoreError.noSuchVersion` when nothing matches, or when the note
  ///   did not exist at that moment.
  public func version(of note: NotePath, at spec: String, now: Date = Date()) throws -> NoteVersion {
    let all = try versions(of: note)
    if let exact = all.first(where: { $0.id == spec }) { return exact }
    let byPrefix = all.filter { $0.id.hasPrefix(spec) }
    if byPrefix.count == 1, let only = byPrefix.first, !spec.isEmpty { return only }
    let history = try log(of: note)
    let hex = spec.lowercased()
    if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
      let index = try git("reading the history index") { try noteHistory.index() }
      let matches = index.commits.indices.filter { index.commits[$0].id.hex.hasPrefix(hex) }
      if matches.count == 1, let position = matches.first {
        let reachable = index.reachable(from: [position])
        if let change = history.first(where: { change in
          ObjectID(hex: change.commit).flatMap { index.position(of: $0) }.map { reachable[$0] } ?? false
        }) {
          return try version(for: change, in: all, note: note, spec: spec)
        }
        throw NoteStoreError.noSuchVersion(note: note.name, id: spec, available: all.map(\.id))
      }
    }
    if let moment = HistoryDate.parse(spec, now: now) {
      if let change = history.first(where: { $0.date <= moment.end }) {
        return try version(for: change, in: all, note: note, spec: spec)
      }
      if let first = history.last { throw NoteStoreError.noVersionYet(note: note.name, at: spec, first: first.date) }
    }
    throw NoteStoreError.noSuchVersion(note: note.name, id: spec, available: all.map(\.id))
  }

  private func version(for change: NoteChange, in all: [NoteVersion], note: NotePath, spec: String) throws -> NoteVersion {
    guard let id = change.version, let version = all.first(where: { $0.id == id }) else {
      throw NoteStoreError.noSuchVersion(note: note.name, id: spec, available: all.map(\.id))
    }
    return version
  }

  /// The body of the version `spec` names (see `version(of:at:now:)`).
  public func body(of note: NotePath, at spec: String, now: Date = Date()) throws -> [UInt8] {
    let chosen = try version(of: note, at: spec, now: now)
    guard let tree = chosen.tree,
      let text = try git("reading version \(chosen.id)", {
        try repository.treeEntry(atPath: NotePackage.textFileName, inTree: tree)
      })
    else {
      throw NoteStoreError.malformedPackage(note: note.name, reason: "version \(chosen.id) has no \(NotePackage.textFileName)")
    }
    return try git("reading version \(chosen.id)") { try repository.blobData(text.id) }
  }

  /// `notes restore NOTE --to V`: one new commit that makes version `spec` the note's
  /// content (`Restored-Version:` trailer); nothing is rewritten.
  ///
  /// - Returns: the version restored.
  @discardableResult
  public func restore(_ note: NotePath, to spec: String, now: Date = Date()) throws -> NoteVersion {
    let chosen = try version(of: note, at: spec, now: now)
    try replace(note, with: chosen.id)
    return chosen
  }

  /// `notes undo NOTE`: reverts the note's last change as a new commit (a rename goes
  /// back, a creation is deleted, a deletion comes back). Undoing an undo redoes.
  ///
  /// - Returns: the change undone.
  @discardableResult
  public func undo(_ note: NotePath) throws -> NoteChange {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      guard let last = try log(of: note).first, let commit = ObjectID(hex: last.commit) else {
        throw NoteStoreError.noSuchVersion(note: note.name, id: "last change", available: [])
      }
      let index = try git("reading the history index") { try noteHistory.index() }
      guard let offset = index.changes.indices.last(where: {
        index.commits[index.changes[$0].commit].id == commit && index.strings[index.changes[$0].path] == note.path
      }) else {
        throw NoteStoreError.noSuchVersion(note: note.name, id: "last change", available: [])
      }
      let change = index.changes[offset]
      var updates: [TreeUpdate] = [.remove(path: note.path)]
      var paths = [note.path]
      let target = change.from >= 0 ? index.strings[change.from] : note.path
      if target != note.path { paths.append(target) }
      if let previous = change.previous {
        updates = target == note.path ? [] : updates
        updates.append(.upsert(path: target, id: previous, mode: .tree))
      }
      try commitChange(
        updates,
        message: CommitMessage(
          summary: "Undo \(last.message)", device: device, notes: paths,
          extraTrailers: [(key: "Reverts", value: last.commit)]),
        checkoutPaths: paths)
      return last
    }
  }

  /// `notes restore --deleted NAME`: brings a deleted note back as it was just before
  /// its deletion, at its old path, so its history continues (`Restored-Version:` and
  /// `Restored-From:` trailers).
  ///
  /// - Throws: `NoteStoreError.noSuchNote` when no deleted note has that name, or
  ///   `.noteExists` when a note of that name is in the store now,
  ///   `.noteNameDiffersOnlyInCase` when one whose name differs only in case is.
  @discardableResult
  public func restoreDeleted(_ name: String) throws -> NotePath {
    var wanted = name
    if wanted.hasSuffix(NotePath.packageExtension) { wanted.removeLast(NotePath.packageExtension.count) }
    let deleted = try deletedNotes()
    guard let entry = deleted.first(where: { $0.note == wanted }) else {
      // A note of that name now is what keeps a deleted one of it from the list.
      if try committedPackageExists(NotePath(packagePath: wanted + NotePath.packageExtension)) {
        throw NoteStoreError.noteExists(wanted)
      }
      throw NoteStoreError.noSuchNote(
        name, suggestions: NameSuggestions.nearest(to: wanted, among: deleted.map(\.note), maxDistance: 3, limit: 3))
    }
    let note = NotePath(packagePath: entry.note + NotePath.packageExtension)
    let index = try git("reading the history index") { try noteHistory.index() }
    guard let commit = ObjectID(hex: entry.commit), let position = index.position(of: commit),
      let change = index.changes.first(where: { $0.commit == position && index.strings[$0.path] == note.path }),
      let previous = change.previous
    else {
      throw NoteStoreError.noSuchNote(name, suggestions: [])
    }
    try withWriteLock {
      try CaseInsensitiveNames(try notePaths().map(\.name)).refuseTaken(note.name)
      try commitChange(
        [.upsert(path: note.path, id: previous, mode: .tree)],
        message: CommitMessage(
          summary: "Restore deleted \(note.name)", device: device, notes: [note.path],
          extraTrailers: [
            (key: "Restored-Version", value: entry.version), (key: "Restored-From", value: entry.commit),
          ]),
        checkoutPaths: [note.path])
    }
    return note
  }

  private func committedPackageExists(_ note: NotePath) throws -> Bool {
    guard let tree = try headTree() else { return false }
    return try git("reading \(note.name)") { try repository.treeEntry(atPath: note.path, inTree: tree) } != nil
  }

  /// The path of a note the user names that may no longer be in the store: the
  /// current note when one matches, else a deleted one known to the history.
  public func resolveNoteInHistory(_ query: String, relativeTo directory: String? = nil) throws -> NotePath {
    do {
      return try resolveNote(query, relativeTo: directory)
    } catch NoteStoreError.noSuchNote(let name, let suggestions) {
      var wanted = query
      if wanted.hasSuffix(NotePath.packageExtension) { wanted.removeLast(NotePath.packageExtension.count) }
      let path = NotePath(packagePath: wanted + NotePath.packageExtension)
      let index = try git("reading the history index") { try noteHistory.index() }
      if !index.changes(touching: path.path).isEmpty { return path }
      throw NoteStoreError.noSuchNote(name, suggestions: suggestions)
    }
  }
}

extension Store {
  /// A word diff of two versions of a note (`notes diff`): `from` defaults to the
  /// version before the note's last change, `to` to the current version.
  ///
  /// - Returns: the two version ids compared and their diff.
  public func textDiff(of note: NotePath, from: String?, to: String?, now: Date = Date()) throws
    -> (from: String, to: String, diff: NoteTextDiff)
  {
    let newer = try to.map { try version(of: note, at: $0, now: now) } ?? currentVersion(of: note)
    guard let newer else { throw NoteStoreError.noSuchNote(note.name, suggestions: []) }
    let older: NoteVersion
    if let from {
      older = try version(of: note, at: from, now: now)
    } else {
      let history = try log(of: note)
      guard let previous = history.first(where: { $0.version != nil && $0.version != newer.id }),
        let id = previous.version
      else {
        return (newer.id, newer.id, NoteTextDiff(from: try text(of: note, newer), to: try text(of: note, newer)))
      }
      older = try version(id, of: note)
    }
    return (older.id, newer.id, NoteTextDiff(from: try text(of: note, older), to: try text(of: note, newer)))
  }

  private func text(of note: NotePath, _ version: NoteVersion) throws -> AttributedText {
    guard version.tree != nil else { return AttributedText() }
    return try body(of: note, version: version.id)
  }
}
