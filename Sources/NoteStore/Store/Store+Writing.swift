import Foundation
import Git
import RichText

extension Store {
  /// Creates a note and commits it (`Create <name>`).
  ///
  /// - Parameters:
  ///   - title: the note's name; nil names it from the first line of its text, else
  ///     "Note N".
  ///   - content: the body.
  /// - Returns: the new note's path.
  /// - Throws: `NoteStoreError.noteExists` when `title` is taken,
  ///   `.noteNameDiffersOnlyInCase` when a note's name differs from it only in case,
  ///   `.cannotLoadText` when RTF content is not readable.
  @discardableResult
  public func createNote(title: String?, content: NoteContent) throws -> NotePath {
    try withWriteLock {
      let bytes = try bodyBytes(for: content, noteName: title ?? "new note", replacing: nil)
      let existing = Set(try notePaths().map(\.name))
      let path: NotePath
      if let title {
        path = try NotePath(newNoteNamed: title)
        try CaseInsensitiveNames(existing).refuseTaken(path.name)
      } else {
        path = try derivedPath(for: content, bytes: bytes ?? [], existing: existing)
      }
      let blob = try git("writing the body of \(path.name)") { try repository.createBlob(bytes ?? []) }
      try commitChange(
        [.upsert(path: path.textPath, id: blob, mode: .blob)],
        message: CommitMessage(summary: "Create \(path.name)", device: device, notes: [path.path]),
        checkoutPaths: [path.path])
      return path
    }
  }

  /// Creates many notes in one commit (`Import N notes`), as a bulk import does.
  ///
  /// - Returns: the new notes' paths, in order.
  /// - Throws: `NoteStoreError.noteExists` when a title is taken or given twice,
  ///   `.noteNameDiffersOnlyInCase` when two differ only in case.
  @discardableResult
  public func importNotes(_ notes: [(title: String, content: NoteContent)]) throws -> [NotePath] {
    try withWriteLock {
      var taken = CaseInsensitiveNames(try notePaths().map(\.name))
      var updates: [TreeUpdate] = []
      var paths: [NotePath] = []
      for (title, content) in notes {
        let path = try NotePath(newNoteNamed: title)
        try taken.refuseTaken(path.name)
        taken.insert(path.name)
        let bytes = try bodyBytes(for: content, noteName: title, replacing: nil) ?? []
        let blob = try git("writing the body of \(path.name)") { try repository.createBlob(bytes) }
        updates.append(.upsert(path: path.textPath, id: blob, mode: .blob))
        paths.append(path)
      }
      guard !paths.isEmpty else { return [] }
      try commitChange(
        updates,
        message: CommitMessage(summary: "Import \(paths.count) note\(paths.count == 1 ? "" : "s")", device: device),
        checkoutPaths: paths.map(\.path))
      return paths
    }
  }

  /// Replaces a note's body and commits it (`Edit <name>`); nothing is written when
  /// the body's text and formatting did not change.
  ///
  /// - Returns: whether a commit was made.
  /// - Throws: `NoteStoreError.unsavedChanges` when the note has hand edits in the
  ///   working tree, `.cannotLoadText` when RTF content is not readable.
  @discardableResult
  public func writeBody(of note: NotePath, content: NoteContent) throws -> Bool {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      let old = try bodyData(of: note)
      guard let bytes = try bodyBytes(for: content, noteName: note.name, replacing: old), bytes != old else {
        return false
      }
      let blob = try git("writing the body of \(note.name)") { try repository.createBlob(bytes) }
      let commit = try commitChange(
        [.upsert(path: note.textPath, id: blob, mode: .blob)],
        message: CommitMessage(summary: "Edit \(note.name)", device: device, notes: [note.path]),
        checkoutPaths: [note.path])
      return commit != nil
    }
  }

  /// Renames a note within its folder and commits it (`Rename A to B`).
  /// - Returns: the new path.
  @discardableResult
  public func renameNote(_ note: NotePath, to newName: String) throws -> NotePath {
    try relocateNote(note, to: try note.renamed(to: newName), verb: "Rename")
  }

  /// Deletes a note and commits it (`Delete <name>`); its history stays.
  public func deleteNote(_ note: NotePath) throws {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      _ = try committedPackage(note)
      try refuseUnresolvedConflict(note, action: "delete")
      try commitChange(
        [.remove(path: note.path)],
        message: CommitMessage(summary: "Delete \(note.name)", device: device, notes: [note.path]),
        checkoutPaths: [note.path])
    }
  }

  /// Refuses to `action` (rename, move, delete) a note with a conflict record: the
  /// record is kept by the note's path, and would be left behind, naming no note.
  func refuseUnresolvedConflict(_ note: NotePath, action: String) throws {
    if try hasUnresolvedConflict(note) { throw NoteStoreError.unresolvedConflict(note: note.name, action: action) }
  }

  /// The bytes to store for `content`, or nil when the body stays as it is.
  private func bodyBytes(for content: NoteContent, noteName: String, replacing old: [UInt8]?) throws -> [UInt8]? {
    switch content {
    case .rtf(let bytes):
      try BodyCheck.read(bytes, note: noteName)
      return bytes
    case .plainText(let text):
      guard let old else { return RTFWriter().write(AttributedText(plainText: text)) }
      let current: AttributedText
      do {
        current = try RTFReader().read(old).text
      } catch {
        throw NoteStoreError.unreadableBody(note: noteName, underlying: error)
      }
      let updated = current.applyingPlainText(Self.withoutShownLineEnd(text, current: current.plainText))
      return updated == current ? nil : RTFWriter().write(updated)
    case .attributed(let text):
      if let old, try readBody(old, noteName: noteName) == text { return nil }
      return RTFWriter().write(text)
    }
  }

  /// `text` without the line end `notes show` (and any text file) puts after the
  /// last line, unless the body itself ends with an empty paragraph: writing back
  /// what `show` printed changes nothing.
  static func withoutShownLineEnd(_ text: String, current: String) -> String {
    guard !current.hasSuffix("\n"), text.hasSuffix("\n") else { return text }
    var trimmed = text
    trimmed.removeLast()  // "\r\n" is one Character
    return trimmed
  }

  private func readBody(_ bytes: [UInt8], noteName: String) throws -> AttributedText {
    do {
      return try RTFReader().read(bytes).text
    } catch {
      throw NoteStoreError.cannotLoadText(note: noteName, underlying: error)
    }
  }

  /// A name for a note created without a title: its first line, else "Note N".
  private func derivedPath(for content: NoteContent, bytes: [UInt8], existing: Set<String>) throws -> NotePath {
    var firstLine = ""
    switch content {
    case .plainText(let text): firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    case .attributed(let text): firstLine = text.paragraphs.first { !$0.text.isEmpty }?.text ?? ""
    case .rtf:
      let text = (try? RTFReader().read(bytes).text) ?? AttributedText()
      firstLine = text.paragraphs.first { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }?.text ?? ""
    }
    let base = NoteTitle.fromFirstLine(firstLine)
    let taken = CaseInsensitiveNames(existing)
    if let base {
      var candidate = base
      var number = 2
      while taken.contains(candidate) {
        candidate = "\(base) \(number)"
        number += 1
      }
      return try NotePath(newNoteNamed: candidate)
    }
    var number = existing.count + 1
    while taken.contains("Note \(number)") { number += 1 }
    return try NotePath(newNoteNamed: "Note \(number)")
  }

  /// Throws when the note's package has edits in the working tree that are not
  /// committed, so a write never silently replaces them.
  func refuseUnsavedChanges(_ note: NotePath) throws {
    // The usual case, certain by stat data alone: no libgit2 status, which reads the whole index.
    if try git("reading the working tree status", { try repository.isUnchangedByStat(note.path, excluding: Store.previewFolders) }) {
      return
    }
    if try unsavedNotePaths(among: [note.path]).contains(note.path) {
      throw NoteStoreError.unsavedChanges(note: note.name)
    }
  }
}

/// Makes note names from text.
enum NoteTitle {
  /// The first line made into a valid name (slashes and control characters
  /// replaced, leading dots dropped, cut to fit), or nil when nothing is left.
  static func fromFirstLine(_ line: String) -> String? {
    var title = String(
      line.unicodeScalars.map { scalar -> Character in
        if scalar == "/" { return "-" }
        if scalar.properties.generalCategory == .control || scalar == "\u{2028}" { return " " }
        return Character(scalar)
      })
    title = title.trimmingCharacters(in: .whitespaces)
    while title.hasPrefix(".") { title.removeFirst() }
    title = title.trimmingCharacters(in: .whitespaces)
    let limit = EntryName.maxBytes - NotePath.packageExtension.utf8.count - 4
    while title.utf8.count > limit { title.removeLast() }
    title = title.trimmingCharacters(in: .whitespaces)
    return title.isEmpty ? nil : title
  }
}
