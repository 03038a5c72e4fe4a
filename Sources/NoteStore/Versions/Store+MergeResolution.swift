import Foundation
import Git
import RichText

/// What `notes resolve --merge` did.
public enum MergedResolution: Sendable, Hashable {
  /// The versions merged cleanly; the conflict is resolved. `order` lists the merged
  /// version ids in the order they were merged.
  case resolved(order: [String])
  /// Overlapping edits: the note now holds both alternatives between markers and stays
  /// in conflict until `notes resolve --done`.
  case markers(hunks: Int, order: [String])
}

extension Store {
  /// The label of the conflict markers around text merged from the versions of
  /// `devices`: `laptop`, then `laptop + phone` once a second device's version is in
  /// (each device once, in merge order).
  static func mergedLabel(_ devices: [String]) -> String {
    var seen: Set<String> = []
    return devices.filter { seen.insert($0).inserted }.joined(separator: " + ")
  }

  /// Three-way merges the bodies of a note's conflict versions against the recorded
  /// base (`notes resolve --merge`), oldest version first (ties by device), so every
  /// device merges in the same order. Attachments are the union of the versions'.
  ///
  /// - Throws: `NoteStoreError.noConflict`, `.notMergeable` when a version is a
  ///   deletion or two versions hold different attachments under one name.
  public func mergeConflictVersions(_ note: NotePath) throws -> MergedResolution {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      guard let record = try conflictRecord(for: note) else { throw NoteStoreError.noConflict(note: note.name) }
      let versions = record.versions.sorted { ($0.modified, $0.device, $0.id) < ($1.modified, $1.device, $1.id) }
      var trees: [ObjectID] = []
      for version in versions {
        guard let tree = version.tree.flatMap(ObjectID.init(hex:)) else {
          throw NoteStoreError.notMergeable(note: note.name, reason: "version \(version.id) deletes the note; choose with --version")
        }
        trees.append(tree)
      }
      guard let current = record.versions.first(where: { $0.id == record.current })?.tree.flatMap(ObjectID.init(hex:))
      else { throw NoteStoreError.noConflict(note: note.name) }

      // Every version diverged from the base: each step merges the next version into
      // what is merged so far, against that same base.
      let base = try body(inPackage: try baseTree(of: note, record: record), note: note)
      var merged = base
      var hunks = 0
      for (index, version) in versions.enumerated() {
        let text = try body(inPackage: trees[index], note: note)
        if index == 0 {
          merged = text
          continue
        }
        // What is merged so far holds every earlier version: its markers name them all.
        let result = ThreeWayMerge(
          base: base, mine: merged, theirs: text,
          mineInfo: MergeSideInfo(
            label: Self.mergedLabel(versions[..<index].map(\.device)), date: Self.date(versions[index - 1].modified)),
          theirInfo: MergeSideInfo(label: version.device, date: Self.date(version.modified))
        ).merge()
        merged = result.text
        hunks += result.hunks.count
      }
      let package = try unionOfAttachments(current: current, versions: trees, note: note)
      let textBlob = try git("writing the merged body") { try repository.createBlob(RTFWriter().write(merged)) }
      let packageTree = try git("building the merged package") {
        try repository.updatedTree(package, applying: [.upsert(path: NotePackage.textFileName, id: textBlob, mode: .blob)])
      }
      let recordPath = try ConflictRecord.path(for: note.path)
      let order = versions.map(\.id)
      if hunks == 0 {
        try commitChange(
          [.upsert(path: note.path, id: packageTree, mode: .tree), .remove(path: recordPath)],
          message: CommitMessage(
            summary: "Resolve conflict in \(note.name): merge", device: device, notes: [note.path],
            extraTrailers: [
              (key: "Resolution", value: "merge"), (key: "Resolved-Versions", value: order.joined(separator: ", ")),
            ]),
          checkoutPaths: [note.path, recordPath])
        return .resolved(order: order)
      }
      try commitChange(
        [.upsert(path: note.path, id: packageTree, mode: .tree)],
        message: CommitMessage(
          summary: "Merge the versions of \(note.name), with conflict markers", device: device, notes: [note.path],
          extraTrailers: [(key: "Merged-Versions", value: order.joined(separator: ", "))]),
        checkoutPaths: [note.path])
      return .markers(hunks: hunks, order: order)
    }
  }

  /// Ends a merge resolution after the markers were edited away (`notes resolve
  /// --done`): takes the markers' formatting off the body (words typed over a marker
  /// carry its highlight; a highlight the user gave their own words stays), removes
  /// the conflict record and commits both.
  ///
  /// - Throws: `NoteStoreError.markersRemain` while the text still has conflict
  ///   markers, unless `force`.
  public func finishMergeResolution(_ note: NotePath, force: Bool) throws {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      guard let record = try conflictRecord(for: note) else { throw NoteStoreError.noConflict(note: note.name) }
      let body = try body(of: note)
      let remaining = Self.markerLines(in: body.plainText)
      if remaining > 0 && !force { throw NoteStoreError.markersRemain(note: note.name, lines: remaining) }
      let recordPath = try ConflictRecord.path(for: note.path)
      var updates: [TreeUpdate] = [.remove(path: recordPath)]
      var checkoutPaths = [recordPath]
      if body.hasConflictMarkerFormatting {
        let bytes = RTFWriter().write(body.removingConflictMarkerFormatting())
        let blob = try git("writing the body of \(note.name)") { try repository.createBlob(bytes) }
        updates.append(.upsert(path: note.textPath, id: blob, mode: .blob))
        checkoutPaths.append(note.path)
      }
      try commitChange(
        updates,
        message: CommitMessage(
          summary: "Resolve conflict in \(note.name): merge", device: device, notes: [note.path],
          extraTrailers: [
            (key: "Resolution", value: force && remaining > 0 ? "merge-forced" : "merge"),
            (key: "Resolved-Versions", value: record.versions.map(\.id).joined(separator: ", ")),
          ]),
        checkoutPaths: checkoutPaths)
    }
  }

  /// Lines of `text` that are conflict markers.
  static func markerLines(in text: String) -> Int {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      line.hasPrefix("<<<<<<< ") || line == "=======" || line.hasPrefix(">>>>>>> ")
    }.count
  }

  private static func date(_ timestamp: String) -> Date {
    ISO8601DateFormatter().date(from: timestamp) ?? Date(timeIntervalSince1970: 0)
  }

  /// The package tree at the record's base commit, or nil when the note did not exist.
  private func baseTree(of note: NotePath, record: ConflictRecord) throws -> ObjectID? {
    guard let commit = ObjectID(hex: record.base), repository.objectExists(commit) else { return nil }
    let tree = try commitTree(commit)
    return try git("reading the base of \(note.name)") { try repository.treeEntry(atPath: note.path, inTree: tree)?.id }
  }

  /// The body in a package tree; empty when there is none.
  private func body(inPackage tree: ObjectID?, note: NotePath) throws -> AttributedText {
    guard let tree,
      let entry = try git("reading \(note.name)", { try repository.treeEntry(atPath: NotePackage.textFileName, inTree: tree) })
    else { return AttributedText() }
    do {
      return try RTFReader().read(try repository.blobData(entry.id)).text
    } catch {
      throw NoteStoreError.cannotLoadText(note: note.name, underlying: error)
    }
  }

  /// The current version's package with every attachment the other versions add.
  private func unionOfAttachments(current: ObjectID, versions: [ObjectID], note: NotePath) throws -> ObjectID {
    let files = TreeFiles(repository: repository)
    var attachments: [String: [TreeEntry]] = [:]
    for tree in [current] + versions {
      for (path, entry) in try files.files(in: tree) where path.hasPrefix(NotePackage.attachmentsFolderName + "/") {
        if !attachments[path, default: []].contains(where: { $0.id == entry.id }) { attachments[path, default: []].append(entry) }
      }
    }
    // Different files under one name are all kept, as a sync keeps two attachments
    // added under one name.
    var taken = Set(attachments.keys.filter(AttachmentNaming.isAttachment).map(AttachmentNaming.name(of:)))
    var updates: [TreeUpdate] = []
    for (path, entries) in attachments.sorted(by: { $0.key < $1.key }) {
      guard entries.count == 1 || AttachmentNaming.isAttachment(path) else {
        throw NoteStoreError.notMergeable(
          note: note.name, reason: "two versions hold different files named \(path); choose with --version")
      }
      updates += AttachmentNaming.keepingEvery(entries, at: path, taken: &taken)
    }
    return try repository.updatedTree(current, applying: updates)
  }
}
