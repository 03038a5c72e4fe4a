import Foundation
import Git
import QuickLook

#if canImport(Glibc)
  import Glibc
#endif

extension Store {
  /// Attaches files to a note in one commit (`Attach a.jpg to Shopping`). Each file
  /// is streamed into the store, so its size costs no memory; a file larger than
  /// `notes.maxBlobSize` (100 MiB by default), which the other devices would refuse
  /// from a sync, is refused here. A name that is taken gets a number (`photo 2.jpg`):
  /// nothing is ever overwritten.
  ///
  /// - Returns: the names the files got, in order.
  @discardableResult
  public func attach(files: [String], to note: NotePath) throws -> [String] {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      let package = try committedPackage(note)
      var taken = Set(package.attachments.map(\.name))
      var names: [String] = []
      var updates: [TreeUpdate] = []
      var copies: [FileCopy] = []
      let limit = try maximumBlobSize()
      for file in files {
        if let size = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber,
          size.int64Value > limit
        {
          throw NoteStoreError.fileTooLarge(
            note: note.name, file: file, bytes: size.int64Value, limit: limit, saving: false)
        }
      }
      for file in files {
        let name = try attachmentName(forFile: file)
        let unique = AttachmentNaming.unique(name, taken: taken)
        taken.insert(unique)
        let blob: ObjectID
        do {
          blob = try repository.createBlob(fromFile: file)
        } catch {
          throw NoteStoreError.cannotSaveAttachment(note: note.name, name: unique, underlying: error)
        }
        names.append(unique)
        let path = note.attachmentsPath + "/" + unique
        updates.append(.upsert(path: path, id: blob, mode: .blob))
        copies.append(FileCopy(path: path, source: file, blob: blob))
      }
      guard !names.isEmpty else { return [] }
      try commitChange(
        updates,
        message: CommitMessage(
          summary: "Attach \(names.joined(separator: ", ")) to \(note.name)", device: device, notes: [note.path]),
        checkoutPaths: [], copies: copies)
      return names
    }
  }

  /// Removes an attachment from a note (`Detach a.jpg from Shopping`); its history
  /// stays.
  public func detach(_ name: String, from note: NotePath) throws {
    try withWriteLock {
      try refuseUnsavedChanges(note)
      let package = try committedPackage(note)
      guard package.attachments.contains(where: { $0.name == name }) else {
        throw NoteStoreError.noSuchAttachment(note: note.name, name: name, available: package.attachments.map(\.name))
      }
      try commitChange(
        [.remove(path: note.attachmentsPath + "/" + name)],
        message: CommitMessage(summary: "Detach \(name) from \(note.name)", device: device, notes: [note.path]),
        checkoutPaths: [note.path])
    }
  }

  /// Writes an attachment's committed content to `path`, which must not exist.
  public func exportAttachment(_ name: String, of note: NotePath, to path: String) throws {
    let entry = try attachmentEntry(name, of: note)
    if FileManager.default.fileExists(atPath: path) {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: ExportTargetExists())
    }
    var isFolder: ObjCBool = false
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: POSIXErrorDescription(code: isFolder.boolValue ? ENOTDIR : ENOENT))
    }
    do {
      try repository.writeBlob(entry.id, toFile: path)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
  }

  /// Writes an attachment's committed content to the open file `descriptor` (standard
  /// output for `export -o -`), streamed in chunks as ``exportAttachment(_:of:to:)`` does.
  public func exportAttachment(_ name: String, of note: NotePath, toDescriptor descriptor: Int32) throws {
    let entry = try attachmentEntry(name, of: note)
    do {
      try repository.writeBlob(entry.id, toDescriptor: descriptor, name: "standard output")
    } catch {
      throw NoteStoreError.cannotWriteFile(path: "standard output", underlying: error)
    }
  }

  /// An attachment's committed content.
  public func attachmentData(_ name: String, of note: NotePath) throws -> [UInt8] {
    let entry = try attachmentEntry(name, of: note)
    do {
      return try repository.blobData(entry.id)
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note.name, underlying: error)
    }
  }

  private func attachmentEntry(_ name: String, of note: NotePath) throws -> TreeEntry {
    let package = try committedPackage(note)
    guard let entry = package.attachments.first(where: { $0.name == name }) else {
      throw NoteStoreError.noSuchAttachment(note: note.name, name: name, available: package.attachments.map(\.name))
    }
    return entry
  }

  /// The attachment name for a file: its base name, validated; the file must be a
  /// readable regular file.
  private func attachmentName(forFile file: String) throws -> String {
    let kind: FileKind
    do {
      kind = try FileKind.of(file, followingLinks: true)
    } catch {
      throw NoteStoreError.cannotReadFile(path: file, underlying: error)
    }
    guard kind.isRegularFile else {
      throw NoteStoreError.cannotReadFile(path: file, underlying: NotARegularFile(isFolder: kind.isFolder))
    }
    guard FileManager.default.isReadableFile(atPath: file) else {
      throw NoteStoreError.cannotReadFile(path: file, underlying: POSIXErrorDescription(code: EACCES))
    }
    let name = URL(fileURLWithPath: file).lastPathComponent
    try EntryName.validate(name)
    return name
  }
}

/// Unique attachment names.
enum AttachmentNaming {
  /// `name` if free, else `stem 2.ext`, `stem 3.ext`, ….
  static func unique(_ name: String, taken: Set<String>) -> String {
    guard taken.contains(name) else { return name }
    let stem: String
    let ext: String
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      stem = String(name[..<dot])
      ext = String(name[dot...])
    } else {
      stem = name
      ext = ""
    }
    var number = 2
    while taken.contains("\(stem) \(number)\(ext)") { number += 1 }
    return "\(stem) \(number)\(ext)"
  }

  /// Whether `path` (relative to a package) names an attachment directly in
  /// `Attachments/`.
  static func isAttachment(_ path: String) -> Bool {
    let prefix = NotePackage.attachmentsFolderName + "/"
    return path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/")
  }

  /// The name of an attachment path (`Attachments/photo.jpg` → `photo.jpg`).
  static func name(of path: String) -> String {
    String(path.dropFirst(NotePackage.attachmentsFolderName.count + 1))
  }

  /// Where each of several different files that versions of a note hold under one
  /// attachment path goes, when all are kept (a merge, `resolve --merge`): the smallest
  /// blob id keeps the path, the others get the next free numbers (`photo 2.jpg`), in
  /// blob id order, so every device that keeps the same files names them alike.
  /// `taken` is every attachment name in use, and gains the new ones.
  static func keepingEvery(_ files: [TreeEntry], at path: String, taken: inout Set<String>) -> [TreeUpdate] {
    files.sorted { $0.id < $1.id }.enumerated().map { index, file in
      var target = path
      if index > 0 {
        let free = unique(name(of: path), taken: taken)
        taken.insert(free)
        target = NotePackage.attachmentsFolderName + "/" + free
      }
      return .upsert(path: target, id: file.id, mode: file.mode)
    }
  }
}

/// Why a path that is a folder, a device or a socket cannot be attached.
struct NotARegularFile: Error, CustomStringConvertible {
  var isFolder: Bool
  var description: String {
    isFolder ? "it is a folder; attach the files in it one by one" : "it is not a regular file (a device, a pipe or a socket)"
  }
}

extension Store {
  /// The attachment type cache of this store (see ``AttachmentTypeCache``).
  var attachmentTypeCache: AttachmentTypeCache {
    AttachmentTypeCache(path: gitDirectory + "/notes-types")
  }

  /// A package's attachments with their sizes and types, sorted by name. Blobs typed
  /// before come from the type cache; the others are read and typed by libmagic (whose
  /// database is then loaded once), and cached.
  func attachmentInfos(of package: NotePackage) throws -> [AttachmentInfo] {
    guard !package.attachments.isEmpty else { return [] }
    let note = package.path.name
    let cache = attachmentTypeCache
    defer { cache.saveIfChanged() }
    var types: MediaTypes?
    return try package.attachments.map { entry in
      let (size, type) = try typed(entry, note: note, cache: cache, types: &types)
      return AttachmentInfo(name: entry.name, size: size, type: type.mimeType)
    }
  }

  /// The first attachment (by name) whose content is an image, typed as
  /// ``attachmentInfos(of:)`` types them, reading no further than that attachment.
  func firstImageAttachment(of package: NotePackage) throws -> TreeEntry? {
    let cache = attachmentTypeCache
    defer { cache.saveIfChanged() }
    var types: MediaTypes?
    for entry in package.attachments where try typed(entry, note: package.path.name, cache: cache, types: &types).type.isImage {
      return entry
    }
    return nil
  }

  /// The size and type of one attachment: from `cache`, or read and typed by libmagic
  /// (`types` is opened on the first such attachment) and recorded in `cache`.
  private func typed(
    _ entry: TreeEntry, note: String, cache: AttachmentTypeCache, types: inout MediaTypes?
  ) throws -> (size: Int64, type: ContentType) {
    if let known = cache.entry(for: entry.id) {
      return (known.size, MediaTypes.type(named: entry.name, sniffed: known.sniffed))
    }
    let detector = try types ?? MediaTypes(note: note)
    types = detector
    // libmagic reads no more than its first bytes: a big attachment is never loaded whole.
    let size: Int64
    let content: [UInt8]
    do {
      size = try repository.blobSize(entry.id)
      content = try repository.blobPrefix(entry.id, count: ContentTypeDetector.bytesExamined)
    } catch {
      throw NoteStoreError.cannotAccessAttachments(note: note, underlying: error)
    }
    let sniffed = try detector.sniffedType(of: content, note: note)
    cache.record(AttachmentTypeCache.Entry(size: size, sniffed: sniffed), for: entry.id)
    return (size, MediaTypes.type(named: entry.name, sniffed: sniffed))
  }
}

/// Why an export refuses its target: it never overwrites a file.
struct ExportTargetExists: Error, CustomStringConvertible {
  var description: String {
    "it exists already, and an export never overwrites a file; choose another path with -o PATH, or remove that file first"
  }
}
