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
  /// Every committed note, newest change first (ties: the later commit first, then
  /// by name). Dates, devices and attachment counts come from the history index.
  ///
  /// Without `includingStatus` the working tree is not read (no stat of every file, no
  /// conflict record): `status` then says only what the fetched branches tell (ahead,
  /// incoming, new), never modified or conflict. For `list --names`, which shows none.
  public func notes(includingStatus: Bool = true) throws -> [NoteInfo] {
    guard let head = try headCommit(), let tree = try headTree() else { return [] }
    let scanner = PackageScanner(repository: repository)
    let packages = try git("listing notes") { try scanner.packages(in: tree) }
    let modified = includingStatus ? try unsavedNotePaths() : []
    let conflicted = includingStatus ? Set(try conflicts().map(\.note)) : []
    let states = try fetchedSyncStates()
    let index = try git("reading the history index") { try noteHistory.index() }
    var listed: [(info: NoteInfo, commit: Int?)] = []
    listed.reserveCapacity(packages.count + states.new.count)
    let reachableFromHead = index.position(of: head).map { index.reachable(from: [$0]) }
    let changes =
      reachableFromHead.map { index.lastChanges(of: packages.map { ($0.path.path, $0.tree) }, reachable: $0) }
      ?? Array(repeating: nil, count: packages.count)
    for ((path, packageTree), change) in zip(packages, changes) {
      let info = try noteInfo(
        path, tree: packageTree, change: change, index: index,
        status: status(of: path, modified: modified, conflicted: conflicted, states: states), fallbackDevice: "")
      listed.append((info, change.map { index.changes.commit($0) }))
    }
    for (path, origin) in states.new.sorted(by: { $0.key < $1.key }) {
      let note = NotePath(packagePath: path)
      let tipTree = try commitTree(origin.tip)
      let packageTree = try git("reading \(note.name)") { try repository.treeEntry(atPath: path, inTree: tipTree)?.id }
      let reachable = index.position(of: origin.tip).map { index.reachable(from: [$0]) }
      let change = reachable.flatMap { index.lastChange(path: path, tree: packageTree, reachable: $0) }
      let info = try noteInfo(
        note, tree: packageTree, change: change, index: index, status: .new,
        fallbackDevice: origin.device)
      listed.append((info, change.map { index.changes.commit($0) }))
    }
    // Positions are sorted, not the records: a comparison moves two integers.
    let order = listed.indices.sorted { a, b in
      let (x, y) = (listed[a].info.modified, listed[b].info.modified)
      if x != y { return x > y }
      if let p = listed[a].commit, let q = listed[b].commit, p != q { return index.isNewer(p, than: q) }
      return listed[a].info.name < listed[b].info.name
    }
    return order.map { listed[$0].info }
  }

  /// One row of `notes list`: the change's date and device from the index, and the
  /// attachment count it recorded when it made this very tree (else read from git).
  private func noteInfo(
    _ path: NotePath, tree: ObjectID?, change: Int?, index: HistoryIndex, status: NoteStatus,
    fallbackDevice: String
  ) throws -> NoteInfo {
    var date = Date(timeIntervalSince1970: 0)
    var device = fallbackDevice
    var attachments: Int?
    if let change {
      let record = index.changes[change]
      // The two fields, not the whole commit record (whose parents are an array).
      date = Date(timeIntervalSince1970: TimeInterval(index.commits.date(record.commit)))
      device = index.strings[index.commits.device(record.commit)]
      if record.tree == tree { attachments = record.attachments }
    }
    if attachments == nil, let tree {
      // The package's own tree, found by the scan: no second search of the root tree.
      let package = try git("reading \(path.name)") { try NotePackage.read(path, packageTree: tree, repository: repository) }
      attachments = package.attachments.count
    }
    return NoteInfo(
      name: path.name, path: path.path, modified: date, device: device, attachments: attachments ?? 0, status: status)
  }

  private func status(
    of path: NotePath, modified: Set<String>, conflicted: Set<String>,
    states: (ahead: Set<String>, incoming: Set<String>, new: [String: (tip: ObjectID, device: String)])
  ) -> NoteStatus {
    if !conflicted.isEmpty && conflicted.contains(path.name) { return .conflict }
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
    let wanted = Store.noteName(fromQuery: query)
    // The usual case, an exact name, is one lookup: no list of every note.
    if let exact = try committedNote(named: wanted) { return exact }
    let paths = try notePaths()
    if let exact = paths.first(where: { $0.name == wanted }) { return exact }  // other Unicode forms
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

  /// The note name a user's query spells: without trailing slashes, a leading `./` and
  /// the `.note` extension (`./Work/Idea.note/` is `Work/Idea`).
  static func noteName(fromQuery query: String) -> String {
    var name = query
    while name.hasSuffix("/") { name.removeLast() }
    if name.hasPrefix("./") { name.removeFirst(2) }
    if name.hasSuffix(NotePath.packageExtension) { name.removeLast(NotePath.packageExtension.count) }
    return name
  }

  /// The committed note whose name is exactly `name` (`Shopping`, `Work/Plan`), found by
  /// one path lookup; nil when there is none (or the path is not one a scan lists as a
  /// note: inside a hidden folder or inside another package).
  func committedNote(named name: String) throws -> NotePath? {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    guard let title = parts.last, !title.isEmpty, !title.hasPrefix("."),
      !parts.dropLast().contains(where: { $0.isEmpty || $0.hasPrefix(".") || $0.hasSuffix(NotePath.packageExtension) }),
      let tree = try headTree()
    else { return nil }
    let path = NotePath(packagePath: name + NotePath.packageExtension)
    // The root's bytes are kept: the command's next lookups in it (the body, a write's
    // new root spliced from it) read it no more.
    let entry = try git("reading \(path.name)") {
      try repository.treeEntry(atPath: path.path, inTree: tree, keepingTree: true)
    }
    return entry?.mode == .tree ? path : nil
  }

  func storeRelative(_ query: String, from directory: String?) -> String? {
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
    // Typed through the attachment type cache (Store+Attachments.swift).
    try attachmentInfos(of: try committedPackage(note))
  }

  func committedPackage(_ note: NotePath) throws -> NotePackage {
    guard let tree = try headTree(),
      let package = try git("reading \(note.name)", { try NotePackage.read(note, inTree: tree, repository: repository) })
    else {
      throw NoteStoreError.noSuchNote(note.name, suggestions: [])
    }
    return package
  }

  /// For each package path, the date, device and commit of the change that made its
  /// content as seen from `head`, read from the history index (TreeMerger's
  /// last-change lookups and `notes list` use it).
  func lastChanges(of paths: Set<String>, from head: ObjectID) throws -> [String: (date: Date, device: String, commit: ObjectID)] {
    try indexedLastChanges(of: paths, from: head)
  }
}

extension Commit {
  /// The device named in the `Device:` trailer, else "" (the history index names
  /// the device of the branch instead; a person's name is never a device).
  var deviceName: String {
    trailers.last { $0.key == "Device" }?.value ?? ""
  }
}
