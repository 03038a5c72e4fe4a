import Foundation

#if canImport(Glibc)
  import Glibc
#endif
// `stat`'s fields come from whichever C module read <sys/stat.h> first: CoreFoundation's.
#if canImport(CoreFoundation)
  import CoreFoundation
#endif

/// A whole file mapped read-only into memory: the one owner of the mapping, which
/// goes when the last reference does.
///
/// The history index and the search's plain-text cache are read through it, so that a
/// query touches only the pages of the records it reads instead of reading and
/// decoding the whole file.
final class MappedFile {
  /// The first byte (nil for an empty file).
  let base: UnsafeRawPointer?
  /// The file's size in bytes.
  let count: Int
  /// The version of the file that was mapped, from the descriptor itself.
  let identity: FileIdentity

  /// Maps the file at `path`; nil when there is no such file.
  ///
  /// - Throws: ``MappedFileError`` when it exists but cannot be read or mapped.
  init?(path: String) throws(MappedFileError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw MappedFileError(path: path, errno: errno)
    }
    defer { close(descriptor) }
    var info = Glibc.stat()
    guard fstat(descriptor, &info) == 0 else { throw MappedFileError(path: path, errno: errno) }
    identity = FileIdentity(info)
    // The size through lseek: `stat` is ambiguous between Glibc and Foundation here.
    let size = lseek(descriptor, 0, SEEK_END)
    guard size >= 0 else { throw MappedFileError(path: path, errno: errno) }
    count = Int(size)
    guard count > 0 else {
      base = nil
      return
    }
    let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let mapped, mapped != MAP_FAILED else { throw MappedFileError(path: path, errno: errno) }
    base = UnsafeRawPointer(mapped)
  }

  deinit {
    if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
  }

  /// The mapped bytes, valid while this object lives.
  var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// A file that exists but could not be opened, sized or mapped.
struct MappedFileError: Error {
  var path: String
  var errno: Int32
}

/// What tells one version of a file from another without reading it, as git's index
/// tells a clean file: device, inode, size, and the change and modification times in
/// nanoseconds. A file replaced by a rename has another inode; one written in place
/// has a later change time (which no user can set back).
struct FileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var changed: Int64
  var modified: Int64

  init(device: UInt64, inode: UInt64, size: Int64, changed: Int64, modified: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.changed = changed
    self.modified = modified
  }

  init(_ info: Glibc.stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
  }

  /// The identity of the file at `path` (not following a final link); nil when there
  /// is none.
  init?(path: String) {
    var info = Glibc.stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(info)
  }
}
