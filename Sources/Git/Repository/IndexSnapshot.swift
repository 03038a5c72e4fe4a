import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The entries of a working directory's index file (`.git/index`), read straight from a
/// read-only mapping of it, for ``TrackedScan``: the path bytes and the stat data git
/// records, and nothing built per entry.
///
/// libgit2's own read of a 30,000-entry index (4 MB at 10,000 notes) allocates each entry,
/// hashes each path into a map and checks the file's SHA-1: about a fifth of a `notes list`.
/// A clean scan needs none of it. The checksum is not verified on reading; a new index
/// made from a snapshot (``IndexFileWriter``) and a note's write check it first
/// (``checksumIsValid()``).
///
/// Only versions 2 and 3 without unmerged entries are read; nil for anything else (a
/// version 4 index, a conflict, a damaged or truncated file), and the caller uses libgit2.
final class IndexSnapshot: @unchecked Sendable {  // immutable: lets over a read-only mapping
  /// One entry: where its fields and its NUL-terminated path are in the mapping.
  struct Entry {
    var offset: Int32
    var pathLength: Int32
  }

  private let base: UnsafeRawPointer
  private let count: Int
  /// The entries in the file's (path) order.
  let entries: [Entry]
  /// The index file's modification time.
  let modified: timespec
  /// What identifies this version of the file: inode, size, time.
  let stamp: Stamp
  /// The format version (2 or 3).
  let version: UInt32
  /// Where the entries end: the extensions, then the checksum, follow.
  let entriesEnd: Int

  /// Maps and reads the index at `path`; nil when it is missing or not a plain version 2
  /// or 3 index.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_size >= 12 + 20 else { return nil }
    let size = Int(info.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
    let base = UnsafeRawPointer(mapped)
    guard let (entries, end) = Self.entries(UnsafeRawBufferPointer(start: base, count: size)) else {
      munmap(mapped, size)
      return nil
    }
    self.base = base
    self.count = size
    self.entries = entries
    self.entriesEnd = end
    self.version = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    self.modified = info.st_mtim
    self.stamp = Stamp(info)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), count)
  }

  /// The entries of `bytes`, or nil when it is not a version 2 or 3 index without
  /// unmerged entries, every entry inside the file and its path NUL-terminated.
  private static func entries(_ bytes: UnsafeRawBufferPointer) -> ([Entry], end: Int)? {
    func word(_ at: Int) -> UInt32 { UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
    guard word(0) == 0x4449_5243 else { return nil }  // "DIRC"
    let version = word(4)
    guard version == 2 || version == 3 else { return nil }
    let total = Int(word(8))
    let end = bytes.count - 20  // the trailing checksum
    var entries: [Entry] = []
    entries.reserveCapacity(total)
    var offset = 12
    for _ in 0..<total {
      guard offset + fixedSize + 1 <= end else { return nil }
      let flags = UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 60, as: UInt16.self))
      guard flags & 0x3000 == 0 else { return nil }  // an unmerged entry (stage 1–3)
      let extended = flags & 0x4000 != 0
      guard !extended || version == 3 else { return nil }
      let pathStart = offset + fixedSize + (extended ? 2 : 0)
      var length = Int(flags & 0x0FFF)
      if length == 0x0FFF {
        length = 0
        while pathStart + length < end && bytes[pathStart + length] != 0 { length += 1 }
      }
      // The path, then 1 to 8 NUL bytes so the entry's size is a multiple of eight.
      let size = (pathStart - offset + length + 8) & ~7
      guard pathStart + length < end, bytes[pathStart + length] == 0, offset + size <= end,
        let entryOffset = Int32(exactly: offset), let pathLength = Int32(exactly: length)
      else { return nil }
      entries.append(Entry(offset: entryOffset, pathLength: pathLength))
      offset += size
    }
    return (entries, offset)
  }

  /// One version of an index file, as `stat` tells it apart from another: a writer
  /// replaces the file (a new inode), never changes it in place.
  struct Stamp: Equatable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init(inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
      self.inode = inode
      self.size = size
      self.seconds = seconds
      self.nanoseconds = nanoseconds
    }

    init(_ info: stat) {
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      seconds = info.st_mtim.tv_sec
      nanoseconds = info.st_mtim.tv_nsec
    }
  }

  /// Whether the file ends with the SHA-1 of the rest, as git and libgit2 require (false
  /// also when libcrypto cannot hash: the caller then leaves the file to libgit2).
  func checksumIsValid() -> Bool {
    let end = bytes.count - 20
    guard let digest = SHA1.digest(UnsafeRawBufferPointer(rebasing: bytes[0..<end])) else { return false }
    return digest.elementsEqual(bytes[end...])
  }

  /// The whole file.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// The entry's bytes in the file: its fields, path and padding.
  func entryBytes(_ position: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[entryRange(position)])
  }

  /// Where the entry's bytes (its fields, path and padding) are in the file.
  func entryRange(_ position: Int) -> Range<Int> {
    let start = Int(entries[position].offset)
    let end = position + 1 < entries.count ? Int(entries[position + 1].offset) : entriesEnd
    return start..<end
  }

  /// The recorded object id.
  func id(_ entry: Entry) -> ObjectID {
    ObjectID(bytes: UnsafeRawBufferPointer(start: base + Int(entry.offset) + 40, count: ObjectID.byteCount)) ?? .zero
  }

  /// The first position whose path is not below `prefix` bytes-wise (sorted order): the
  /// entries whose paths start with `prefix` are `lowerBound(prefix)..<` while they do.
  func lowerBound(_ prefix: [UInt8]) -> Int {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if path(entries[middle]).lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Calls `body` with each entry at `path` or below it (`path/…`) and its path bytes,
  /// in index order, until `body` returns false.
  ///
  /// - Returns: false when `body` stopped the walk, true when it saw every such entry.
  func forEachEntry(
    atOrBelow path: String, _ body: (Entry, UnsafeBufferPointer<UInt8>) throws -> Bool
  ) rethrows -> Bool {
    let exact = Array(path.utf8), below = exact + [UInt8(ascii: "/")]
    var position = lowerBound(exact)
    while position < entries.count {
      let entry = entries[position]
      let bytes = self.path(entry)
      position += 1
      guard bytes.elementsEqual(exact) || bytes.starts(with: below) else {
        // Names such as `path-x` or `path.y` sort between `path` and `path/…`.
        if bytes.lexicographicallyPrecedes(below) { continue }
        break
      }
      guard try body(entry, bytes) else { return false }
    }
    return true
  }

  /// ctime, mtime, dev, ino, mode, uid, gid, size (4 bytes each), the object id, the flags.
  private static let fixedSize = 62

  private func word(_ entry: Entry, _ field: Int) -> UInt32 {
    UInt32(bigEndian: base.loadUnaligned(fromByteOffset: Int(entry.offset) + field, as: UInt32.self))
  }

  /// The entry's path, without its NUL.
  func path(_ entry: Entry) -> UnsafeBufferPointer<UInt8> {
    let start = base.advanced(by: Int(entry.offset) + Self.fixedSize + (extended(entry) ? 2 : 0))
    return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: Int(entry.pathLength))
  }

  /// The entry's path as a NUL-terminated C string (it is one in the file).
  func cPath(_ entry: Entry) -> UnsafePointer<CChar> {
    let start = base.advanced(by: Int(entry.offset) + Self.fixedSize + (extended(entry) ? 2 : 0))
    return start.assumingMemoryBound(to: CChar.self)
  }

  private func extended(_ entry: Entry) -> Bool {
    UInt16(bigEndian: base.loadUnaligned(fromByteOffset: Int(entry.offset) + 60, as: UInt16.self)) & 0x4000 != 0
  }

  /// The recorded modification time: seconds, nanoseconds.
  func mtime(_ entry: Entry) -> (seconds: UInt32, nanoseconds: UInt32) { (word(entry, 8), word(entry, 12)) }
  /// The recorded inode number (its low 32 bits).
  func inode(_ entry: Entry) -> UInt32 { word(entry, 20) }
  /// The recorded mode (`0o100644`, `0o100755`, `0o120000`, `0o160000`).
  func mode(_ entry: Entry) -> UInt32 { word(entry, 24) }
  /// The recorded size (its low 32 bits).
  func size(_ entry: Entry) -> UInt32 { word(entry, 36) }
}
