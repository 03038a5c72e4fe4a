import Foundation

#if canImport(Glibc)
  import Glibc
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
