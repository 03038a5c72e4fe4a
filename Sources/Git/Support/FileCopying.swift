import Foundation

/// Whole-file copies made inside the kernel where it can (`sendfile` in big steps), for
/// big files such as attachments: Foundation's `copyItem` on Linux moves 4 KiB per
/// `sendfile` call (25,600 system calls for 100 MiB).
public enum FileCopying {
  /// How much one `sendfile` call may move.
  static let step = 64 << 20

  /// Copies the regular file at `source` to a new file at `destination` (created with mode
  /// 0644 less the umask; it must not exist), in the kernel where the file systems allow it,
  /// else through a 1 MiB buffer.
  ///
  /// - Throws: ``GitError`` (category `.os`) naming the file that could not be opened,
  ///   read, written or closed; a partly written `destination` is removed then.
  public static func copy(from source: String, to destination: String) throws(GitError) {
    let input = try FileDescriptor(path: source, flags: O_RDONLY, function: "open")
    let output = try FileDescriptor(path: destination, flags: O_WRONLY | O_CREAT | O_EXCL, function: "open")
    do {
      if try !copyInKernel(from: input, to: output, source: source, destination: destination) {
        try copyThroughBuffer(from: input, to: output, source: source, destination: destination)
      }
      try output.close(path: destination)
    } catch {
      unlink(destination)
      throw error
    }
  }

  /// `sendfile` (file to file since Linux 2.6.33; `copy_file_range` is not in Swift's
  /// Glibc module) until the end of `input`; false, having copied nothing, where the
  /// kernel or the file systems cannot (the caller copies through a buffer).
  private static func copyInKernel(
    from input: borrowing FileDescriptor, to output: borrowing FileDescriptor, source: String, destination: String
  ) throws(GitError) -> Bool {
    var copied = 0
    while true {
      let count = sendfile(output.rawValue, input.rawValue, nil, step)
      if count > 0 {
        copied += count
        continue
      }
      if count == 0 { return true }
      if errno == EINTR { continue }
      let unsupported = [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP].contains(errno)
      if unsupported && copied == 0 { return false }
      throw .system("sendfile", "cannot copy '\(source)' to '\(destination)'")
    }
  }

  private static func copyThroughBuffer(
    from input: borrowing FileDescriptor, to output: borrowing FileDescriptor, source: String, destination: String
  ) throws(GitError) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try input.read(into: buffer, path: source)
      if count == 0 { return }
      try output.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]), path: destination)
    }
  }
}
