import Foundation

/// The single owner of a POSIX file descriptor, closed once when the owner ends.
struct FileDescriptor: ~Copyable {
  let rawValue: Int32

  /// Opens `path`; the error names the path and the system's reason.
  init(path: String, flags: Int32, mode: mode_t = 0o644, function: StaticString) throws(GitError) {
    let descriptor = open(path, flags | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .system(function, "cannot open '\(path)'") }
    rawValue = descriptor
  }

  /// The file size from `fstat`.
  func size(path: String) throws(GitError) -> Int64 {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { throw .system("fstat", "cannot stat '\(path)'") }
    return Int64(info.st_size)
  }

  /// Reads up to `buffer.count` bytes, retrying on EINTR; 0 means end of file.
  func read(into buffer: UnsafeMutableRawBufferPointer, path: String) throws(GitError) -> Int {
    while true {
      let count = Foundation.read(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw .system("read", "cannot read '\(path)'") }
    }
  }

  /// Writes all of `buffer`, retrying short writes and EINTR.
  func writeAll(_ buffer: UnsafeRawBufferPointer, path: String) throws(GitError) {
    var offset = 0
    while offset < buffer.count {
      let count = Foundation.write(rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        throw .system("write", "cannot write '\(path)'")
      }
      offset += count
    }
  }

  /// Flushes the file's data to stable storage.
  func sync(path: String) throws(GitError) {
    guard fsync(rawValue) == 0 else { throw .system("fsync", "cannot sync '\(path)'") }
  }

  deinit { close(rawValue) }
}

extension GitError {
  /// An operating-system failure, with `strerror(errno)` appended: call right after the failing call.
  static func system(_ function: StaticString, _ message: String) -> GitError {
    let reason = String(cString: strerror(errno))
    return .synthesized(.generic, .os, "\(message): \(reason)", function)
  }
}
