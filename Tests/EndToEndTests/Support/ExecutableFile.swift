import Foundation

/// Writes a script at `path` with mode `mode` through a close-on-exec descriptor.
///
/// Foundation's writes may open the file with a descriptor that a process another test
/// forks meanwhile inherits; while any process holds it open for writing, running the
/// script fails with "Text file busy".
func writeExecutable(_ path: String, _ text: String, mode: mode_t = 0o755) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
  guard written == bytes.count, chmod(path, mode) == 0 else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
  }
}
