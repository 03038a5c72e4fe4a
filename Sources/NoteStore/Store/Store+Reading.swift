import Foundation
import Git
import QuickLook
import RichText

/// A note as `notes list` shows it.
public struct NoteInfo: Sendable, Hashable, Codable {
  /// The name, such as `Shopping` or `Work/Plan`.
  public var name: String
  /// The package path, such as `Shopping.note`.
  public var path: String
  /// When the last committed change to the note was made.
  public var modified: Date
  /// The device that made that change.
  public var device: String
  /// How many attachments the note has.
  public var attachments: Int
  /// Whether the working tree holds unsaved edits.
  public var status: NoteStatus
}

/// A note's state relative to the committed store.
public enum NoteStatus: String, Sendable, Hashable, Codable {
  /// The working tree matches the last commit.
  case current
  /// The working tree holds edits that are not committed yet.
  case modified
  /// The note has unresolved conflict versions.
  case conflict
  /// Committed here, not pushed yet.
  case ahead
  /// A newer version was fetched from another device and is not merged yet.
  case incoming
  /// Only on another device's fetched branch.
  case new
}

/// An attachment of a note.
public struct AttachmentInfo: Sendable, Hashable, Codable {
  /// The file name inside `Attachments/`.
  public var name: String
  /// The size in bytes.
  public var size: Int64
  /// The MIME type, from the content (libmagic) and the extension.
  public var type: String

  /// The type as a ``ContentType``, to ask `conforms(to:)`.
  public var contentType: ContentType { ContentType(type) }
}

extension Store {
  /// Every committed note, newest change first (ties by name).
  public func notes() throws -> [NoteInfo] {
    guard let head = try headCommit(), let tree = try headTree() else { return [] }
    let scanner = PackageScanner(repository: repository)
    let packages = try git("listing notes") { try scanner.packages(in: tree) }
    let changes = try lastChanges(of: Set(packages.map(\.path.path)), from: head)
    let modified = try unsavedNotePaths()
    let conflicted = Set(try conflicts().map(\.note))
    let states = try syncStates()
    var infos: [NoteInfo] = []
    for (path, _) in packages {
      let package = try git("reading \(path.name)") {
        try NotePackage.read(path, inTree: tree, repository: repository)
      }
      let change = changes[path.path]
      infos.append(
        NoteInfo(
          name: path.name, path: path.path, modified: change?.date ?? Date(timeIntervalSince1970: 0),
          device: change?.device ?? "", attachments: package?.attachments.count ?? 0,
          status: status(of: path, modified: modified, conflicted: conflicted, states: states)))
    }
    for (path, origin) in states.new {
      let change = try lastChanges(of: [path], from: origin.tip)[path]
      let package = try NotePackage.read(NotePath(packagePath: path), inTree: try commitTree(origin.tip), repository: repository)
      infos.append(
        NoteInfo(
          name: NotePath(packagePath: path).name, path: path, modified: change?.date ?? Date(timeIntervalSince1970: 0),
          device: change?.device ?? origin.device, attachments: package?.attachments.count ?? 0, status: .new))
    }
    return infos.sorted { ($0.modified, $1.name) > ($1.modified, $0.name) }
  }

  private func status(
    of path: NotePath, modified: Set<String>, conflicted: Set<String>,
    states: (ahead: Set<String>, incoming: Set<String>, new: [String: (tip: ObjectID, device: String)])
  ) -> NoteStatus {
    if conflicted.contains(path.name) { return .conflict }
    if modified.contains(path.path) { return .modified }
    if states.incoming.contains(path.path) { return .incoming }
    if states.ahead.contains(path.path) { return .ahead }
    return .current
  }

  /// Every committed note's path, sorted.
  func notePaths() throws -> [NotePath] {
    guard let tree = try headTree() else { return [] }
    return try git("listing notes") { try PackageScanner(repository: repository).packages(in: tree).map(\.path) }
  }

  /// Finds the note a user means: its name with or without `.note`, its path
  /// (relative to the store or to `directory`, or absolute), or a unique prefix.
  ///
  /// - Throws: `NoteStoreError.noSuchNote` with the nearest names, or
  ///   `.ambiguousNote` listing the candidates.
  public func resolveNote(_ query: String, relativeTo directory: String? = nil) throws -> NotePath {
    let paths = try notePaths()
    var wanted = query
    while wanted.hasSuffix("/") { wanted.removeLast() }
    if wanted.hasPrefix("./") { wanted.removeFirst(2) }
    if wanted.hasSuffix(NotePath.packageExtension) { wanted.removeLast(NotePath.packageExtension.count) }
    if let exact = paths.first(where: { $0.name == wanted }) { return exact }
    if let relative = storeRelative(query, from: directory) {
      var name = relative
      if name.hasSuffix(NotePath.packageExtension) { name.removeLast(NotePath.packageExtension.count) }
      if let byPath = paths.first(where: { $0.name == name }) { return byPath }
    }
    let prefixed = paths.filter { $0.name.hasPrefix(wanted) || $0.title.hasPrefix(wanted) }
    if prefixed.count == 1, let only = prefixed.first, !wanted.isEmpty { return only }
    if prefixed.count > 1 && !wanted.isEmpty {
      throw NoteStoreError.ambiguousNote(query, candidates: prefixed.map(\.name))
    }
    let suggestions = NameSuggestions.nearest(
      to: wanted, among: paths.map(\.name), maxDistance: max(3, wanted.count / 3), limit: 3)
    throw NoteStoreError.noSuchNote(query, suggestions: suggestions)
  }

  private func storeRelative(_ query: String, from directory: String?) -> String? {
    let base = directory ?? FileManager.default.currentDirectoryPath
    let absolute = query.hasPrefix("/") ? query : base + "/" + query
    let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
    guard standardized.hasPrefix(root + "/") else { return nil }
    var relative = String(standardized.dropFirst(root.count + 1))
    while relative.hasSuffix("/") { relative.removeLast() }
    return relative
  }

  /// The committed body of a note as RTF bytes.
  public func bodyData(of note: NotePath) throws -> [UInt8] {
    let package = try committedPackage(note)
    guard let text = package.text else {
      throw NoteStoreError.malformedPackage(note: note.name, reason: "it has no \(NotePackage.textFileName)")
    }
    do {
      return try repository.blobData(text)
    } catch {
      throw NoteStoreError.cannotAccessDocument(note: note.name, underlying: error)
    }
  }

  /// The committed body of a note, read.
  public func body(of note: NotePath) throws -> AttributedText {
    let data = try bodyData(of: note)
    do {
      return try RTFReader().read(data).text
    } catch {
      throw NoteStoreError.cannotLoadText(note: note.name, underlying: error)
    }
  }

  /// A note's committed attachments, sorted by name.
  public func attachments(of note: NotePath) throws -> [AttachmentInfo] {
    let package = try committedPackage(note)
    guard !package.attachments.isEmpty else { return [] }
    let types = try MediaTypes(note: note.name)
    do {
      return try package.attachments.map { entry in
        let content = try repository.blobData(entry.id)
        let type = try types.type(of: entry.name, content: content, note: note.name)
        return AttachmentInfo(name: entry.name, size: Int64(content.count), type: type.mimeType)
      }
    } catch let error as NoteStoreError {
      throw error
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note.name, underlying: error)
    }
  }

  func committedPackage(_ note: NotePath) throws -> NotePackage {
    guard let tree = try headTree(),
      let package = try git("reading \(note.name)", { try NotePackage.read(note, inTree: tree, repository: repository) })
    else {
      throw NoteStoreError.noSuchNote(note.name, suggestions: [])
    }
    return package
  }

  /// For each package path, the date and device of the newest commit that changed it.
  func lastChanges(of paths: Set<String>, from head: ObjectID) throws -> [String: (date: Date, device: String, commit: ObjectID)] {
    var pending = paths
    var result: [String: (date: Date, device: String, commit: ObjectID)] = [:]
    let scanner = PackageScanner(repository: repository)
    try git("reading history") {
      for id in try repository.commits(from: [head]) where !pending.isEmpty {
        let commit = try repository.commit(id)
        var changed: Set<String>
        if commit.parents.isEmpty {
          changed = Set(try scanner.packages(in: commit.tree).map(\.path.path))
        } else {
          changed = pending
          for parent in commit.parents {
            let parentTree = try repository.commit(parent).tree
            changed.formIntersection(try scanner.changedPackages(from: parentTree, to: commit.tree))
            if changed.isEmpty { break }
          }
        }
        for path in changed.intersection(pending) {
          result[path] = (commit.author.date, commit.deviceName, id)
          pending.remove(path)
        }
      }
    }
    return result
  }
}

extension Commit {
  /// The device named in the `Device:` trailer, else the committer's name.
  var deviceName: String {
    trailers.last { $0.key == "Device" }?.value ?? committer.name
  }
}
