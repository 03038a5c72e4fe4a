import CLibGit2
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Repository {
  /// ``checkout(tree:paths:force:)`` with `force` of a few paths (a note's package), done
  /// here instead of by libgit2, which reads the whole index (4 MB at 10,000 notes) into
  /// memory, diffs, and writes it back: the files under `paths` that differ from `tree`
  /// are written (into a temporary file, renamed into place), files `tree` lacks are
  /// removed (untracked ones too, unless ignored), empty folders go, and the index
  /// learns exactly those entries (``editIndexFile(_:)``).
  ///
  /// - Returns: false, having changed nothing, where libgit2 must do it: content filters
  ///   configured (`core.autocrlf`, `text`, `eol`, `filter`, `ident` attributes), a
  ///   symbolic link or submodule in the way or in `tree`, a file where a folder must go
  ///   or the other way round, a blob of ``bigFileThreshold`` or more, an index that
  ///   ``editIndexFile(_:)`` does not rewrite.
  func checkoutDirectly(tree: ObjectID, paths: [String]) throws -> Bool {
    guard let root = workingDirectory, !paths.isEmpty, try !hasContentFilters(paths) else { return false }
    var plan = DirectCheckoutPlan()
    var rootTree: [UInt8]?
    for path in paths {
      guard !path.isEmpty, !path.hasPrefix("/"), !path.hasSuffix("/"),
        !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0 == ".git" })
      else { return false }
      if rootTree == nil { rootTree = try rawTree(tree) }
      guard let rootTree, let target = try blobs(at: path, rootTree: rootTree) else { return false }
      plan.targets[path] = target
    }
    return try editIndexFile { index in
      for path in paths {
        guard let target = plan.targets[path], plan.add(path, target: target, index: index, root: root, repository: self)
        else { return nil }
      }
      for file in plan.writes {
        let header = try objectHeader(file.id)
        guard header.kind == .blob, header.size < Self.bigFileThreshold else { return nil }
      }
      return try plan.carryOut(root: root, repository: self)
    }
  }

  /// Whether anything could make a checked-out file differ from its blob: `core.autocrlf`
  /// or `core.eol`, or an attributes file (the top one, `info/attributes`, or one in a
  /// folder on the way to `paths`) naming `text`, `eol`, `crlf`, `filter` or `ident`.
  func hasContentFilters(_ paths: [String]) throws -> Bool {
    if let autocrlf = try configString("core.autocrlf"), autocrlf.lowercased() != "false" { return true }
    if try configString("core.eol") != nil { return true }
    guard let root = workingDirectory else { return true }
    var files: Set<String> = [gitDirectory + "/info/attributes", root + "/.gitattributes"]
    for path in paths {
      var folder = ""
      for component in path.split(separator: "/") {
        folder += folder.isEmpty ? String(component) : "/" + component
        files.insert(root + "/" + folder + "/.gitattributes")
      }
    }
    if let global = try configString("core.attributesFile") { files.insert((global as NSString).expandingTildeInPath) }
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      if ["text", "eol", "crlf", "filter", "ident"].contains(where: { text.contains($0) }) { return true }
    }
    return false
  }

  /// The bytes of the tree `id`.
  private func rawTree(_ id: ObjectID) throws -> [UInt8]? {
    let (kind, bytes) = try rawObject(id)
    return kind == .tree ? bytes : nil
  }

  /// The blobs at or below `path` in the tree whose bytes are `rootTree`, with paths from
  /// the root; empty when `path` is not in it; nil when a link or submodule is there.
  private func blobs(at path: String, rootTree: [UInt8]) throws -> [String: (id: ObjectID, mode: FileMode)]? {
    var bytes = rootTree
    let components = path.split(separator: "/").map { Array($0.utf8) }
    for (position, name) in components.enumerated() {
      guard let entry = RawTreeEntries.entry(named: name, in: bytes) else { return [:] }
      let last = position == components.count - 1
      switch FileMode(rawValue: entry.mode) {
      case .tree:
        guard let next = try rawTree(entry.id) else { return nil }
        bytes = next
      case .blob, .executable:
        return last ? [path: (entry.id, FileMode(rawValue: entry.mode) ?? .blob)] : [:]
      default: return nil
      }
    }
    var found: [String: (id: ObjectID, mode: FileMode)] = [:]
    return try collectBlobs(in: bytes, prefix: path, into: &found) ? found : nil
  }

  private func collectBlobs(
    in bytes: [UInt8], prefix: String, into found: inout [String: (id: ObjectID, mode: FileMode)]
  ) throws -> Bool {
    for entry in RawTreeEntries.all(in: bytes) {
      let path = prefix + "/" + String(decoding: entry.name, as: UTF8.self)
      switch FileMode(rawValue: entry.mode) {
      case .tree:
        guard let next = try rawTree(entry.id), try collectBlobs(in: next, prefix: path, into: &found) else { return false }
      case .blob: found[path] = (entry.id, .blob)
      case .executable: found[path] = (entry.id, .executable)
      default: return false
      }
    }
    return true
  }
}

/// What ``Repository/checkoutDirectly(tree:paths:)`` does, worked out before any file
/// changes.
private struct DirectCheckoutPlan {
  var targets: [String: [String: (id: ObjectID, mode: FileMode)]] = [:]
  /// Files to write from their blobs.
  var writes: [(path: String, id: ObjectID, mode: FileMode)] = []
  /// Tracked files to remove, with their index entries.
  var removals: [String] = []
  /// Untracked files to remove.
  var untracked: [String] = []
  /// Folders that may be left empty.
  var folders: Set<String> = []

  /// Plans `path`; false when libgit2 must check it out.
  mutating func add(
    _ path: String, target: [String: (id: ObjectID, mode: FileMode)], index: IndexSnapshot, root: String,
    repository: Repository
  ) -> Bool {
    // What the index has at or below `path`.
    var tracked: [String: IndexSnapshot.Entry] = [:]
    let exact = Array(path.utf8), below = exact + [UInt8(ascii: "/")]
    let first = index.lowerBound(exact)
    if first < index.entries.count, index.path(index.entries[first]).elementsEqual(exact) { tracked[path] = index.entries[first] }
    var position = index.lowerBound(below)
    while position < index.entries.count, index.path(index.entries[position]).starts(with: below) {
      tracked[String(decoding: index.path(index.entries[position]), as: UTF8.self)] = index.entries[position]
      position += 1
    }
    // What the working tree has there.
    guard let working = Self.workingFiles(at: path, root: root) else { return false }
    for (file, blob) in target {
      // Every folder on the way must be a folder (or missing), and the file itself not one.
      var folder = ""
      for component in file.split(separator: "/").dropLast() {
        folder += folder.isEmpty ? String(component) : "/" + component
        var info = stat()
        if lstat(root + "/" + folder, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR { return false }
      }
      var info = stat()
      let exists = lstat(root + "/" + file, &info) == 0
      if exists && info.st_mode & S_IFMT != S_IFREG { return false }
      if let entry = tracked[file], exists, index.id(entry) == blob.id, index.mode(entry) == blob.mode.rawValue,
        TrackedScan.matches(info, entry, in: index, indexTime: DirectoryCache.Time(index.modified))
      {
        continue
      }
      writes.append((file, blob.id, blob.mode))
    }
    for file in tracked.keys where target[file] == nil {
      removals.append(file)
      folders.insert((file as NSString).deletingLastPathComponent)
    }
    for file in working where target[file] == nil && tracked[file] == nil {
      var ignored: Int32 = 0
      guard git_ignore_path_is_ignored(&ignored, repository.pointer, file) == 0 else { return false }
      if ignored == 0 {
        untracked.append(file)
        folders.insert((file as NSString).deletingLastPathComponent)
      }
    }
    return true
  }

  /// The files (not folders) at or below `path` in the working tree; nil when a symbolic
  /// link or anything but files and folders is there.
  private static func workingFiles(at path: String, root: String) -> [String]? {
    var info = stat()
    guard lstat(root + "/" + path, &info) == 0 else { return [] }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return [path]
    case S_IFDIR: break
    default: return nil
    }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + path) else { return nil }
    var files: [String] = []
    for name in names where name != ".git" {
      guard let below = workingFiles(at: path + "/" + name, root: root) else { return nil }
      files += below
    }
    return files
  }

  /// Writes and removes the files, and says what the index must learn.
  func carryOut(root: String, repository: Repository) throws -> [IndexEdit] {
    var edits: [IndexEdit] = []
    for file in writes {
      let (_, bytes) = try repository.rawObject(file.id)
      let info = try Self.write(bytes, to: root + "/" + file.path, executable: file.mode == .executable)
      edits.append(.set(path: file.path, id: file.id, mode: file.mode, stat: info))
    }
    for file in removals {
      if unlink(root + "/" + file) != 0 && errno != ENOENT {
        throw GitError.system("unlink", "cannot remove '\(file)'")
      }
      edits.append(.remove(path: file))
    }
    for file in untracked where unlink(root + "/" + file) != 0 && errno != ENOENT {
      throw GitError.system("unlink", "cannot remove '\(file)'")
    }
    // Folders left empty go, up to the top (as libgit2's checkout does).
    for folder in folders.sorted(by: { $0.count > $1.count }) {
      var current = folder
      while !current.isEmpty && rmdir(root + "/" + current) == 0 {
        current = (current as NSString).deletingLastPathComponent
      }
    }
    return edits
  }

  /// Writes `bytes` to `path` through a temporary file beside it (renamed over it, so a
  /// reader sees the old file or the new one), making missing folders; returns the new
  /// file's stat data.
  ///
  /// - Throws: ``GitError`` naming `path` when a folder, the write, its close or the
  ///   rename fails; the temporary file is removed then.
  private static func write(_ bytes: [UInt8], to path: String, executable: Bool) throws -> stat {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw GitError.synthesized(.generic, .os, "cannot create the folder '\(folder)': \(error)", "mkdir")
    }
    // No fsync: this is a checkout (libgit2 does not sync either), on the write path of
    // every `notes write`; the index entry written after it records what is on disk.
    try FileDescriptor.replace(
      path, with: bytes, through: Repository.temporaryPath(near: path), mode: executable ? 0o777 : 0o666, synced: false)
    var info = stat()
    guard lstat(path, &info) == 0 else { throw GitError.system("lstat", "cannot stat '\(path)'") }
    return info
  }
}
