import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writing a file of derived data (a cache, a stamp, a backlog) so that a reader sees
/// the old file or the new one, never half of one: through a temporary file beside it,
/// renamed over it.
enum ReplacedFile {
  /// Replaces the file at `path` with `bytes`, creating its folder when needed.
  ///
  /// - Throws: ``NoteStoreError/cannotWriteFile(path:underlying:)``; the temporary
  ///   file is gone then and the old file is as it was.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = path + ".tmp-\(getpid())"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    } catch {
      unlink(temporary)
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw NoteStoreError.cannotWriteFile(path: path, underlying: POSIXErrorDescription(code: code))
    }
  }
}
