import Foundation

/// The single owner of a POSIX file descriptor, closed once when the owner ends.
struct FileDescriptor: ~Copyable {
  let rawValue: Int32

  /// Opens `path`; the error names the path (or says `naming` instead) and the system's
  /// reason.
  init(path: String, flags: Int32, mode: mode_t = 0o644, function: StaticString, naming: String? = nil) throws(GitError) {
    let descriptor = open(path, flags | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw .system(function, naming ?? "cannot open '\(path)'") }
    rawValue = descriptor
  }

  /// Opens `path` for reading; nil when there is no such file (`ENOENT`, `ENOTDIR`).
  init?(readingIfPresent path: String, function: StaticString) throws(GitError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw .system(function, "cannot open '\(path)'")
    }
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

  /// Writes all of `buffer`, retrying short writes and EINTR; the error names `path`.
  func writeAll(_ buffer: UnsafeRawBufferPointer, path: String) throws(GitError) {
    try Self.writeAll(buffer, to: rawValue, name: "'\(path)'")
  }

  /// Writes all of `bytes`, retrying short writes and EINTR; the error names `path`.
  func writeAll(_ bytes: [UInt8], path: String) throws(GitError) {
    let descriptor = rawValue
    // Array's withUnsafeBytes rethrows untyped errors: carry the typed one out in a Result.
    let written = bytes.withUnsafeBytes { buffer in
      Result { () throws(GitError) in try Self.writeAll(buffer, to: descriptor, name: "'\(path)'") }
    }
    try written.get()
  }

  /// Writes all of `buffer` to `descriptor`, which someone else owns (standard output, for
  /// one), retrying short writes and EINTR; the error says it cannot write `name`.
  static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws(GitError) {
    var offset = 0
    while offset < buffer.count {
      let count = Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        throw .system("write", "cannot write \(name)")
      }
      offset += count
    }
  }

  /// Replaces the file at `path` with `bytes`, so that a reader sees the old file or the
  /// new one: the bytes go to the new file `temporary` beside it (made with `creation`,
  /// `O_EXCL` unless a leftover of that name may be overwritten, and `mode`), synced
  /// first when `synced`, and that file is renamed over `path`.
  ///
  /// - Throws: ``GitError`` naming the file and the system's reason; the temporary file
  ///   is removed then, and `path` is as it was.
  static func replace(
    _ path: String, with bytes: [UInt8], through temporary: String, creation: Int32 = O_EXCL, mode: mode_t,
    synced: Bool
  ) throws(GitError) {
    do throws(GitError) {
      // A failure names the file being replaced, never the temporary one beside it.
      let file = try FileDescriptor(
        path: temporary, flags: O_WRONLY | O_CREAT | creation, mode: mode, function: "open", naming: "cannot write '\(path)'")
      try file.writeAll(bytes, path: path)
      if synced { try file.sync(path: path) }
      try file.close(path: path)
      guard rename(temporary, path) == 0 else { throw GitError.system("rename", "cannot replace '\(path)'") }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Flushes the file's data to stable storage.
  func sync(path: String) throws(GitError) {
    guard fsync(rawValue) == 0 else { throw .system("fsync", "cannot sync '\(path)'") }
  }

  /// Closes the file now and says whether that worked: some file systems (NFS, a full
  /// disk with delayed allocation) report a failed write only here. Without this, the
  /// owner's end closes it and ignores the result.
  ///
  /// - Throws: ``GitError`` (category `.os`) naming `path` and the system's reason.
  consuming func close(path: String) throws(GitError) {
    let descriptor = rawValue
    discard self
    // Not retried on EINTR: Linux releases the descriptor whatever close returns.
    guard Foundation.close(descriptor) == 0 else { throw .system("close", "cannot finish writing '\(path)'") }
  }

  deinit { Foundation.close(rawValue) }
}

extension GitError {
  /// An operating-system failure, with `strerror(errno)` appended: call right after the failing call.
  static func system(_ function: StaticString, _ message: String) -> GitError {
    let reason = String(cString: strerror(errno))
    return .synthesized(.generic, .os, "\(message): \(reason)", function)
  }
}
