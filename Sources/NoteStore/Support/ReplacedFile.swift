import Foundation
import Git

/// Writing a file of derived data (a cache, a stamp, a backlog, the history index) so
/// that a reader sees the old file or the new one: through a temporary file beside it,
/// renamed over it, without waiting for the disk (``DerivedFile``). Every reader of such
/// a file checks what it reads and rebuilds what a crash lost or damaged.
enum ReplacedFile {
  /// Replaces the file at `path` with `bytes`, creating its folder when needed.
  ///
  /// - Throws: ``NoteStoreError/cannotWriteFile(path:underlying:)``; the temporary
  ///   file is gone then and the old file is as it was.
  static func write(_ bytes: [UInt8], to path: String) throws {
    do {
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try DerivedFile.replace(bytes, at: path)
    } catch {
      throw NoteStoreError.cannotWriteFile(path: path, underlying: error)
    }
  }
}
