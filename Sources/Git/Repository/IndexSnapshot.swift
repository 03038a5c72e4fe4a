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
/// A clean scan needs none of it. The checksum is not verified here; anything written
/// from the answer goes through libgit2's index, which verifies it.
///
/// Only versions 2 and 3 without unmerged entries are read; nil for anything else (a
/// version 4 index, a conflict, a damaged or truncated file), and the caller uses libgit2.
final class IndexSnapshot {
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
    guard let entries = Self.entries(UnsafeRawBufferPointer(start: base, count: size)) else {
      munmap(mapped, size)
      return nil
    }
    self.base = base
    self.count = size
    self.entries = entries
    self.modified = info.st_mtim
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), count)
  }

  /// The entries of `bytes`, or nil when it is not a version 2 or 3 index without
  /// unmerged entries, every entry inside the file and its path NUL-terminated.
  private static func entries(_ bytes: UnsafeRawBufferPointer) -> [Entry]? {
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
    return entries
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
