#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A whole file mapped read-only into memory, unmapped when released: reading it copies
/// nothing, and pages are only brought in as they are touched.
final class MappedFile {
  /// The file's bytes, valid while this object lives.
  let bytes: UnsafeRawBufferPointer

  /// Maps the file at `path`; nil when it is missing, empty or cannot be mapped.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // The size from seeking to the end: `stat` is ambiguous between Glibc and Foundation.
    let end = lseek(descriptor, 0, SEEK_END)
    guard end > 0 else { return nil }
    let size = Int(end)
    guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
      return nil
    }
    bytes = UnsafeRawBufferPointer(start: address, count: size)
  }

  deinit {
    if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
  }
}
