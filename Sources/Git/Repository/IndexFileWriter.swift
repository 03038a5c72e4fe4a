import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A change to one entry of the index file, for ``IndexFileWriter``.
enum IndexEdit {
  /// Sets the entry at `path` (adding it when missing) to a blob with the stat data of its
  /// working file.
  case set(path: String, id: ObjectID, mode: FileMode, stat: stat)
  /// Gives the existing entry at `path` fresh stat data; its blob and mode stay.
  case refresh(path: String, stat: stat)
  /// Removes the entry at `path`, or every entry below it when it names a directory.
  case remove(path: String)

  var path: String {
    switch self {
    case .set(let path, _, _, _), .refresh(let path, _), .remove(let path): path
    }
  }
}

/// Writes a new index file from an ``IndexSnapshot`` of the old one and a few
/// ``IndexEdit``s, without libgit2 reading the 30,000 entries of a 10,000-note store into
/// memory and writing them back.
///
/// - Entries that do not change are copied byte for byte, except that one whose file
///   changed in the same tick the old index was written (racily clean: its stat data
///   matches, its content does not) gets size 0, as git does when it writes an index, so
///   every reader compares its content.
/// - Optional extensions (the cached trees, resolve-undo, untracked cache, fsmonitor, the
///   offset tables) are dropped; git and libgit2 rebuild what they need. An index with a
///   required extension (a split index) is not rewritten.
/// - The old file's checksum is verified, and the new one ends with its own SHA-1.
/// - The file is written as `index.lock` (created exclusively, as git and libgit2 do)
///   and renamed over `index`: a reader, or a process killed half-way, sees the old or
///   the new index, never a mix.
enum IndexFileWriter {
  /// The new file's bytes, or nil when the old one cannot be rewritten this way (a
  /// required extension, a bad checksum, an edit that would put a file where a directory
  /// is or the other way round, a refresh of a missing entry).
  ///
  /// - Parameters:
  ///   - verified: Whether `old`'s checksum was verified already.
  ///   - isModified: Whether the working file of a racily clean entry differs from its
  ///     blob although its stat data matches (git hashes it to tell): only then it is smudged.
  static func rewritten(
    _ old: IndexSnapshot, applying edits: [IndexEdit], verified: Bool = false,
    isModified: (IndexSnapshot.Entry) -> Bool = { _ in true }
  ) -> [UInt8]? {
    image(of: old, applying: edits, verified: verified, isModified: isModified)?.bytes(of: old.bytes)
  }

  /// ``rewritten(_:applying:verified:isModified:)`` as pieces of the old file and new
  /// bytes, to be written from the mapping (``replace(_:with:of:lock:)``) without
  /// joining them in memory.
  static func image(
    of old: IndexSnapshot, applying edits: [IndexEdit], verified: Bool = false,
    isModified: (IndexSnapshot.Entry) -> Bool = { _ in true }
  ) -> IndexFileImage? {
    let oldBytes = old.bytes
    guard extensionsAreOptional(old) else { return nil }
    // The entries the removals drop: each is one contiguous run in path order (the path
    // itself, and then everything below "path/").
    var removedPositions = Set<Int>()
    var changes: [(path: [UInt8], edit: IndexEdit)] = []
    for edit in edits {
      let path = Array(edit.path.utf8)
      guard !path.isEmpty, !path.contains(0), path.last != UInt8(ascii: "/") else { return nil }
      guard case .remove = edit else {
        changes.append((path, edit))
        continue
      }
      let exact = old.lowerBound(path)
      if exact < old.entries.count, old.path(old.entries[exact]).elementsEqual(path) { removedPositions.insert(exact) }
      let below = path + [UInt8(ascii: "/")]
      var position = old.lowerBound(below)
      while position < old.entries.count, old.path(old.entries[position]).starts(with: below) {
        removedPositions.insert(position)
        position += 1
      }
    }
    changes.sort { $0.path.lexicographicallyPrecedes($1.path) }
    for (left, right) in zip(changes, changes.dropFirst()) where left.path == right.path { return nil }
    // A directory entry turned into a file or the other way round: libgit2's business.
    for change in changes where conflictsWithDirectory(change.path, in: old, removed: removedPositions) { return nil }
    var output = IndexFileImage()
    // The header; its entry count is set at the end.
    output.appendNew(Array(UnsafeRawBufferPointer(rebasing: oldBytes[0..<12])))
    // Where the output first differs from the old file, apart from the entry count.
    var firstChange: Int?
    var count: UInt32 = 0
    var next = 0  // the next change to place
    let indexTime = old.modified
    func placeChange(_ change: (path: [UInt8], edit: IndexEdit), replacing position: Int?) -> Bool {
      firstChange = firstChange ?? output.count
      var entry: [UInt8] = []
      switch change.edit {
      case .set(_, let id, let mode, let info):
        append(change.path, id: id, mode: mode.rawValue, stat: info, to: &entry)
      case .refresh(_, let info):
        guard let position else { return false }  // nothing to refresh
        let oldEntry = old.entries[position]
        append(change.path, id: old.id(oldEntry), mode: old.mode(oldEntry), stat: info, to: &entry)
      case .remove: return false
      }
      output.appendNew(entry)
      count += 1
      return true
    }
    for position in old.entries.indices {
      let entry = old.entries[position]
      let path = old.path(entry)
      while next < changes.count, changes[next].path.lexicographicallyPrecedes(path) {
        guard placeChange(changes[next], replacing: nil) else { return nil }
        next += 1
      }
      if next < changes.count, changes[next].path.elementsEqual(path) {
        guard placeChange(changes[next], replacing: position) else { return nil }
        next += 1
        continue
      }
      if removedPositions.contains(position) {
        firstChange = firstChange ?? output.count
        continue
      }
      let start = output.count
      let range = old.entryRange(position)
      count += 1
      let mtime = old.mtime(entry)
      let racy =
        Int(mtime.seconds) > indexTime.tv_sec
        || (Int(mtime.seconds) == indexTime.tv_sec && Int(mtime.nanoseconds) >= indexTime.tv_nsec)
      if racy && old.size(entry) != 0 && isModified(entry) {
        // Smudged: the size field (bytes 36..<40 of the entry) becomes 0.
        firstChange = firstChange ?? start
        output.appendOld(range.lowerBound..<(range.lowerBound + 36))
        output.appendNew([0, 0, 0, 0])
        output.appendOld((range.lowerBound + 40)..<range.upperBound)
      } else {
        output.appendOld(range)
      }
    }
    while next < changes.count {
      guard placeChange(changes[next], replacing: nil) else { return nil }
      next += 1
    }
    var header = Array(UnsafeRawBufferPointer(rebasing: oldBytes[0..<12]))
    let countBytes = withUnsafeBytes(of: count.bigEndian) { Array($0) }
    header.replaceSubrange(8..<12, with: countBytes)
    output.replaceNew(at: 0, with: header)
    // The old file's checksum and the new one's share the hash of their common start.
    let common = countBytes.elementsEqual(oldBytes[8..<12]) ? (firstChange ?? output.count) : 8
    guard var hash = SHA1() else { return nil }
    hash.update(UnsafeRawBufferPointer(rebasing: oldBytes[0..<common]))
    if !verified {
      var oldHash = hash
      oldHash.update(UnsafeRawBufferPointer(rebasing: oldBytes[common..<(oldBytes.count - 20)]))
      guard let oldDigest = oldHash.finish(), oldDigest.elementsEqual(oldBytes[(oldBytes.count - 20)...]) else {
        return nil
      }
    }
    output.forEachRun(of: oldBytes, from: common) { hash.update($0) }
    guard let digest = hash.finish() else { return nil }
    output.appendNew(digest)
    return output
  }

  /// Whether every extension after the entries is an optional one (its signature starts
  /// with a capital letter), and they exactly fill the space before the checksum.
  static func extensionsAreOptional(_ old: IndexSnapshot) -> Bool {
    let bytes = old.bytes
    var offset = old.entriesEnd
    let end = bytes.count - 20
    while offset < end {
      guard offset + 8 <= end else { return false }
      let first = bytes[offset]
      guard first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") else { return false }
      let size = Int(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
      offset += 8 + size
    }
    return offset == end
  }

  /// Whether a file at `path` would clash with the index: an entry at one of its parent
  /// directories, or entries below `path` as a directory (not being removed).
  static func conflictsWithDirectory(_ path: [UInt8], in old: IndexSnapshot, removed: Set<Int>) -> Bool {
    let below = path + [UInt8(ascii: "/")]
    var position = old.lowerBound(below)
    while position < old.entries.count, old.path(old.entries[position]).starts(with: below) {
      if !removed.contains(position) { return true }
      position += 1
    }
    for end in path.indices where path[end] == UInt8(ascii: "/") {
      let parent = Array(path[..<end])
      let position = old.lowerBound(parent)
      if position < old.entries.count, old.path(old.entries[position]).elementsEqual(parent), !removed.contains(position) {
        return true
      }
    }
    return false
  }

  /// One version 2 entry: stat data, mode, id, flags (the path's length, stage 0), the
  /// path and 1 to 8 NUL bytes.
  static func append(_ path: [UInt8], id: ObjectID, mode: UInt32, stat info: stat, to output: inout [UInt8]) {
    func word<T: BinaryInteger>(_ value: T) {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { output.append(contentsOf: $0) }
    }
    let start = output.count
    word(info.st_ctim.tv_sec)
    word(info.st_ctim.tv_nsec)
    word(info.st_mtim.tv_sec)
    word(info.st_mtim.tv_nsec)
    word(info.st_dev)
    word(info.st_ino)
    word(mode)
    word(info.st_uid)
    word(info.st_gid)
    word(info.st_size)
    output += id.bytes
    let flags = UInt16(min(path.count, 0x0FFF))
    withUnsafeBytes(of: flags.bigEndian) { output.append(contentsOf: $0) }
    output += path
    let size = (62 + path.count + 8) & ~7
    output += [UInt8](repeating: 0, count: start + size - output.count)
  }

  /// Writes `bytes` as the index at `path`: into `path.lock`, created exclusively, then
  /// renamed over it.
  ///
  /// - Throws: ``GitError`` with code `.locked` when `path.lock` exists (another writer).
  static func replace(_ path: String, with bytes: [UInt8], lock: IndexFileLock) throws {
    try lock.write(bytes)
    try moveIntoPlace(lock, over: path)
  }

  /// Writes `image`, whose old pieces are bytes of `old`, as the index at `path`, as
  /// ``replace(_:with:lock:)`` does.
  static func replace(_ path: String, with image: IndexFileImage, of old: IndexSnapshot, lock: IndexFileLock) throws {
    try lock.write(image, of: old)
    try moveIntoPlace(lock, over: path)
  }

  private static func moveIntoPlace(_ lock: IndexFileLock, over path: String) throws {
    guard rename(lock.path, path) == 0 else {
      throw GitError.system("rename", "cannot replace the index '\(path)'")
    }
    lock.renamed = true
  }
}

/// `index.lock`, held while a new index is made: created exclusively (another writer,
/// git's or libgit2's, has it otherwise) and removed when it was not renamed into place.
final class IndexFileLock {
  let path: String
  private let descriptor: Int32
  fileprivate(set) var renamed = false

  /// Takes the lock of the index at `indexPath`.
  ///
  /// - Throws: ``GitError`` with code `.locked` when the lock file exists.
  init(indexPath: String) throws {
    path = indexPath + ".lock"
    descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw GitError.synthesized(
          .locked, .index, "the index is locked: '\(path)' exists (another git process is writing it)", "open")
      }
      throw GitError.system("open", "cannot create '\(path)'")
    }
  }

  fileprivate func write(_ image: IndexFileImage, of old: IndexSnapshot) throws {
    try withExtendedLifetime(old) { try image.write(of: old.bytes, to: descriptor, name: "'\(path)'") }
  }

  fileprivate func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { raw in
      try FileDescriptor.writeAll(raw, to: descriptor, name: "'\(path)'")
    }
  }

  deinit {
    close(descriptor)
    if !renamed { unlink(path) }
  }
}
