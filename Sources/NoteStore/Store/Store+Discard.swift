import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

/// What ``Store/discardUnsavedChanges(of:)`` threw away.
public struct DiscardedEdit: Sendable, Hashable {
  /// The note's name.
  public var note: String
  /// The files of the package that differed from its last commit, relative to it.
  public var files: [String]
  /// The folder that holds copies of the discarded files that were there (under
  /// `.git/notes-discarded/`); nil when there was nothing to copy (the package had been
  /// deleted by hand).
  public var copies: String?
}

extension Store {
  /// `notes restore NOTE`: the note's package back as the last commit holds it, its
  /// unsaved hand edits thrown away, as `git restore` does; files added by hand go too.
  /// The files that are there are first copied to `.git/notes-discarded/<time>/`, kept
  /// for ``discardedEditsLifetime`` (`notes gc` removes older copies).
  ///
  /// - Returns: what was discarded; nil when the note had no unsaved changes.
  /// - Throws: `NoteStoreError.cannotWriteFile` when the copies cannot be made (nothing
  ///   is discarded then), `.repository` when the checkout fails.
  public func discardUnsavedChanges(of note: NotePath) throws -> DiscardedEdit? {
    try withWriteLock {
      guard let change = try unsavedChanges(among: [note]).first(where: { $0.path == note.path }) else { return nil }
      guard let tree = try headTree() else { return nil }
      let copies = try copyBeforeDiscarding(change)
      try git("restoring \(note.name)") { try repository.checkout(tree: tree, paths: [note.path], force: true) }
      refreshQuickLook(packages: [note.path], in: tree)
      return DiscardedEdit(note: note.name, files: change.files, copies: copies)
    }
  }

  /// How long `notes gc` keeps the copies ``discardUnsavedChanges(of:)`` made: two
  /// weeks, git's `gc.pruneExpire`.
  public static let discardedEditsLifetime: TimeInterval = 14 * 24 * 3600

  /// Removes the copies of discarded edits older than ``discardedEditsLifetime``.
  ///
  /// - Returns: how many folders of copies were removed.
  @discardableResult
  public func removeExpiredDiscardedEdits(now: Date = Date()) -> Int {
    let folder = discardedEditsFolder
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
    var removed = 0
    for name in names {
      let path = folder + "/" + name
      guard let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date,
        now.timeIntervalSince(modified) > Store.discardedEditsLifetime
      else { continue }
      if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
    }
    return removed
  }

  /// Where discarded edits are copied: local to this clone, never synced.
  var discardedEditsFolder: String { gitDirectory + "/notes-discarded" }

  /// Copies the files of `change` that exist into a new folder named for the time (and
  /// a number when that name is taken); nil when none exists.
  private func copyBeforeDiscarding(_ change: UnsavedChange) throws -> String? {
    let existing = change.files.filter { FileManager.default.fileExists(atPath: root + "/" + change.path + "/" + $0) }
    guard !existing.isEmpty else { return nil }
    let stamp = Self.discardStamp(Date())
    var folder = discardedEditsFolder + "/" + stamp
    var number = 1
    while FileManager.default.fileExists(atPath: folder) {
      number += 1
      folder = discardedEditsFolder + "/" + stamp + "-\(number)"
    }
    do {
      for file in existing {
        let target = folder + "/" + change.path + "/" + file
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/" + change.path + "/" + file, toPath: target)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: folder)
      throw NoteStoreError.cannotWriteFile(path: folder, underlying: error)
    }
    return folder + "/" + change.path
  }

  /// The name of a folder of copies: the UTC time, `2026-12-05T01-29-59Z` (no colons,
  /// which some file tools take for a host).
  static func discardStamp(_ date: Date) -> String {
    ISO8601DateFormatter().string(from: date).replacingOccurrences(of: ":", with: "-")
  }
}
