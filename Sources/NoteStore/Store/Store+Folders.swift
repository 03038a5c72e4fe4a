import Foundation
import Git

#if canImport(Glibc)
  import Glibc
#endif

extension Store {
  /// Moves a note to another path (another folder, and perhaps another title) and commits
  /// it (`Move A to B`). Folders are made as needed, and a folder left empty disappears
  /// (git keeps no empty folders).
  ///
  /// - Returns: the new path.
  /// - Throws: `NoteStoreError.noteExists` when a note already has that name,
  ///   `.noteNameDiffersOnlyInCase` when another note's name differs from it only in case,
  ///   `.unsavedChanges` when the note has hand edits in the working tree.
  @discardableResult
  public func moveNote(_ note: NotePath, to target: NotePath) throws -> NotePath {
    try relocateNote(note, to: target, verb: "Move")
  }

  /// Moves a note's package to `target` in one commit (`Rename A to B`, `Move A to
  /// B`), refusing a taken name, then removes the folders it left empty.
  func relocateNote(_ note: NotePath, to target: NotePath, verb: String) throws -> NotePath {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      if target == note { return note }
      // A note may take its own name in another case; another note's, never.
      try CaseInsensitiveNames(try notePaths().map(\.name).filter { $0 != note.name }).refuseTaken(target.name)
      let package = try committedPackage(note)
      try refuseUnresolvedConflict(note, action: verb.lowercased())
      try commitChange(
        [.upsert(path: target.path, id: package.tree, mode: .tree), .remove(path: note.path)],
        message: CommitMessage(
          summary: "\(verb) \(note.name) to \(target.name)", device: device, notes: [note.path, target.path]),
        checkoutPaths: [note.path, target.path])
      removeEmptyFolders(above: note)
      return target
    }
  }

  /// Removes the folders that held `note` in the working tree once they are empty, up to
  /// the store root; a folder with anything in it stays.
  func removeEmptyFolders(above note: NotePath) {
    var folder = note.folder
    while !folder.isEmpty {
      let absolute = root + "/" + folder
      // rmdir(2) removes only an empty directory: a folder holding anything is left alone.
      guard rmdir(absolute) == 0 else { return }
      guard let slash = folder.lastIndex(of: "/") else { return }
      folder = String(folder[..<slash])
    }
  }
}
