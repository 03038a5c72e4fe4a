import Foundation
import Git
import RichText

#if canImport(Glibc)
  import Glibc
#endif

/// Unsaved changes to one note in the working tree.
public struct UnsavedChange: Sendable, Hashable, Codable {
  /// What happened to the note as a whole.
  public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A new package, not committed yet.
    case created
    /// Files of a committed package changed.
    case modified
    /// The package is gone from the working tree.
    case deleted
  }

  /// The note's name.
  public var note: String
  /// The package path.
  public var path: String
  /// What happened.
  public var kind: Kind
  /// The changed files, relative to the package.
  public var files: [String]
}

extension Store {
  /// The notes whose working-tree files differ from the last commit: of the whole store,
  /// or of `notes` only (their packages are looked at, nothing else).
  public func unsavedChanges(among notes: [NotePath]? = nil) throws -> [UnsavedChange] {
    let entries: [StatusEntry]
    if let notes {
      entries = try git("reading the working tree status") {
        try notes.filter { try !repository.isUnchangedByStat($0.path, excluding: Store.previewFolders) }
          .flatMap { try repository.statusTrustingStat(paths: [$0.path], excluding: Store.previewFolders) }
      }
    } else {
      entries = try wholeStoreStatus()
    }
    var filesByPackage: [String: [StatusEntry]] = [:]
    for entry in entries {
      guard let package = Store.packagePath(containing: entry.path) else { continue }
      filesByPackage[package, default: []].append(entry)
    }
    // A clean tree (the usual case) needs no list of the committed notes.
    guard !filesByPackage.isEmpty else { return [] }
    let committed = try committedPackages(among: Array(filesByPackage.keys))
    return filesByPackage.keys.sorted().map { package in
      let files = filesByPackage[package] ?? []
      let exists = FileManager.default.fileExists(atPath: root + "/" + package)
      let kind: UnsavedChange.Kind = !committed.contains(package) ? .created : exists ? .modified : .deleted
      let note = NotePath(packagePath: package)
      return UnsavedChange(
        note: note.name, path: package, kind: kind,
        files: files.map { String($0.path.dropFirst(package.count + 1)) }.sorted())
    }
  }

  /// Which of `packages` the last commit holds as notes: a few are looked up one by one
  /// (saving one hand edit must not list the 10,000 entries of the root tree), many
  /// through one list of every note.
  private func committedPackages(among packages: [String]) throws -> Set<String> {
    guard packages.count <= Store.committedLookupLimit else { return Set(try notePaths().map(\.path)) }
    return Set(
      try packages.filter { package in
        try committedNote(named: String(package.dropLast(NotePath.packageExtension.count))) != nil
      })
  }

  /// Up to this many changed packages are looked up in the last commit one by one.
  static let committedLookupLimit = 64

  /// Package paths with unsaved changes, among `packages` when given (a status of
  /// those folders only, not of the whole store).
  func unsavedNotePaths(among packages: [String]? = nil) throws -> Set<String> {
    let entries =
      try packages.map { packages in
        try git("reading the working tree status") { try repository.statusTrustingStat(paths: packages, excluding: Store.previewFolders) }
      }
      ?? wholeStoreStatus()
    return Set(entries.compactMap { Store.packagePath(containing: $0.path) })
  }

  /// The changed files of the whole working tree, trusting the index's stat data as git
  /// does. Stale stat data (a copied store, a `touch`) is refreshed in the index only
  /// while no writer can write it: when the store lock is free (a writer in this process
  /// holds it already and refreshes nothing). Without the refresh every later `status`
  /// or `list` would hash those files again.
  private func wholeStoreStatus() throws -> [StatusEntry] {
    let lock = try? StoreLock(path: lockPath, storePath: root, timeout: 0, gitDirectory: gitDirectory, onWait: {})
    return try withExtendedLifetime(lock) {
      try git("reading the working tree status") {
        try repository.statusTrustingStat(
          cacheFile: scanCachePath, refreshingIndex: lock != nil, excluding: Store.previewFolders)
      }
    }
  }

  /// The packages' `QuickLook/` folders, which the working-tree scan leaves out: previews
  /// are generated, and ``packagePath(containing:)`` drops their changes anyway. At
  /// 10,000 notes this is two of every three tracked files and half the directories.
  static let previewFolders = ScanExclusion(name: "note-previews") { directory in
    // Excluded: the folder right after the first package component, when it is `QuickLook`
    // (the same rule as packagePath(containing:)).
    let suffix = NotePath.packageExtension.utf8, folder = NotePackage.quickLookFolderName.utf8
    var start = 0
    while start < directory.count {
      var end = start
      while end < directory.count && directory[end] != UInt8(ascii: "/") { end += 1 }
      let component = directory[start..<end]
      if component.count > suffix.count && component.suffix(suffix.count).elementsEqual(suffix) {
        let next = end + 1
        return next + folder.count == directory.count && directory[next...].elementsEqual(folder)
      }
      start = end + 1
    }
    return false
  }

  /// Where the working-tree scan keeps directory times between commands.
  var scanCachePath: String { gitDirectory + "/notes-scan-cache" }

  /// Commits the hand edits in the working tree (`notes save`): one commit for all
  /// changed notes. Bodies must be readable RTF, files regular files with valid
  /// names; otherwise nothing is committed and the error names the note.
  ///
  /// - Parameters:
  ///   - message: the summary line; nil says what changed.
  ///   - notes: the notes to save (as `git add <file>` names them); nil saves every
  ///     changed note.
  /// - Returns: the notes saved.
  @discardableResult
  public func saveWorkingTree(message: String? = nil, notes: [NotePath]? = nil) throws -> [UnsavedChange] {
    try withWriteLock { try saveUnlocked(message: message, notes: notes) }
  }

  /// The note `notes save NOTE` means: a committed note (as ``resolveNote(_:relativeTo:)``
  /// finds it), or else a package made by hand in the working tree and not committed yet,
  /// named as a new note would be (`Idea`, `Work/Idea`, with or without `.note`, or its
  /// path), as `git add <folder>` takes a folder git does not know yet.
  ///
  /// - Throws: `NoteStoreError.noSuchNote` when neither is there.
  public func resolveNoteToSave(_ query: String, relativeTo directory: String? = nil) throws -> NotePath {
    do {
      return try resolveNote(query, relativeTo: directory)
    } catch NoteStoreError.noSuchNote(let asked, let suggestions) {
      var candidates = [query]
      if let relative = storeRelative(query, from: directory) { candidates.append(relative) }
      for candidate in candidates {
        guard let path = try? NotePath(newNoteNamed: Store.noteName(fromQuery: candidate)) else { continue }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: root + "/" + path.path, isDirectory: &isDirectory), isDirectory.boolValue {
          return path
        }
      }
      throw NoteStoreError.noSuchNote(asked, suggestions: suggestions)
    }
  }

  /// `saveWorkingTree` with the lock already held.
  @discardableResult
  func saveUnlocked(message: String?, notes: [NotePath]? = nil) throws -> [UnsavedChange] {
    let changes = try unsavedChanges(among: notes)
    guard !changes.isEmpty else { return [] }
    var saved = SavedFiles()
    // Many notes at once (an imported folder): their objects go straight into packs.
    try writingObjects(packed: changes.count >= Store.packedSaveMinimum) {
      for change in changes {
        do {
          try addTreeUpdates(for: change, to: &saved)
        } catch let error as NoteStoreError where change.kind == .modified {
          // A committed note: `notes restore` can throw the edit away.
          throw NoteStoreError.handEditNotSaved(note: change.note, underlying: error)
        }
      }
      if changes.count >= Store.packedSaveMinimum {
        // The package trees too: `commitChange` then finds them all written.
        _ = try git("building the new tree") { try repository.updatedTree(try headTree(), applying: saved.updates) }
      }
    }
    let summary = message ?? Store.summary(for: changes)
    let body =
      changes.count > 1 ? changes.map { "\($0.kind.rawValue.capitalized) \($0.note)" }.joined(separator: "\n") : nil
    try commitChange(
      saved.updates, message: CommitMessage(summary: summary, body: body, device: device, notes: changes.map(\.path)),
      checkoutPaths: saved.checkoutPaths)
    // The other packages' files already hold what was committed: the index learns their
    // blobs and the stat data read before hashing, instead of a checkout rewriting them.
    if !saved.indexed.isEmpty {
      try git("recording the saved files in the index") { try repository.recordInIndex(saved.indexed) }
    }
    return changes
  }

  /// What a save commits, and how the working tree's index catches up.
  private struct SavedFiles {
    var updates: [TreeUpdate] = []
    /// Packages to check out after the commit: deleted ones, and those that lost files.
    var checkoutPaths: [String] = []
    /// Files whose blobs were made from the working tree as it is.
    var indexed: [(path: String, id: ObjectID, mode: FileMode, stat: WorkingFileStat)] = []
    /// `notes.maxBlobSize`, once read.
    var blobLimit: Int64?
  }

  private func addTreeUpdates(for change: UnsavedChange, to saved: inout SavedFiles) throws {
    let note = NotePath(packagePath: change.path)
    if change.kind == .deleted {
      saved.updates.append(.remove(path: change.path))
      saved.checkoutPaths.append(change.path)
      return
    }
    try EntryName.validate(note.title, suffix: NotePath.packageExtension)
    let textFile = root + "/" + note.textPath
    guard FileManager.default.fileExists(atPath: textFile) else {
      throw NoteStoreError.malformedPackage(note: note.name, reason: "it has no \(NotePackage.textFileName)")
    }
    var updates: [TreeUpdate] = []
    var indexed: [(path: String, id: ObjectID, mode: FileMode, stat: WorkingFileStat)] = []
    var lostFiles = false
    for file in change.files {
      let relative = change.path + "/" + file
      let absolute = root + "/" + relative
      guard let kind = try? FileKind.of(absolute, followingLinks: false), let stat = WorkingFileStat(path: absolute)
      else {
        updates.append(.remove(path: relative))
        lostFiles = true
        continue
      }
      guard kind.isRegularFile else {
        throw NoteStoreError.malformedPackage(note: note.name, reason: "\(file) is not a regular file (symlinks are refused)")
      }
      for component in file.split(separator: "/") {
        do {
          try EntryName.validate(String(component))
        } catch {
          throw NoteStoreError.malformedPackage(note: note.name, reason: "\(file): \(error)")
        }
      }
      if file == NotePackage.textFileName {
        let bytes: [UInt8]
        do {
          bytes = Array(try Data(contentsOf: URL(fileURLWithPath: absolute)))
        } catch {
          throw NoteStoreError.cannotAccessDocument(note: note.name, underlying: error)
        }
        try BodyCheck.read(bytes, note: note.name)
      }
      // Nothing the other devices would refuse from a sync (read once a save).
      let limit = try saved.blobLimit ?? maximumBlobSize()
      saved.blobLimit = limit
      if stat.size > limit {
        throw NoteStoreError.fileTooLarge(note: note.name, file: relative, bytes: stat.size, limit: limit, saving: true)
      }
      let blob: ObjectID
      do {
        blob = try repository.createBlob(fromFile: absolute)
      } catch {
        throw NoteStoreError.cannotAccessDocument(note: note.name, underlying: error)
      }
      let mode: FileMode = kind.isExecutable ? .executable : .blob
      updates.append(.upsert(path: relative, id: blob, mode: mode))
      indexed.append((relative, blob, mode, stat))
    }
    saved.updates += updates
    if lostFiles {
      saved.checkoutPaths.append(change.path)
    } else {
      saved.indexed += indexed
    }
  }

  /// From this many notes on, a save writes its objects into packs (see
  /// `Repository.writingObjectsIntoPacks`) instead of loose files.
  static let packedSaveMinimum = 50

  private func writingObjects(packed: Bool, _ body: () throws -> Void) throws {
    guard packed else { return try body() }
    try git("writing the saved notes into a pack") { try repository.writingObjectsIntoPacks(body) }
  }

  private static func summary(for changes: [UnsavedChange]) -> String {
    if changes.count == 1, let change = changes.first {
      switch change.kind {
      case .created: return "Create \(change.note)"
      case .modified: return "Edit \(change.note)"
      case .deleted: return "Delete \(change.note)"
      }
    }
    return "Save changes to \(changes.count) notes"
  }

  /// The package directory that holds `path` (`Work/Plan.note` for
  /// `Work/Plan.note/Text.rtf`), or nil outside packages and in `QuickLook/`.
  static func packagePath(containing path: String) -> String? {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    for (index, component) in components.enumerated()
    where component.hasSuffix(NotePath.packageExtension) && component.count > NotePath.packageExtension.count {
      if components.prefix(index).contains(where: { $0.hasPrefix(".") }) { return nil }
      if index + 1 < components.count && components[index + 1] == NotePackage.quickLookFolderName[...] {
        return nil
      }
      return components.prefix(index + 1).joined(separator: "/")
    }
    return nil
  }
}
